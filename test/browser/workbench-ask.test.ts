// "Ask this graph" in the workbench, against wrangler dev: a question answered by the extractive answerer (no model
// is configured), a citation followed to a node outside the first 800-node window with its unit shown, a shared link
// that reopens the question and its answer, structured search, and a failed question kept inside the panel; in
// English and Chinese. Screenshots at desktop and phone size go to test-results/ask-*.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { mixedText } from '../support/texts';
import {
  createViaApi,
  drawnNodeIds,
  eventually,
  graphNodes,
  openDemo,
  settled,
  taskSucceeded,
} from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const OUT = path.resolve(__dirname, '../../test-results');

// The facts sit at the very end of a text of more than 800 nodes, so their nodes are never in the first window.
const EN_FACT =
  'The lighthouse keeper stores the blue lanterns in the northern tower because winter storms break the glass.';
const ZH_FACT = '灯塔看守人把蓝色灯笼存放在北塔，因为冬季风暴会打碎玻璃。';
const CASES = [
  {
    lang: 'en',
    question: 'Where does the lighthouse keeper store the blue lanterns?',
    word: 'lanterns',
    answered: 'Answered from the cited evidence',
    extractive: 'by the extractive answerer (offline, not a model)',
  },
  {
    lang: 'zh',
    question: '灯塔看守人把蓝色灯笼存放在哪里？',
    word: '灯笼',
    answered: '已依据引用证据回答',
    extractive: '回答方式：抽取式（离线，非模型）',
  },
] as const;
const L = {
  en: {
    panel: 'Ask this graph',
    tab: 'Question',
    field: 'Your question',
    ask: 'Ask',
    share: 'Share a link to this question',
    search: 'Structured search',
    keyword: 'Keyword',
    run: 'Search the graph',
  },
  zh: {
    panel: '使用这张知识图',
    tab: '证据问答',
    field: '你的问题',
    ask: '提问',
    share: '分享本问题的链接',
    search: '结构化检索',
    keyword: '关键词',
    run: '检索知识图',
  },
};

let documentId = '';

beforeAll(async () => {
  const text = `${mixedText(60_000)}\n\n# Lighthouse 灯塔\n\n${EN_FACT}\n\n${ZH_FACT}`;
  const created = await createViaApi(baseUrl, { title: 'Lighthouse', text });
  documentId = created.documentId;
  await taskSucceeded(baseUrl, created.taskId, { timeout: 120_000 });
}, 150_000);

async function openDocument(page: Page, hash: string, lang: 'en' | 'zh') {
  await openDemo(page, baseUrl, `/#${hash}`);
  await page.locator('[data-summary]').waitFor({ timeout: 30_000 });
  await graphNodes(page).first().waitFor({ timeout: 30_000 });
  if (lang === 'zh') await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
}

const panel = (page: Page) => page.locator('kg-ask-panel');
const answer = (page: Page) => panel(page).locator('[data-answer-status]');

/** Desktop (1280×800) then phone (390×844) screenshots; `again` repeats the last step at phone size (a reader on a
 * phone follows the citation there, so the panes scroll and centre for that size). */
