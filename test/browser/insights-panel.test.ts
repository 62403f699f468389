// <kg-insights-panel> in real Chromium: severity, score bar and rationale; selection by mouse and keyboard with
// the kg-insight-select event; Chinese labels; document text rendered as text.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { InsightView, TopicView } from '../../core/insights/types';
import type {} from '../../components/insights-panel/insights-panel';
import { useBrowser } from '../support/browser';

const baseUrl = inject('baseUrl');
const BLANK_PATH = '/__insights-panel-test';
const browser = useBrowser();

function insight(
  id: string,
  severity: 'info' | 'warn',
  title: string,
  score: number,
  evidence: { nodes: string[]; edges: Array<string | undefined> },
): InsightView {
  return {
    id,
    type: severity === 'warn' ? 'divergence-watch' : 'cross-reaction',
    severity,
    title,
    detail: `Detail of ${id}.`,
    references: { nodeIds: evidence.nodes },
    profile: {
      nodeEvidence: evidence.nodes.map((nodeId, i) => ({
        nodeId,
        role: i === 0 ? 'primary' : 'supporting',
        weight: i === 0 ? 1 : 0.6,
        confidence: 0.8,
      })),
      edgeEvidence: evidence.edges.map(
        (edgeId) =>
          ({
            kind: edgeId ? 'diverged-from' : 'supersede',
            fromNodeId: evidence.nodes[0],
            toNodeId: evidence.nodes[1] ?? null,
            ...(edgeId ? { edgeId } : {}),
            strength: 1,
          }) as InsightView['profile']['edgeEvidence'][number],
      ),
      contradictingEvidence: [],
      attributionScore: score,
      rationale: `node evidence ${evidence.nodes.length} (base 0.80); edge evidence ${evidence.edges.length} (+0.10); contradictions 0; score ${score.toFixed(2)}`,
    },
    firstRound: 1,
    lastSeenRound: 2,
    stale: false,
  };
}

const DATA: { round: number; insights: InsightView[]; topics: TopicView[] } = {
  round: 2,
  insights: [
    insight('divergence-watch:n2~n1', 'warn', 'Open divergence: <img src=x onerror="window.__pwned=1">', 0.75, {
      nodes: ['n2', 'n1', 'n2'],
      edges: ['e1', undefined, 'e1'],
    }),
    insight('cross-reaction:n3~n4', 'info', 'Two passages touch without a link', 0.4, {
      nodes: ['n3', 'n4'],
      edges: ['e7'],
    }),
    insight('snapshot-trend:current', 'info', 'Round 2: 12 nodes, 80% grounded', 0.9, { nodes: ['n9'], edges: [] }),
  ],
  topics: [
    {
      key: 'diverge:n2,n1',
      kind: 'convergence',
      question: '“Sea walls fail” runs against “Sea walls protect”: under which conditions does each hold?',
      rationale: 'r',
      nodeIds: ['n2', 'n1'],
      round: 2,
    },
    {
      key: 'main:n5,n8',
      kind: 'extension',
      question: 'The causal chain runs from “A” to “B”: what comes after “B”?',
      rationale: 'r',
      nodeIds: ['n5', 'n8'],
      round: 2,
    },
  ],
};

async function mountPanel(page: Page, options: { lang?: 'en' | 'zh'; data?: unknown } = {}): Promise<void> {
  await page.unroute(`${baseUrl}${BLANK_PATH}`);
  await page.route(`${baseUrl}${BLANK_PATH}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
        <script type="module" src="${baseUrl}/kg-workbench.js"></script></head>
        <body><button id="before">before</button><div id="host"></div></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}${BLANK_PATH}`);
  await page.waitForFunction(() => !!customElements.get('kg-insights-panel'));
  await page.evaluate(
    (o) => {
      const w = window as unknown as { __events: unknown[]; __pwned: number };
      w.__events = [];
      w.__pwned = 0;
      // Listen above the element: the event must bubble out of its shadow root.
      document.body.addEventListener('kg-insight-select', (e) => w.__events.push((e as CustomEvent).detail));
      const el = document.createElement('kg-insights-panel');
      el.style.cssText = 'display:block;width:360px;height:600px';
      el.setAttribute('lang', o.lang ?? 'en');
      el.data = o.data;
      document.getElementById('host')!.append(el);
    },
    { lang: options.lang, data: options.data === undefined ? DATA : options.data },
  );
  await page.locator('kg-insights-panel h2').waitFor();
}

const selectEvents = (page: Page) => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events);
const ariaSelected = (page: Page) =>
  page
    .locator('kg-insights-panel [role="option"]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-insight-id'), e.getAttribute('aria-selected')]));

