// Exploring the graph from a node's card (issue 26), in Chinese and English: the card lists the node's relations
// in and out (relation word, the other node's text) and walking one opens the neighbour's card with focus kept in
// it; the path between two chosen nodes is the shortest over typed relations, listed step by step with its quotes
// and highlighted in the graph; the local graph of depth 2 shows exactly the nodes within two relations; every
// control of the card is reached by Tab. English by keyboard, Chinese by mouse. KG_SHOTS_DIR=<dir> saves the card,
// the path and the local graph at 1440×900 and 390×844.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser } from '../support/browser';
import { drawnNodeIds, eventually, extract, openDemo, settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');
// Texts whose built-in extraction has chains of relations (a path of 4 steps), so a path and a local graph of depth 2
// are not the whole graph.
const fixture = (name: string) => readFileSync(path.resolve(__dirname, '../fixtures/qa', name), 'utf8');
const EN_TEXT = fixture('inflation.en.txt');
const ZH_TEXT = fixture('earthquake-warning.zh.txt');

const CASES = [
  {
    lang: 'en',
    locale: 'en-US',
    text: EN_TEXT,
    input: 'keyboard' as const,
    pathFound: /^Path of (\d+) steps/,
    local: /^Local graph of depth 2/,
  },
  {
    lang: 'zh',
    locale: 'zh-CN',
    text: ZH_TEXT,
    input: 'mouse' as const,
    pathFound: /^路径共 (\d+) 步/,
    local: /^深度 2 的局部图/,
  },
];

interface Loaded {
  nodes: { id: string; text: string }[];
  edges: { id: string; fromNodeId: string; toNodeId: string; relation: string }[];
  mentions: { nodeId: string; conceptId: string }[];
}

function loaded(page: Page): Promise<Loaded> {
  return page.evaluate(() => {
    const wb = document.querySelector('kg-workbench') as unknown as { doc: { graph: Loaded } };
    const g = wb.doc.graph;
    return {
      nodes: g.nodes.map((n) => ({ id: n.id, text: n.text })),
      edges: g.edges.map((e) => ({ id: e.id, fromNodeId: e.fromNodeId, toNodeId: e.toNodeId, relation: e.relation })),
      mentions: (g.mentions ?? []).map((m) => ({ nodeId: m.nodeId, conceptId: m.conceptId })),
    };
  });
}

/** Distances over relations in either direction (the test's own count, not the code's). */
function bfs(start: string, edges: Loaded['edges']): Map<string, number> {
  const dist = new Map([[start, 0]]);
  let frontier = [start];
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const e of edges) {
      for (const [a, b] of [
        [e.fromNodeId, e.toNodeId],
        [e.toNodeId, e.fromNodeId],
      ]) {
        if (frontier.includes(a) && !dist.has(b)) {
          dist.set(b, d);
          next.push(b);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

function selectNode(page: Page, id: string) {
  return page.evaluate((nodeId) => {
    const wb = document.querySelector('kg-workbench') as unknown as { selection: { selectNode(id: string): void } };
    wb.selection.selectNode(nodeId);
  }, id);
}

/** The element focused inside nested shadow roots. */
function focusedInfo(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    const hosts: string[] = [];
    while (el?.shadowRoot?.activeElement) {
      hosts.push(el.tagName.toLowerCase());
      el = el.shadowRoot.activeElement;
    }
    if (!el) return null;
    const hook = ['data-walk', 'data-depth', 'data-local', 'data-path-start', 'data-unit'].find((a) =>
      el!.hasAttribute(a),
    );
    return { hosts, tag: el.tagName.toLowerCase(), hook: hook ?? null, text: el.textContent?.trim() ?? '' };
  });
}

async function press(page: Page, input: 'mouse' | 'keyboard', locator: ReturnType<Page['locator']>) {
  if (input === 'mouse') return locator.click();
  await locator.focus();
  await page.keyboard.press('Enter');
}

async function shoot(page: Page, name: string, show?: ReturnType<Page['locator']>) {
  const dir = process.env.KG_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.mouse.move(2, 2);
    await show?.scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: path.join(dir, `explore-${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('exploring the graph from a node card', () => {
  for (const { lang, locale, text, input, pathFound, local } of CASES) {
    it(`walks, finds a path and shows a local graph (${lang}, ${input})`, async () => {
      const browser = await openBrowser({ locale });
      try {
        const { page } = browser;
        await page.setViewportSize({ width: 1440, height: 900 });
        await openDemo(page, baseUrl);
        await extract(page, text, { title: `explore-${lang}` });
        const g = await loaded(page);
        const textOf = (id: string) => g.nodes.find((n) => n.id === id)!.text;
        const degree = (id: string) => g.edges.filter((e) => e.fromNodeId === id || e.toNodeId === id).length;
        // The start: the node with the longest shortest path to another (ties: the first).
        const eccentricity = (id: string) => Math.max(...bfs(id, g.edges).values());
        const start = g.nodes.reduce((best, n) => (eccentricity(n.id) > eccentricity(best.id) ? n : best));
        expect(degree(start.id)).toBeGreaterThan(0);

        // Hover (mouse) or focus (keyboard) on a node emphasises it and its neighbours and dims the rest.
        const startEl = page.locator(`kg-graph-view [data-node-id="${start.id}"]`);
        if (input === 'mouse') await startEl.dispatchEvent('pointerover');
        else await startEl.focus();
        // Its neighbours: one relation or one mention away.
        const neighbours = new Set([
          ...g.edges.flatMap((e) =>
            e.fromNodeId === start.id ? [e.toNodeId] : e.toNodeId === start.id ? [e.fromNodeId] : [],
          ),
          ...g.mentions.flatMap((m) =>
            m.nodeId === start.id ? [m.conceptId] : m.conceptId === start.id ? [m.nodeId] : [],
          ),
        ]);
        const canvas = page.locator('kg-graph-view .canvas');
        await eventually(() => canvas.getAttribute('data-dim')).toBe('');
        const near = await page
          .locator('kg-graph-view .nodes [data-node-id][data-near]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')!));
        expect(new Set(near)).toEqual(new Set([start.id, ...neighbours]));
        expect(near).toContain(start.id);
        for (const id of neighbours) expect(near).toContain(id);
        const stranger = g.nodes.find((n) => n.id !== start.id && !neighbours.has(n.id))!;
        expect(
          await page.locator(`kg-graph-view [data-node-id="${stranger.id}"]`).getAttribute('data-near'),
        ).toBeNull();
        if (input === 'mouse') await startEl.dispatchEvent('pointerout');
        else await page.locator('kg-graph-view .canvas').focus();
        await eventually(() => canvas.getAttribute('data-dim')).toBeNull();

        // The card lists every relation of the node, in and out, with the other node's text.
        await selectNode(page, start.id);
        const card = page.locator('kg-detail-card [role=dialog]');
        await card.waitFor();
        const rows = card.locator('kg-card-relations [data-relations] li');
        await eventually(() => rows.count()).toBe(degree(start.id));
        const edge = g.edges.find((e) => e.fromNodeId === start.id || e.toNodeId === start.id)!;
        const other = edge.fromNodeId === start.id ? edge.toNodeId : edge.fromNodeId;
        const row = card.locator(`kg-card-relations li[data-edge-id="${edge.id}"]`);
        expect(await row.getAttribute('data-direction')).toBe(edge.fromNodeId === start.id ? 'out' : 'in');
        expect((await row.locator('.rel').textContent())?.trim()).not.toBe('');
        expect((await row.locator('button[data-walk]').textContent())?.trim()).toBe(textOf(other));
        await shoot(page, `card-${lang}`);

        // Every control of the card is reached by Tab from the card.
        await card.focus();
        const seen = new Set<string>();
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press('Tab');
          const f = await focusedInfo(page);
          if (!f?.hosts.includes('kg-detail-card')) break;
          if (f.hook) seen.add(f.hook);
        }
        expect([...seen]).toEqual(expect.arrayContaining(['data-walk', 'data-depth', 'data-local', 'data-path-start']));

        // Walk to the neighbour: its card opens, and focus stays in the card.
        await press(page, input, row.locator('button[data-walk]'));
        await eventually(() => card.locator('[data-node-text]').textContent()).toBe(textOf(other));
        await eventually(async () => (await focusedInfo(page))?.hosts.includes('kg-card-relations')).toBe(true);

        // The path between two nodes: the farthest node reachable from the start over relations.
        const dist = bfs(start.id, g.edges);
        const [farId, far] = [...dist].sort((a, b) => b[1] - a[1])[0];
        expect(far).toBeGreaterThanOrEqual(2);
        await selectNode(page, start.id);
        await eventually(() => card.locator('[data-node-text]').textContent()).toBe(start.text);
        await press(page, input, card.locator('[data-path-start]'));
        await selectNode(page, farId);
        await eventually(() => card.locator('[data-node-text]').textContent()).toBe(textOf(farId));
        await press(page, input, card.locator('[data-path-to]'));
        const heading = card.locator('[data-path] h3');
        await heading.waitFor();
        expect(Number(pathFound.exec((await heading.textContent())!.trim())?.[1])).toBe(far);
        const steps = card.locator('[data-path-steps] li');
        expect(await steps.count()).toBe(far);
        expect(await card.locator('[data-path-steps] li[data-step="edge"]').count()).toBe(far);
        for (let i = 0; i < far; i++) {
          expect((await steps.nth(i).locator('[data-quote]').textContent())?.trim().length).toBeGreaterThan(0);
        }
        // The path's nodes are highlighted in the graph, its last step ends at the chosen node.
        expect(
          await steps
            .nth(far - 1)
            .locator('button[data-walk]')
            .getAttribute('data-walk'),
        ).toBe(farId);
        const highlighted = await page
          .locator('kg-graph-view [data-node-id].highlight')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')));
        expect(highlighted).toEqual(expect.arrayContaining([start.id, farId]));
        expect(highlighted.length).toBe(far + 1);
        await shoot(page, `path-${lang}`, heading);
        await card.locator('[data-path-clear]').click();

        // The local graph of depth 2 around the start: exactly the nodes within two relations of it.
        await selectNode(page, start.id);
        await eventually(() => card.locator('[data-node-text]').textContent()).toBe(start.text);
        await card.locator('[data-depth]').selectOption('2');
        await press(page, input, card.locator('[data-local]'));
        await eventually(() => card.locator('kg-card-relations [role=status]').textContent()).toMatch(local);
        const within = [...dist].filter(([, d]) => d <= 2).map(([id]) => id);
        await eventually(async () => (await drawnNodeIds(page)).sort()).toEqual(within.sort());
        expect(within.length).toBeLessThan(g.nodes.length);
        await shoot(page, `local-${lang}`, card.locator('kg-card-relations [role=status]'));

        // The radial layout, fitted whole on the switch and centred on the selected node: its neighbours lie nearer
        // to it than the nodes two relations away; selecting a neighbour centres the layout there.
        await page.locator('kg-graph-view select.layout').selectOption('radial');
        await eventually(() => page.locator('kg-graph-view').getAttribute('layout')).toBe('radial');
        const centreOf = (id: string) =>
          page.locator(`kg-graph-view [data-node-id="${id}"]`).evaluate((el) => {
            const r = el.getBoundingClientRect();
            return [r.x + r.width / 2, r.y + r.height / 2];
          });
        const ringsAround = async (id: string) => {
          const d = bfs(
            id,
            g.edges.filter((e) => within.includes(e.fromNodeId) && within.includes(e.toNodeId)),
          );
          const [cx, cy] = await centreOf(id);
          const far = async (n: string) => {
            const [x, y] = await centreOf(n);
            return Math.hypot(x - cx, y - cy);
          };
          const ring = async (k: number) => Promise.all([...d].filter(([, v]) => v === k).map(([n]) => far(n)));
          return { one: await ring(1), two: await ring(2) };
        };
        await eventually(async () => {
          const { one, two } = await ringsAround(start.id);
          return two.length === 0 || Math.max(...one) < Math.min(...two);
        }).toBe(true);
        // Fitted: every node of the new layout inside the canvas.
        const box = (await canvas.boundingBox())!;
        const inside = await page.locator('kg-graph-view .nodes [data-node-id]').evaluateAll(
          (els, b) =>
            els.every((el) => {
              const r = el.getBoundingClientRect();
              return (
                r.left >= b.x - 1 && r.top >= b.y - 1 && r.right <= b.x + b.width + 1 && r.bottom <= b.y + b.height + 1
              );
            }),
          box,
        );
        expect(inside).toBe(true);
        const neighbour = [...dist].find(([id, d]) => d === 1 && within.includes(id))![0];
        await selectNode(page, neighbour);
        await eventually(
          async () => {
            const { one, two } = await ringsAround(neighbour);
            return two.length === 0 || Math.max(...one) < Math.min(...two);
          },
          { timeout: 15_000 },
        ).toBe(true);
        await shoot(page, `radial-${lang}`);
        expect(browser.errors).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 120_000);
  }

  it('in static mode (src=) the card walks and finds the path from the file alone, with no path request', async () => {
    const browser = await openBrowser({ locale: 'en-US' });
    try {
      const { page } = browser;
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${baseUrl}/examples/static.html`);
      await page.locator('kg-graph-view [data-node-id]').first().waitFor();
      const g = await loaded(page);
      const eccentricity = (id: string) => Math.max(...bfs(id, g.edges).values());
      const start = g.nodes.reduce((best, n) => (eccentricity(n.id) > eccentricity(best.id) ? n : best));
      const [farId, far] = [...bfs(start.id, g.edges)].sort((a, b) => b[1] - a[1])[0];
      expect(far).toBeGreaterThanOrEqual(1);
      await selectNode(page, start.id);
      const card = page.locator('kg-detail-card [role=dialog]');
      await card.waitFor();
      await eventually(() => card.locator('kg-card-relations [data-relations] li').count()).toBeGreaterThan(0);
      await card.locator('[data-path-start]').click();
      await selectNode(page, farId);
      await eventually(() => card.locator('[data-node-text]').textContent()).toBe(
        g.nodes.find((n) => n.id === farId)!.text,
      );
      await card.locator('[data-path-to]').click();
      await eventually(() => card.locator('[data-path-steps] li').count()).toBe(far);
      expect(asked.filter((p) => p.startsWith('/api/'))).toEqual([]);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