async function shoot(page: Page, name: string, again?: () => Promise<void>) {
  mkdirSync(OUT, { recursive: true });
  await page.mouse.move(2, 2);
  await settled(page);
  await page.screenshot({ path: path.join(OUT, `ask-${name}-desktop.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await again?.();
  await settled(page);
  await page.screenshot({ path: path.join(OUT, `ask-${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('asking the graph a question', () => {
  for (const c of CASES) {
    it(`${c.lang}: answers from the extractive answerer, a citation loads its node from beyond the first window and shows its unit, and a shared link reopens it`, async () => {
      const { page } = browser;
      const l = L[c.lang];
      await page.setViewportSize({ width: 1280, height: 800 });
      await openDocument(page, `doc=${documentId}`, c.lang);
      expect(await graphNodes(page).count()).toBe(800);
      const firstWindow = new Set(await drawnNodeIds(page));

      await panel(page).getByRole('button', { name: l.panel }).click();
      await panel(page).getByRole('tab', { name: l.tab }).click();
      const input = panel(page).getByLabel(l.field, { exact: true });
      await input.fill(c.question);
      // The input is disabled from the moment the question is sent (checked while its request is in flight).
      let disabledWhileSending: boolean | null = null;
      await page.route('**/api/documents/*/answers', async (route) => {
        disabledWhileSending = await input.isDisabled();
        await route.continue();
      });
      await panel(page).getByRole('button', { name: l.ask, exact: true }).click();
      await eventually(() => answer(page).getAttribute('data-answer-status'), { timeout: 30_000 }).toBe('answered');
      await page.unroute('**/api/documents/*/answers');
      expect(disabledWhileSending).toBe(true);
      expect(await input.isDisabled()).toBe(false);
      expect((await panel(page).locator('.answerer').textContent())?.trim()).toBe(c.extractive);

      // The citation that quotes the fact: a node the first window did not hold.
      const citation = panel(page)
        .locator('button[data-citation][data-target-kind="node"]', { hasText: c.word })
        .first();
      const nodeId = (await citation.getAttribute('data-target-id'))!;
      const unit = Number(await citation.getAttribute('data-paragraph'));
      expect(firstWindow.has(nodeId)).toBe(false);
      expect(await drawnNodeIds(page)).not.toContain(nodeId);
      // Follow it from its number in the answer's text.
      const number = await citation.getAttribute('data-citation');
      await panel(page).locator(`button.cite[data-cite="${number}"]`).first().click();
      const node = page.locator(`kg-graph-view [data-node-id="${nodeId}"]`);
      await node.waitFor({ timeout: 20_000 });
      await eventually(() => node.getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('kg-detail-card [data-node-text]').textContent()).toContain(c.word);
      const shownUnit = page.locator(`kg-source-pane [data-unit="${unit}"]`);
      await eventually(() => shownUnit.getAttribute('aria-current')).toBe('true');
      expect(await shownUnit.textContent()).toContain(c.lang === 'en' ? EN_FACT : ZH_FACT);
      await eventually(() => shownUnit.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await shoot(page, `${c.lang}-answer`, async () => {
        await panel(page).locator(`button.cite[data-cite="${number}"]`).first().click();
        await eventually(() => shownUnit.isVisible()).toBe(true);
        await page.keyboard.press('Escape');
      });

      // Share, then open the link as another reader would: the question is asked again and its answer shown.
      await panel(page).getByRole('button', { name: l.share }).click();
      const link = await panel(page).locator('input[data-share-link]').inputValue();
      expect(new URL(link).hash).toBe(`#${new URLSearchParams({ doc: documentId, ask: c.question })}`);
      const other = await browser.context.newPage();
      try {
        await other.goto(link);
        if (c.lang === 'zh') await other.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
        await eventually(() => answer(other).getAttribute('data-answer-status'), { timeout: 30_000 }).toBe('answered');
        expect(await panel(other).getByLabel(l.field, { exact: true }).inputValue()).toBe(c.question);
        expect(await panel(other).getByRole('tab', { name: l.tab }).getAttribute('aria-selected')).toBe('true');
        expect(await panel(other).locator('button[data-citation]', { hasText: c.word }).count()).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
      expect(browser.errors).toEqual([]);
    });
  }

  it('follows a relation citation: the relation emphasised in the graph, its card open and its unit current', async () => {
    const { page } = browser;
    const l = L.en;
    // A small document where the answer is a relation (the causal edge of "because").
    const small = await createViaApi(baseUrl, { title: 'Storms', text: `${EN_FACT}\n\n${ZH_FACT}` });
    await taskSucceeded(baseUrl, small.taskId);
    await openDocument(page, `doc=${small.documentId}`, 'en');
    await panel(page).getByRole('button', { name: l.panel }).click();
    await panel(page).getByRole('tab', { name: l.tab }).click();
    await panel(page).getByLabel(l.field, { exact: true }).fill('What do winter storms cause?');
    await panel(page).getByRole('button', { name: l.ask, exact: true }).click();
    await eventually(() => answer(page).getAttribute('data-answer-status'), { timeout: 30_000 }).toBe('answered');
    const citation = panel(page).locator('button[data-citation][data-target-kind="edge"]').first();
    const edgeId = (await citation.getAttribute('data-target-id'))!;
    const unit = Number(await citation.getAttribute('data-paragraph'));
    await citation.click();
    const edge = page.locator(`kg-graph-view [data-edge-id="${edgeId}"]`);
    await edge.waitFor({ state: 'attached', timeout: 20_000 });
    await eventually(() => edge.getAttribute('class')).toContain('highlight');
    expect(await page.locator('kg-detail-card [role=dialog]').textContent()).toContain('lanterns');
    const shownUnit = page.locator(`kg-source-pane [data-unit="${unit}"]`);
    await eventually(() => shownUnit.getAttribute('aria-current')).toBe('true');
    expect(await shownUnit.textContent()).toContain(EN_FACT);
    expect(browser.errors).toEqual([]);
  });

  it('searches the whole graph by keyword: direct matches listed, their neighbours only as context in the graph', async () => {
    const { page } = browser;
    const l = L.en;
    await openDocument(page, `doc=${documentId}`, 'en');
    await panel(page).getByRole('button', { name: l.panel }).click();
    await panel(page).getByRole('tab', { name: l.search }).click();
    await panel(page).getByLabel(l.keyword).fill('lighthouse keeper');
    await panel(page).getByRole('button', { name: l.run }).click();
    const matches = panel(page).locator('[data-match-id]');
    await matches.first().waitFor({ timeout: 20_000 });
    const matchIds = await matches.evaluateAll((els) => els.map((e) => e.getAttribute('data-match-id')!));
    // The graph shows the matches and their neighbours; only the matches are listed and emphasised.
    await eventually(
      async () => {
        const drawn = await drawnNodeIds(page);
        return { missing: matchIds.filter((id) => !drawn.includes(id)), window: drawn.length < 800 };
      },
      { timeout: 20_000 },
    ).toEqual({ missing: [], window: true });
    // Matches are emphasised; the neighbours around them are drawn plain, as context.
    const emphasised = await page
      .locator('kg-graph-view [data-node-id][aria-selected="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')));
    expect(new Set(emphasised)).toEqual(new Set(matchIds));
    expect(await matches.first().textContent()).toContain('lighthouse');
    await matches.first().click();
    await eventually(() =>
      page.locator(`kg-graph-view [data-node-id="${matchIds[0]}"]`).getAttribute('aria-selected'),
    ).toBe('true');
    await shoot(page, 'en-search');
    // A filter narrows the direct matches: only claims that are grounded.
    await panel(page).getByLabel('Type').selectOption('claim');
    await panel(page).getByLabel('Grounding').selectOption('grounded');
    await panel(page).getByRole('button', { name: l.run }).click();
    await eventually(async () => {
      const types = await panel(page)
        .locator('[data-match-id] .badge')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
      return types.length > 0 && types.every((t) => t === 'claim');
    }).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  it('works on an exported graph with no server: search and the extractive answerer run in the page', async () => {
    const { page } = browser;
    const l = L.en;
    const api: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) api.push(r.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${baseUrl}/examples/static.html`);
      await graphNodes(page).first().waitFor();
      await panel(page).getByRole('button', { name: l.panel }).click();
      // The two modes are a tab list: arrow keys move between them.
      await panel(page).getByRole('tab', { name: l.search }).focus();
      await page.keyboard.press('ArrowRight');
      await eventually(() => panel(page).getByRole('tab', { name: l.tab }).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowLeft');
      await eventually(() => panel(page).getByRole('tab', { name: l.search }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await panel(page).getByLabel(l.keyword).fill('checkpoint');
      await panel(page).getByRole('button', { name: l.run }).click();
      await eventually(() => panel(page).locator('[data-match-id]').count()).toBeGreaterThan(0);
      await panel(page).getByRole('tab', { name: l.tab }).click();
      await panel(page).getByLabel(l.field, { exact: true }).fill('What is a checkpoint?');
      await panel(page).getByRole('button', { name: l.ask, exact: true }).click();
      await eventually(() => answer(page).getAttribute('data-answer-status')).toBe('answered');
      expect((await panel(page).locator('.answerer').textContent())?.trim()).toBe(CASES[0].extractive);
      const citation = panel(page)
        .locator('button[data-citation][data-target-kind="node"]', { hasText: 'checkpoint' })
        .first();
      const nodeId = (await citation.getAttribute('data-target-id'))!;
      await citation.click();
      await eventually(() =>
        page.locator(`kg-graph-view [data-node-id="${nodeId}"]`).getAttribute('aria-selected'),
      ).toBe('true');
      expect(api).toEqual([]);
      expect(browser.errors).toEqual([]);
    } finally {
      page.off('request', onRequest);
    }
  });

  it("keeps a failed question inside the panel (the page's own notice untouched, the input usable again), and cancels a question being sent", async () => {
    const { page } = browser;
    const l = L.en;
    await openDocument(page, `doc=${documentId}`, 'en');
    await page.route('**/api/documents/*/answers', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'busy', message: 'scripted refusal' } }),
      }),
    );
    await panel(page).getByRole('button', { name: l.panel }).click();
    await panel(page).getByRole('tab', { name: l.tab }).click();
    await panel(page).getByLabel(l.field, { exact: true }).fill('Where are the lanterns?');
    await panel(page).getByRole('button', { name: l.ask, exact: true }).click();
    const error = panel(page).locator('[role=alert][data-ask-error="busy"]');
    await error.waitFor();
    expect(await error.textContent()).toContain('scripted refusal');
    expect(await page.locator('kg-workbench .notice').count()).toBe(0);
    expect(await page.locator('[data-summary]').isVisible()).toBe(true);
    expect(await panel(page).getByLabel(l.field, { exact: true }).isDisabled()).toBe(false);
    await page.unroute('**/api/documents/*/answers');

    // Cancelled while it is being sent (the request held back): the panel says so and the input is usable again.
    let release = () => {};
    await page.route('**/api/documents/*/answers', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue().catch(() => undefined);
    });
    const input = panel(page).getByLabel(l.field, { exact: true });
    await input.fill('Where are the lanterns kept?');
    await panel(page).getByRole('button', { name: l.ask, exact: true }).click();
    await eventually(() => input.isDisabled()).toBe(true);
    await panel(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await panel(page).locator('[data-question-cancelled]').waitFor();
    expect(await input.isDisabled()).toBe(false);
    release();
    await page.unroute('**/api/documents/*/answers');
    // The refused request is a console error of the page (409); nothing else.
    expect(browser.errors.filter((e) => !/409/.test(e))).toEqual([]);
    browser.errors.length = 0;
  });
});
