// The concept layer end to end (issue 25): a fresh extraction through the real Worker (`wrangler dev`, the built-in
// extractor) of an English and a Chinese text the extractor was not tuned on (the held-out connectivity texts) gives a
// graph whose mentions tie it together: one connected piece (relations and mentions) holds most nodes, the graph view
// draws the mentions thin, dashed and arrowless (unlike the relations) and the view controls' filter hides them.
// KG_SHOTS_DIR=<dir> also saves a screenshot of each.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { extract, openDemo, settled } from './workbench-helpers';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'connectivity', name), 'utf8');

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

/** Computed stroke of the first drawn element matching `selector` inside the graph view. */
function lineStyle(page: Page, selector: string) {
  // The graph view sits inside the workbench's shadow root: the locator reaches it, querySelector does not.
  return page.locator('kg-graph-view').evaluate((view, sel) => {
    const el = view.shadowRoot!.querySelector(sel)!;
    const s = getComputedStyle(el);
    return { width: Number.parseFloat(s.strokeWidth), marker: s.markerEnd, dash: s.strokeDasharray, colour: s.stroke };
  }, selector);
}

/** How many of the drawn mentions a reader can see (SVG visibility read from the drawn box). */
function visibleMentions(page: Page): Promise<number> {
  return page.locator('kg-graph-view').evaluate(
    (view) =>
      [...view.shadowRoot!.querySelectorAll('.mention')].filter((el) => {
        const r = el.getBoundingClientRect();
        return el.checkVisibility() && r.width + r.height > 0;
      }).length,
  );
}

describe('a fresh extraction has one connected piece holding most nodes (issue 25)', () => {
  for (const [lang, file] of [
    ['en', 'glaciers.en.txt'],
    ['zh', 'tea.zh.txt'],
  ] as const) {
    it(`${lang}: mentions join the statements to their concepts, drawn apart from relations, hidden by the filter`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 1280, height: 800 });
      await openDemo(page, baseUrl);
      await extract(page, fixture(file), { title: `Concept layer ${lang}` });
      const view = await shownView(page);
      expect(view.mentions.length, 'the server sent no mention').toBeGreaterThan(0);
      const { largest, total } = largestPiece(view);
      expect(total).toBeGreaterThanOrEqual(20);
      expect(largest, `largest piece ${largest} of ${total} nodes`).toBeGreaterThan(total / 2);

      // Drawn, and drawn differently from a relation: thinner, dashed, no arrowhead, another colour.
      await expect.poll(() => page.locator('kg-graph-view .mention').count()).toBeGreaterThan(0);
      expect(view.edges.length).toBeGreaterThan(0);
      const m = await lineStyle(page, '.mention .line');
      const r = await lineStyle(page, '.edge .line');
      expect(m.width).toBeLessThan(r.width);
      expect(m.marker).toBe('none');
      expect(r.marker).toContain('url(');
      expect(m.dash).not.toBe('none');
      expect(m.colour).not.toBe(r.colour);
      await settled(page);
      expect(await visibleMentions(page)).toBeGreaterThan(0);
      if (process.env.KG_SHOTS_DIR) {
        mkdirSync(process.env.KG_SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: path.join(process.env.KG_SHOTS_DIR, `fresh-${lang}.png`) });
      }

      // The view controls' filter (default on) hides every mention; the relations stay.
      const toggle = page.locator('kg-view-controls [data-filter="mentions"] input');
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => visibleMentions(page)).toBe(0);
      expect(await page.locator('kg-graph-view .edge').count()).toBeGreaterThan(0);
      if (process.env.KG_SHOTS_DIR)
        await page.screenshot({ path: path.join(process.env.KG_SHOTS_DIR, `fresh-${lang}-hidden.png`) });
      await toggle.click();
      await expect.poll(() => visibleMentions(page)).toBeGreaterThan(0);
    });
  }
});
