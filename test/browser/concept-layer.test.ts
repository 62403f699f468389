// The concept layer in <kg-graph-view> (issue 25), in real Chromium, from a hand-made GraphView in English and
// Chinese: mentions are drawn unlike relations (thinner, dashed, no arrowhead, no chip, no card), the filter hides
// them with the concepts outside the window, and the view opens fitted on the largest connected piece (relations and
// mentions). KG_SHOTS_DIR=<dir> also saves desktop and phone screenshots of a workbench showing a file with mentions.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { KgEdge, KgNode, Mention } from '../../core/schema';
import type { LayoutResult } from '../../core/layout/types';
import { openBrowser, useBrowser } from '../support/browser';
import { edge, events, frames, mention, mountGraphView, node, zoomOf } from './graph-view.fixture';
import { settled } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const TEXTS = {
  en: {
    s1: 'Plants turn light into chemical energy.',
    s2: 'Chlorophyll absorbs red and blue light.',
    s3: 'Leaves look green because they reflect green light.',
    s4: 'Photosynthesis releases oxygen.',
    k: 'photosynthesis',
    k2: 'light',
    p1: 'Rivers carry sediment to the sea.',
    p2: 'Deltas form at river mouths.',
    lone: 'An unrelated rule.',
    termK: 'Photosynthesis',
    termK2: 'light',
    title: 'Mentions “light”',
    toggle: 'Mentions',
  },
  zh: {
    s1: '植物把光能转化为化学能。',
    s2: '叶绿素吸收红光和蓝光。',
    s3: '叶子看起来是绿色的，因为它们反射绿光。',
    s4: '光合作用释放氧气。',
    k: '光合作用',
    k2: '光',
    p1: '河流把泥沙带入大海。',
    p2: '三角洲形成于河口。',
    lone: '一条无关的规则。',
    termK: '光合作用',
    termK2: '光',
    title: '提及“光”',
    toggle: '提及',
  },
} as const;

/** Statements s1–s4 and the concept k in the window, k2 outside it; s1 → s2 is the only relation of that piece, the
 * mentions join s3, s4, k and k2 to it (6 nodes). p1 → p2 and lone lie far to the right. */
function conceptGraph(lang: 'en' | 'zh') {
  const t = TEXTS[lang];
  const nodes: KgNode[] = [
    node('s1', 'fact', t.s1),
    node('s2', 'fact', t.s2),
    node('s3', 'inference', t.s3),
    node('s4', 'claim', t.s4),
    node('k', 'concept', t.k),
    node('p1', 'fact', t.p1),
    node('p2', 'claim', t.p2),
    node('lone', 'rule', t.lone),
  ];
  const concepts = [node('k2', 'concept', t.k2)];
  const edges: KgEdge[] = [edge('r1', 's1', 's2', 'causes'), edge('r2', 'p1', 'p2', 'causes')];
  const mentions: Mention[] = [
    mention('m1', 's1', 'k2', t.termK2),
    mention('m2', 's2', 'k2', t.termK2),
    mention('m3', 's3', 'k2', t.termK2),
    mention('m4', 's4', 'k', t.termK),
    mention('m5', 's1', 'k', t.termK),
  ];
  const box = (id: string, x: number, y: number, width = 160) => ({ id, x, y, width, height: 40 });
  const placed = [
    box('s1', 200, 100),
    box('s2', 450, 100),
    box('s3', 200, 300),
    box('s4', 450, 300),
    box('k', 330, 460, 120),
    box('k2', 620, 460, 120),
    box('p1', 1500, 100),
    box('p2', 1500, 300),
    box('lone', 1800, 200),
  ];
  const layout: LayoutResult = {
    width: 2000,
    height: 560,
    nodes: placed,
    edges: [
      {
        id: 'r1',
        points: [
          [360, 120],
          [450, 120],
        ],
        label: { x: 380, y: 124, width: 50, height: 16 },
      },
      {
        id: 'r2',
        points: [
          [1580, 140],
          [1580, 300],
        ],
        label: { x: 1590, y: 210, width: 50, height: 16 },
      },
    ],
  };
  return { nodes, edges, mentions, concepts, result: layout };
}

const root = (page: Page) => page.locator('kg-graph-view');

function lineStyle(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector('kg-graph-view')!.shadowRoot!.querySelector(sel)!;
    const s = getComputedStyle(el);
    return {
      width: Number.parseFloat(s.strokeWidth),
      marker: s.markerEnd,
      dash: s.strokeDasharray,
      colour: s.stroke,
    };
  }, selector);
}