describe('<kg-insights-panel>', () => {
  it('lists insights with severity, a score bar and the rationale, and topics as questions', async () => {
    const { page } = browser;
    await mountPanel(page);
    const options = page.getByRole('option');
    expect(await options.count()).toBe(3);
    await expect.poll(() => page.locator('kg-insights-panel h2').textContent()).toBe('Insightsround 2');
    const first = options.nth(0);
    expect(await first.getAttribute('data-severity')).toBe('warn');
    expect(await first.locator('.severity').textContent()).toBe('warning');
    expect(await first.locator('.rationale').textContent()).toBe(DATA.insights[0].profile.rationale);
    // The bar's fill is the score's share of the track.
    const widths = await page
      .locator('kg-insights-panel .bar')
      .evaluateAll((bars) =>
        bars.map((b) =>
          Math.round((b.querySelector('.fill')!.getBoundingClientRect().width / b.getBoundingClientRect().width) * 100),
        ),
      );
    expect(widths).toEqual([75, 40, 90]);
    expect(
      await page.getByRole('option', { name: /^warning: Open divergence: .* \(attribution 0\.75\)$/ }).count(),
    ).toBe(1);
    const topics = await page.locator('kg-insights-panel [part="topic"]').allTextContents();
    expect(topics).toEqual(DATA.topics.map((t) => t.question));
    // Document text is text: the payload in a title shows literally and never runs.
    expect(await first.locator('.title').textContent()).toContain('<img src=x');
    expect(await page.locator('kg-insights-panel img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned: number }).__pwned)).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('selecting an insight marks it and dispatches its evidence nodes and edges', async () => {
    const { page } = browser;
    await mountPanel(page);
    await page.getByRole('option', { name: /Two passages touch/ }).click();
    expect(await selectEvents(page)).toEqual([
      { insightId: 'cross-reaction:n3~n4', nodeIds: ['n3', 'n4'], edgeIds: ['e7'] },
    ]);
    expect(await ariaSelected(page)).toEqual([
      ['divergence-watch:n2~n1', 'false'],
      ['cross-reaction:n3~n4', 'true'],
      ['snapshot-trend:current', 'false'],
    ]);
    expect(await page.locator('kg-insights-panel').getAttribute('selected-insight')).toBe('cross-reaction:n3~n4');
    // The numbers behind the score are shown for the selected insight only, apart from the rationale's words.
    const details = page.locator('[part="score-details"]');
    expect(await details.count()).toBe(1);
    expect(await details.textContent()).toMatch(/^node evidence 2 \(base 0\.80\); edge evidence 1 \(\+0\.10\)/);
    // Duplicates collapse; evidence without a graph edge (a supersede) brings no edge id.
    await page.getByRole('option', { name: /Open divergence/ }).click();
    expect((await selectEvents(page))[1]).toEqual({
      insightId: 'divergence-watch:n2~n1',
      nodeIds: ['n2', 'n1'],
      edgeIds: ['e1'],
    });
  });

  it('is reachable and operable with the keyboard (one tab stop, arrows, Enter)', async () => {
    const { page } = browser;
    await mountPanel(page);
    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    const focused = () =>
      page.evaluate(
        () =>
          document.querySelector('kg-insights-panel')!.shadowRoot!.activeElement?.getAttribute('data-insight-id') ??
          null,
      );
    expect(await focused()).toBe('divergence-watch:n2~n1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('snapshot-trend:current');
    await page.keyboard.press('Enter');
    expect(await selectEvents(page)).toEqual([{ insightId: 'snapshot-trend:current', nodeIds: ['n9'], edgeIds: [] }]);
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    expect((await selectEvents(page))[1]).toMatchObject({ insightId: 'divergence-watch:n2~n1' });
    // Leaving the list takes one Tab: the other options are not tab stops.
    await page.keyboard.press('Tab');
    expect(await focused()).toBeNull();
  });

  it('speaks Chinese with lang="zh"', async () => {
    const { page } = browser;
    await mountPanel(page, { lang: 'zh' });
    expect(await page.locator('kg-insights-panel h2').textContent()).toBe('洞察第 2 轮');
    expect(await page.locator('kg-insights-panel h3').textContent()).toBe('推荐话题');
    expect(await page.getByRole('listbox', { name: '洞察及其归因' }).count()).toBe(1);
    expect(await page.getByRole('option', { name: /^警示: Open divergence: .*（?\(?归因可信度 0\.75/ }).count()).toBe(
      1,
    );
    expect(await page.locator('kg-insights-panel .meta').first().textContent()).toBe('分歧观察');
  });

  it('shows an empty state for no or malformed data', async () => {
    const { page } = browser;
    await mountPanel(page, { data: { round: 'x', insights: [{ nope: true }], topics: 'no' } });
    expect(await page.getByRole('option').count()).toBe(0);
    expect(await page.locator('kg-insights-panel .empty').allTextContents()).toEqual([
      'No insights yet.',
      'No questions yet.',
    ]);
    await mountPanel(page, { data: null, lang: 'zh' });
    expect(await page.locator('kg-insights-panel .empty').first().textContent()).toBe('暂无洞察。');
    expect(browser.errors).toEqual([]);
  });
});
