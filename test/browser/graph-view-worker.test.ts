// The force layout of an 800-node window runs in the layout worker, so the page keeps painting while it runs: the
// longest gap between animation frames stays far below the layout's own time (which the view reports).
import { describe, expect, inject, it } from 'vitest';
import { sampleKnowledgeGraph } from '../../core/layout/sample-graphs';
import type { KgEdge, KgNode } from '../../core/schema/graph';
import { useBrowser } from '../support/browser';
import { edge, mountGraphView, node } from './graph-view.fixture';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('<kg-graph-view> force layout off the main thread', () => {
  it('lays out 800 nodes in a worker while the page keeps painting', async () => {
    const { page } = browser;
    const g = sampleKnowledgeGraph(800);
    const nodes: KgNode[] = g.nodes.map((n) => node(n.id, (n.type ?? 'claim') as KgNode['type'], n.label ?? n.id));
    const edges: KgEdge[] = g.edges.map((e) =>
      edge(e.id, e.source, e.target, (e.label ?? 'supports') as KgEdge['relation']),
    );
    // Frame gaps are recorded from before the element exists until every node is drawn.
    await page.addInitScript(() => {
      const w = window as unknown as { __gaps: number[] };
      w.__gaps = [];
      let last = performance.now();
      const tick = (t: number) => {
        w.__gaps.push(t - last);
        last = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await mountGraphView(page, baseUrl, { nodes, edges, layout: 'force' });
    const view = page.locator('kg-graph-view');
    expect(await view.getAttribute('data-layout-thread')).toBe('worker');
    const layoutMs = Number(await view.getAttribute('data-layout-ms'));
    const gaps = await page.evaluate(() => (window as unknown as { __gaps: number[] }).__gaps);
    const longest = Math.max(...gaps);
    console.log(
      `force layout of 800 nodes (${await view.getAttribute('data-layout-thread')} thread): ${layoutMs} ms; longest frame gap on the page meanwhile ${Math.round(longest)} ms over ${gaps.length} frames`,
    );
    // On the page's thread the whole layout would be one frame gap; in the worker the page paints throughout.
    expect(layoutMs).toBeGreaterThan(0);
    expect(longest).toBeLessThan(layoutMs);
    expect(browser.errors).toEqual([]);
  }, 180_000);
});