function shown(page: Page, selector: string) {
  return page.evaluate(
    (sel) =>
      [...document.querySelector('kg-graph-view')!.shadowRoot!.querySelectorAll(sel)].map((el) => {
        const r = el.getBoundingClientRect();
        return el.checkVisibility() && r.width + r.height > 0;
      }),
    selector,
  );
}

for (const lang of ['en', 'zh'] as const) {
  describe(`the concept layer (${lang})`, () => {
    it('draws mentions thin, dashed and arrowless in their own colour, with no chip and no relation card', async () => {
      const { page } = browser;
      const g = conceptGraph(lang);
      await mountGraphView(page, baseUrl, {
        nodes: g.nodes,
        edges: g.edges,
        mentions: g.mentions,
        concepts: g.concepts,
        layoutResult: g.result,
        lang,
      });
      await expect.poll(() => root(page).locator('.mention').count()).toBe(5);
      const m = await lineStyle(page, '.mention[data-mention-id="m3"] .line');
      const r = await lineStyle(page, '.edge[data-edge-id="r1"] .line');
      expect(m.width).toBeLessThan(r.width);
      expect(m.width).toBeLessThanOrEqual(1);
      expect(m.marker).toBe('none');
      expect(r.marker).toContain('url(');
      expect(m.dash).not.toBe('none');
      expect(m.colour).not.toBe(r.colour);
      // Never a relation: no edge id, no chip, no keyboard or click selection; the term shows on hover.
      expect(
        await root(page).locator('[data-edge-id^="m"], [data-label-for^="m"], [data-label-for^="mention"]').count(),
      ).toBe(0);
      expect(await root(page).locator('.mention[data-mention-id="m3"] title').textContent()).toBe(TEXTS[lang].title);
      const hit = (await root(page).locator('.mention[data-mention-id="m3"] .hit').boundingBox())!;
      await page.mouse.click(hit.x + hit.width / 2, hit.y + hit.height / 2);
      await frames(page);
      expect(await events(page, 'kg-graph-edge-select')).toEqual([]);
      // The outside concept k2 is drawn as a node so its mentions have an end.
      expect(await root(page).locator('.node.outside[data-node-id="k2"]').count()).toBe(1);
    });

    it('the mentions filter hides them and the outside concepts, leaving relations and window nodes', async () => {
      const { page } = browser;
      const g = conceptGraph(lang);
      await mountGraphView(page, baseUrl, {
        nodes: g.nodes,
        edges: g.edges,
        mentions: g.mentions,
        concepts: g.concepts,
        layoutResult: g.result,
        lang,
      });
      expect(await shown(page, '.mention')).toEqual([true, true, true, true, true]);
      await page.evaluate(() => {
        document.querySelector('kg-graph-view')!.hideMentions = true;
      });
      await frames(page);
      expect(await root(page).getAttribute('hide-mentions')).toBe('');
      const layer = () =>
        page.evaluate(() => {
          const g = document.querySelector('kg-graph-view')!.shadowRoot!.querySelector('g.mentions')!;
          return getComputedStyle(g).display;
        });
      expect(await layer()).toBe('none');
      expect(await shown(page, '.mention')).toEqual([false, false, false, false, false]);
      expect(await shown(page, '.node[data-node-id="k2"]')).toEqual([false]);
      expect(await shown(page, '.node[data-node-id="k"]')).toEqual([true]);
      expect(await shown(page, '.edge')).toEqual([true, true]);
      // The toggle of the view controls (default on) says so in the reader's language and asks to hide them.
      await page.evaluate((l) => {
        const c = document.createElement('kg-view-controls');
        c.setAttribute('lang', l);
        c.setAttribute('has-mentions', '');
        c.setAttribute('mentions-shown', '');
        c.addEventListener('kg-view-mentions', (e) =>
          (window as unknown as { __events: unknown[] }).__events.push({
            type: 'kg-view-mentions',
            detail: (e as CustomEvent).detail,
          }),
        );
        document.body.prepend(c);
      }, lang);
      const toggle = page.locator('kg-view-controls [data-filter="mentions"]');
      expect((await toggle.textContent())?.trim()).toBe(TEXTS[lang].toggle);
      expect(await toggle.locator('input').isChecked()).toBe(true);
      await toggle.locator('input').click();
      expect(await events(page, 'kg-view-mentions')).toEqual([{ shown: false }]);
    });

    it('opens fitted on the largest connected piece, relations and mentions joining', async () => {
      const { page } = browser;
      const g = conceptGraph(lang);
      await mountGraphView(page, baseUrl, {
        nodes: g.nodes,
        edges: g.edges,
        mentions: g.mentions,
        concepts: g.concepts,
        layoutResult: g.result,
        lang,
        width: 860,
        height: 560,
      });
      await frames(page);
      const canvas = (await root(page).locator('.canvas').boundingBox())!;
      const boxOf = async (id: string) => (await root(page).locator(`.node[data-node-id="${id}"]`).boundingBox())!;
      const piece = await Promise.all(['s1', 's2', 's3', 's4', 'k', 'k2'].map(boxOf));
      for (const b of piece) {
        expect(b.x).toBeGreaterThanOrEqual(canvas.x);
        expect(b.x + b.width).toBeLessThanOrEqual(canvas.x + canvas.width + 1);
        expect(b.y).toBeGreaterThanOrEqual(canvas.y);
        expect(b.y + b.height).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
      }
      // Fitted: the piece (540 × 400 graph units) fills the canvas's height less the 24 px padding.
      const top = Math.min(...piece.map((b) => b.y));
      const bottom = Math.max(...piece.map((b) => b.y + b.height));
      expect(Math.abs(bottom - top - (canvas.height - 48))).toBeLessThan(3);
      expect(await zoomOf(page)).toBeCloseTo((canvas.height - 48) / 400, 2);
      // The smaller piece lies beyond the view (a fit of everything would be unreadable at 0.4×).
      const far = await boxOf('p1');
      expect(far.x).toBeGreaterThan(canvas.x + canvas.width);
    });
  });
}

