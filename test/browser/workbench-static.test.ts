import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { createViaApi, drawnNodeIds, eventually, graphNodes, sourceUnits, taskSucceeded } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const fixture = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../demo/examples/knowledge-graphs.graph.json'), 'utf8'),
);
const browser = useBrowser();
const requests: string[] = [];

beforeAll(async () => {
  browser.page.on('request', (r) => requests.push(new URL(r.url()).pathname));
});

describe('<kg-workbench src> in a plain HTML page', () => {
  it('shows an exported graph with no backend call at all', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/examples/static.html`);
    await graphNodes(page).first().waitFor();
    expect((await drawnNodeIds(page)).sort()).toEqual(fixture.nodes.map((n: { id: string }) => n.id).sort());
    expect(await page.locator('[data-summary]').textContent()).toBe(
      `${fixture.nodes.length} nodes · ${fixture.edges.length} relations · anchored ${fixture.audit.grounding.grounded}/${fixture.nodes.length}`,
    );
    expect(await sourceUnits(page).count()).toBe(fixture.units.length);
    // The header names the extractor of the file; the layout menu shows the layout drawn (layered needs the server,
    // so a file is drawn with the force layout and the menu says so).
    expect(await page.locator('kg-workbench [data-provenance]').textContent()).toMatch(/^Made by /);
    expect(await page.locator('kg-graph-view select.layout').inputValue()).toBe('force');
    // Navigation works from the file alone.
    const node = fixture.nodes.find((n: { paragraph: number | null }) => n.paragraph !== null);
    // A unit centres its node (the graph may be wider than this narrow page), then the node leads back to the unit.
    await page.locator(`kg-source-pane [data-unit="${node.paragraph}"] .text`).click();
    await eventually(() =>
      page.locator(`kg-graph-view [data-node-id="${node.id}"]`).getAttribute('aria-selected'),
    ).toBe('true');
    await page.locator('kg-source-pane [data-unit="1"] .text').click();
    await page.locator(`kg-graph-view [data-node-id="${node.id}"]`).click();
    await eventually(() =>
      page.locator(`kg-source-pane [data-unit="${node.paragraph}"]`).getAttribute('aria-current'),
    ).toBe('true');
    expect(await page.locator('kg-detail-card [data-node-text]').textContent()).toBe(node.text);
    // The query box works in memory too.
    await page.getByLabel('Search nodes by id, text, type or section').fill('definition');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await eventually(() => page.locator('kg-view-controls [data-matches]').textContent()).toMatch(/: [1-9]/);
    // Nothing to write to: no input, no history.
    expect(await page.getByLabel('Text to extract').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'History' }).count()).toBe(0);
    // Exports are built from the loaded file.
    await page.getByText('Export', { exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Nodes \(CSV\)/ }).click(),
    ]);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(fixture.nodes.length + 1);
    // The graph files for other tools too: their writers arrive as a chunk of their own when first asked for.
    expect(requests.some((p) => /\/chunks\/files-/.test(p))).toBe(false);
    await page.getByText('Export', { exact: true }).click();
    const [graphml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /GraphML/ }).click(),
    ]);
    expect(graphml.suggestedFilename()).toMatch(/\.r1\.graphml$/);
    const xml = readFileSync((await graphml.path())!, 'utf8');
    expect(xml.match(/<node id=/g)).toHaveLength(fixture.nodes.length);
    expect(xml.match(/<data key="kind">relation</g)).toHaveLength(fixture.edges.length);
    expect(requests.some((p) => /\/chunks\/files-/.test(p))).toBe(true);

    expect(requests.filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect(requests).toContain('/examples/knowledge-graphs.graph.json');
    expect(browser.errors).toEqual([]);
  });

  it("reports a file that is not an exported graph in the reader's language", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/examples/static.html`);
    await page.evaluate(() => {
      document.querySelector('kg-workbench')!.remove();
      const wb = document.createElement('kg-workbench');
      wb.setAttribute('lang', 'zh');
      wb.setAttribute('src', '/kg-workbench.js.map');
      document.body.append(wb);
    });
    const alert = page.locator('kg-workbench [role=alert]');
    await alert.waitFor();
    expect(await alert.getAttribute('data-error-code')).toBe('load_failed');
    expect(await alert.textContent()).toContain('无法加载知识图文件。');
  });
  it('lists nodes that cite no unit in the diagnostics, never at a guessed place in the source', async () => {
    const { page } = browser;
    const orphan = fixture.nodes.find((n: { paragraph: number | null }) => n.paragraph !== null);
    const altered = {
      ...fixture,
      nodes: fixture.nodes.map((n: { id: string }) =>
        n.id === orphan.id ? { ...n, paragraph: null, evidence: [], groundingStatus: 'unsupported' } : n,
      ),
    };
    await page.route('**/examples/knowledge-graphs.graph.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(altered) }),
    );
    await page.goto(`${baseUrl}/examples/static.html`);
    await graphNodes(page).first().waitFor();
    const diagnostics = page.locator('kg-diagnostics-list');
    await diagnostics.getByText('Unanchored nodes (1)').click();
    expect(
      await diagnostics
        .locator('[data-diagnostic-node]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-diagnostic-node'))),
    ).toEqual([orphan.id]);
    // Its former unit no longer shows its type as an anchored badge when it was the only one of that type there.
    const others = fixture.nodes.filter(
      (n: { id: string; paragraph: number | null; type: string }) =>
        n.paragraph === orphan.paragraph && n.id !== orphan.id && n.type === orphan.type,
    );
    const badges = await page
      .locator(`kg-source-pane [data-unit="${orphan.paragraph}"] .badge`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(badges.includes(orphan.type)).toBe(others.length > 0);
    // Opening it shows its card with no unit to locate.
    await diagnostics.locator(`[data-diagnostic-node="${orphan.id}"] button`).click();
    const card = page.locator('kg-detail-card [role=dialog]');
    await card.waitFor();
    expect(await card.textContent()).toContain('not anchored');
    expect(await page.getByRole('button', { name: 'Locate in source' }).isDisabled()).toBe(true);
    expect(await page.locator('kg-source-pane [aria-current="true"]').count()).toBe(0);
    await page.unroute('**/examples/knowledge-graphs.graph.json');
  });
  it('embeds a stored document with api and document-id attributes', async () => {
    const { page } = browser;
    const created = await createViaApi(baseUrl, {
      title: 'Embedded by id',
      text: 'An embedded graph is defined as a stored document shown by its id. For example, a docs page can show it.',
    });
    await taskSucceeded(baseUrl, created.taskId);
    await page.goto(`${baseUrl}/examples/static.html`);
    await page.evaluate(
      ({ api, id }) => {
        document.querySelector('kg-workbench')!.remove();
        const wb = document.createElement('kg-workbench');
        wb.setAttribute('api', api);
        wb.setAttribute('document-id', id);
        document.body.append(wb);
      },
      { api: baseUrl, id: created.documentId },
    );
    await graphNodes(page).first().waitFor();
    expect(await page.locator('kg-workbench h1').textContent()).toBe('Embedded by id');
    expect(await page.locator('[data-summary]').textContent()).toMatch(
      /^\d+ nodes · \d+ relations · anchored \d+\/\d+$/,
    );
    // A stored document opens with its result, the input folded away.
    expect(await page.getByLabel('Text to extract').count()).toBe(0);
  });
});
