// The real <kg-insights-panel> inside <kg-workbench> against the real API: extract a text on the demo page, pick an
// insight in the panel, and its evidence is highlighted in the graph (nodes aria-selected, edges .highlight) and
// its units in the source (aria-current).
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { extract, loadedGraph, openDemo } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

// Built to leave open divergences and unsupported claims across sections.
const TEXT = [
  '# Coasts',
  'Sea walls protect coastal homes. However, sea walls fail in strong storms.',
  'A glacier is not a sea. Melting glaciers raise sea levels along coastal cities.',
  '# Trade',
  'Free trade lifts all boats. Governments must lower tariffs. Protectionism always fails in the long run.',
  '# Outlook',
  'Coastal cities must plan for rising sea levels. Economists claim that trade will grow.',
].join('\n\n');

describe('insights in the workbench', () => {
  it('selecting an insight highlights its evidence nodes and relations in the graph and its units in the source', async () => {
    const { page } = browser;
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await openDemo(page, baseUrl);
    await extract(page, TEXT, { title: 'Insights end to end' });
    const options = page.locator('kg-insights-panel [role="option"]');
    await expect.poll(() => options.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const topics = await page.locator('kg-insights-panel [part="topic"]').count();
    expect(topics).toBeGreaterThan(0);

    await page.evaluate(() => {
      const w = window as unknown as { __selected: unknown[] };
      w.__selected = [];
      document.addEventListener('kg-insight-select', (e) => w.__selected.push((e as CustomEvent).detail));
    });
    const divergence = page.locator('kg-insights-panel [role="option"][data-insight-id^="divergence-watch:"]').first();
    await divergence.click();
    expect(await divergence.getAttribute('aria-selected')).toBe('true');
    const [detail] = (await page.evaluate(() => (window as unknown as { __selected: unknown[] }).__selected)) as Array<{
      insightId: string;
      nodeIds: string[];
      edgeIds: string[];
    }>;
    expect(detail.insightId).toMatch(/^divergence-watch:/);
    expect(detail.nodeIds.length).toBeGreaterThanOrEqual(2);
    expect(detail.edgeIds.length).toBeGreaterThanOrEqual(1);

    const { nodes } = await loadedGraph(page);
    const drawn = new Set(nodes.map((n) => n.id));
    const expectedNodes = detail.nodeIds.filter((id) => drawn.has(id)).sort();
    expect(expectedNodes.length).toBeGreaterThanOrEqual(2);
    const selectedNodes = page.locator('kg-graph-view [data-node-id][aria-selected="true"]');
    await expect
      .poll(() => selectedNodes.evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')).sort()))
      .toEqual(expectedNodes);
    const litEdges = page.locator('kg-graph-view [data-edge-id].highlight');
    await expect
      .poll(() => litEdges.evaluateAll((els) => els.map((e) => e.getAttribute('data-edge-id')).sort()))
      .toEqual([...detail.edgeIds].sort());

    const units = [
      ...new Set(
        nodes.filter((n) => detail.nodeIds.includes(n.id) && n.paragraph !== null).map((n) => n.paragraph as number),
      ),
    ];
    const current = page.locator('kg-source-pane [data-unit][aria-current="true"]');
    await expect
      .poll(() => current.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-unit')))))
      .toEqual(expect.arrayContaining(units));
    // Nothing failed on the way: no request of the page answered 4xx/5xx, no console error, no uncaught error.
    expect(failed).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