/** The demo's exported file (EN and ZH sections) with mentions of its concept anchors added. */
function fileWithMentions() {
  const file = JSON.parse(
    readFileSync(path.resolve(__dirname, '../../demo/examples/knowledge-graphs.graph.json'), 'utf8'),
  ) as { nodes: KgNode[]; mentions?: Mention[]; title: string };
  const byId = new Map(file.nodes.map((n) => [n.id, n]));
  const pairs: Array<[string, string, string]> = [
    ['n1', 'n2', 'knowledge graph'],
    ['n3', 'n2', 'citation index'],
    ['n7', 'n2', 'workbench'],
    ['n8', 'n9', 'checkpoint'],
    ['n8', 'n10', 'recovery record'],
    ['n11', 'n9', 'It'],
    ['n12', 'n13', '知识图谱'],
    ['n14', 'n13', '引文索引'],
    ['n19', 'n20', '检查点'],
    ['n19', 'n21', '恢复机制'],
    ['n22', 'n20', '检查点'],
    ['n4', 'n2', 'link'],
    ['n15', 'n13', '关系'],
  ];
  file.mentions = pairs.map(([s, c, term], i) => ({
    id: `mm${i}`,
    nodeId: s,
    conceptId: c,
    term,
    evidence: [{ ...byId.get(s)!.evidence[0], quote: term }],
  }));
  return file;
}

describe.runIf(process.env.KG_SHOTS_DIR)('screenshots of a workbench showing mentions', () => {
  const dir = process.env.KG_SHOTS_DIR!;
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      it(`${lang} ${device} (${dir}/concepts-${lang}-${device}.png)`, async () => {
        const session = await openBrowser({ locale });
        try {
          const { page } = session;
          await page.setViewportSize(viewport);
          const file = fileWithMentions();
          await page.route(`${baseUrl}/__concepts.graph.json`, (r) =>
            r.fulfill({ contentType: 'application/json', body: JSON.stringify(file) }),
          );
          await page.route(`${baseUrl}/__concepts.html`, (r) =>
            r.fulfill({
              contentType: 'text/html',
              body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
                <link rel="icon" href="data:,"><script type="module" src="/kg-workbench.js"></script></head>
                <body style="margin:0"><kg-workbench src="/__concepts.graph.json"></kg-workbench></body></html>`,
            }),
          );
          await page.goto(`${baseUrl}/__concepts.html`);
          await page.locator('kg-graph-view .mention').first().waitFor({ state: 'attached' });
          await settled(page);
          mkdirSync(dir, { recursive: true });
          await page.screenshot({ path: path.join(dir, `concepts-${lang}-${device}.png`) });
          const graph = page.locator('kg-graph-view');
          await graph.scrollIntoViewIfNeeded();
          await graph.screenshot({ path: path.join(dir, `concepts-${lang}-${device}-graph.png`) });
          expect(session.errors).toEqual([]);
        } finally {
          await session.close();
        }
      });
    }
  }
});
