// The concept layer end to end (issue 25): a fresh extraction through the real Worker (`wrangler dev`, the built-in
// extractor) of an English and a Chinese text gives a graph whose mentions tie it together: one connected piece
// (relations and mentions) holds most nodes, and the graph view draws the mentions. Needs the core concept layer
// (core/concepts) that gives every graph its anchors and mentions: until it lands the server sends no mention and
// this test fails on its first expectation.
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { EN_TEXT, ZH_TEXT, extract, openDemo } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface Loaded {
  nodes: string[];
  edges: Array<[string, string]>;
  mentions: Array<[string, string]>;
  concepts: string[];
}

/** The workbench's shown view: node ids, relation and mention ends, concepts outside the window. */
function shownView(page: typeof browser.page): Promise<Loaded> {
  return page.evaluate(() => {
    const wb = document.querySelector('kg-workbench') as unknown as {
      doc: {
        graph: {
          nodes: Array<{ id: string }>;
          edges: Array<{ fromNodeId: string; toNodeId: string }>;
          mentions?: Array<{ nodeId: string; conceptId: string }>;
          concepts?: Array<{ id: string }>;
        };
      };
    };
    const g = wb.doc.graph;
    return {
      nodes: g.nodes.map((n) => n.id),
      edges: g.edges.map((e) => [e.fromNodeId, e.toNodeId] as [string, string]),
      mentions: (g.mentions ?? []).map((m) => [m.nodeId, m.conceptId] as [string, string]),
      concepts: (g.concepts ?? []).map((n) => n.id),
    };
  });
}

/** Size of the largest connected piece, relations and mentions joining, and the number of nodes. */
function largestPiece(v: Loaded): { largest: number; total: number } {
  const ids = [...new Set([...v.nodes, ...v.concepts])];
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  for (const [a, b] of [...v.edges, ...v.mentions]) {
    if (parent.has(a) && parent.has(b)) parent.set(find(a), find(b));
  }
  const sizes = new Map<string, number>();
  for (const id of ids) sizes.set(find(id), (sizes.get(find(id)) ?? 0) + 1);
  return { largest: Math.max(0, ...sizes.values()), total: ids.length };
}

describe('a fresh extraction has one connected piece holding most nodes (issue 25)', () => {
  for (const [lang, text] of [
    ['en', EN_TEXT],
    ['zh', ZH_TEXT],
  ] as const) {
    it(`${lang}: mentions join the statements to their concepts, and the graph view draws them`, async () => {
      const { page } = browser;
      await openDemo(page, baseUrl);
      await extract(page, text, { title: `Concept layer ${lang}` });
      const view = await shownView(page);
      expect(
        view.mentions.length,
        'the server sent no mention: the core concept layer is not there yet',
      ).toBeGreaterThan(0);
      const { largest, total } = await Promise.resolve(largestPiece(view));
      expect(largest, `largest piece ${largest} of ${total} nodes`).toBeGreaterThan(total / 2);
      await expect.poll(() => page.locator('kg-graph-view .mention').count()).toBe(view.mentions.length);
      expect(await page.locator('kg-view-controls [data-filter="mentions"] input').isChecked()).toBe(true);
    });
  }
});
