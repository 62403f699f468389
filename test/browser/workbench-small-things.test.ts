// Issue 26's small things through the real page, in English and Chinese (Chromium against wrangler dev):
// - focus goes to the result after Extract (the input closes with its button; the focus never falls to the body);
// - a suggested question (the insights panel) is a button that fills the "Ask this graph" box, without asking it;
// - the layout is in the URL state: picked, it is in the fragment, and a reload or a pasted link opens in it;
// - a deep link to a node reopens its card;
// - the trust panel has its own model picker: the model review uses the model picked there, never the extractor,
//   and the extractor's choice in the input panel is left alone;
// - on a document over 800 nodes the "Overview" button never covers the Layout menu: at 1440×900 and 390×844 the
//   element at the centre of each (elementFromPoint through the shadow roots) is that control, and both work.
// KG_SHOTS_DIR=<dir> (else test-results/) receives desktop and phone screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from '../support/browser';
import { mixedText } from '../support/texts';
import {
  createViaApi,
  eventually,
  graphNodes,
  loadedGraph,
  openDemo,
  settled,
  taskSucceeded,
} from './workbench-helpers';

const baseUrl = inject('baseUrl');
const OUT = process.env.KG_SHOTS_DIR || path.resolve(__dirname, '../../test-results');

// Sections with divergent and unsupported claims: the insight engine suggests questions about them.
const EN_TEXT = [
  '# Coasts',
  'Sea walls protect coastal homes. However, sea walls fail in strong storms.',
  'A glacier is not a sea. Melting glaciers raise sea levels along coastal cities.',
  '# Trade',
  'Free trade lifts all boats. Governments must lower tariffs. Protectionism always fails in the long run.',
  '# Outlook',
  'Coastal cities must plan for rising sea levels. Economists claim that trade will grow.',
].join('\n\n');

const ZH_TEXT = [
  '# 海岸',
  '海堤保护沿海的房屋。但是，海堤在强风暴中会失效。',
  '冰川不是海洋。冰川融化使沿海城市的海平面上升。',
  '# 贸易',
  '自由贸易让所有人受益。政府必须降低关税。保护主义从长远看总是失败。',
  '# 展望',
  '沿海城市必须为海平面上升做好准备。经济学家声称贸易将会增长。',
].join('\n\n');

const CASES = [
  {
    lang: 'en',
    locale: 'en-US',
    text: EN_TEXT,
    l: {
      extract: 'Extract',
      trust: 'Check & review',
      review: 'Model review',
      trustModel: 'Model for reviews and questions',
      overview: 'Overview',
      detail: 'Detailed view',
    },
  },
  {
    lang: 'zh',
    locale: 'zh-CN',
    text: ZH_TEXT,
    l: {
      extract: '拆分',
      trust: '验证与审核',
      review: 'AI 深度审校',
      trustModel: '审核与提问所用模型',
      overview: '全局',
      detail: '详细视图',
    },
  },
] as const;

/** Two language models the server does not have: /api/models is answered by the page's route, so the test sees
 * which model the review request names (the review itself is refused by the route). */
const FAKE_MODELS = [
  { id: 'builtin:heuristic', provider: 'builtin', model: 'heuristic', label: 'Built-in', image: false, default: true },
  { id: 'fake:alpha', provider: 'openai-compatible', model: 'alpha', label: 'Alpha', image: false, default: false },
  { id: 'fake:beta', provider: 'openai-compatible', model: 'beta', label: 'Beta', image: false, default: false },
];

async function shoot(page: Page, name: string) {
  await page.mouse.move(2, 2);
  await settled(page);
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, name), fullPage: false });
}

/** The focused element through the shadow roots: its tag, class and data-* summary. */
function deepFocus(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el ? { tag: el.localName, cls: el.getAttribute('class') ?? '', id: el.id } : null;
  });
}

/** What is hit at the centre of a locator's box, through the shadow roots. */
async function hitAtCentre(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  expect(box).not.toBeNull();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return page.evaluate(
    ([px, py]) => {
      let el: Element | null = document.elementFromPoint(px, py);
      for (let i = 0; i < 10 && el?.shadowRoot; i++) {
        const inner: Element | null = el.shadowRoot.elementFromPoint(px, py);
        if (!inner || inner === el) break;
        el = inner;
      }
      return el
        ? { tag: el.localName, cls: el.getAttribute('class') ?? '', part: el.getAttribute('part') ?? '' }
        : null;
    },
    [x, y],
  );
}

const layoutOf = (page: Page) =>
  page.locator('kg-graph-view').evaluate((el) => (el as unknown as { layout: string }).layout);

describe('the small things of issue 26', () => {
  for (const { lang, locale, text, l } of CASES) {
    describe(`${lang}`, () => {
      let browser: BrowserSession;
      beforeAll(async () => {
        browser = await openBrowser({ locale });
        await browser.page.setViewportSize({ width: 1440, height: 900 });
      }, 60_000);
      afterAll(async () => browser?.close());

      it('after Extract the focus is on the result, not the page body', async () => {
        const { page } = browser;
        await openDemo(page, baseUrl);
        // By keyboard: the Extract button pressed with Enter.
        await page.getByLabel(/^(Text to extract|待拆分文本)$/).fill(text);
        await page.getByRole('button', { name: l.extract, exact: true }).focus();
        await page.keyboard.press('Enter');
        await page.locator('[data-summary]').waitFor({ timeout: 60_000 });
        await graphNodes(page).first().waitFor({ timeout: 30_000 });
        await eventually(() => deepFocus(page)).toMatchObject({ tag: 'section', cls: 'result' });
        const name = await page.locator('kg-workbench section.result').getAttribute('aria-label');
        expect(name).toBeTruthy();
      });

      it('a suggested question fills the ask box (not asked) and focuses it', async () => {
        const { page } = browser;
        let answers = 0;
        page.on('request', (r) => {
          if (r.method() === 'POST' && /\/answers$/.test(new URL(r.url()).pathname)) answers++;
        });
        const topic = page.locator('kg-insights-panel [part="topic-button"]').first();
        await topic.waitFor({ timeout: 30_000 });
        const question = (await topic.textContent())!.trim();
        expect(question.length).toBeGreaterThan(0);
        await topic.click();
        const box = page.locator('kg-ask-panel #question-input');
        await eventually(() => box.inputValue()).toBe(question);
        expect(await page.locator('kg-ask-panel').getAttribute('open')).toBe('');
        expect(await page.locator('kg-ask-panel [role=tab][data-mode=question]').getAttribute('aria-selected')).toBe(
          'true',
        );
        expect(await deepFocus(page)).toMatchObject({ tag: 'textarea', id: 'question-input' });
        expect(answers).toBe(0);
        await shoot(page, `small-topic-${lang}-desktop.png`);
      });

      it('the layout is in the URL: picked, reloaded and pasted, the graph opens in it; a deep link reopens the card', async () => {
        const { page } = browser;
        const { nodes, info } = await loadedGraph(page);
        // From the document alone, in a clean browser (also when this test is retried).
        await openDemo(page, baseUrl, `/#doc=${info.documentId}`);
        await graphNodes(page).first().waitFor({ timeout: 30_000 });
        expect(await layoutOf(page)).toBe('layered');
        await page.locator('kg-graph-view select.layout').selectOption('radial');
        await eventually(() => page.evaluate(() => location.hash), { timeout: 30_000 }).toContain('layout=radial');
        await page.reload();
        await graphNodes(page).first().waitFor({ timeout: 30_000 });
        await eventually(() => layoutOf(page), { timeout: 30_000 }).toBe('radial');
        expect(await page.locator('kg-graph-view select.layout').inputValue()).toBe('radial');

        // A node clicked: its id is in the fragment; the link, pasted into a fresh page with another remembered
        // layout, opens the node selected with its card, in the linked layout.
        const target = nodes.find((n) => n.paragraph !== null && n.paragraph > 1) ?? nodes[0];
        await page.locator(`kg-graph-view [data-node-id="${target.id}"]`).first().dispatchEvent('click');
        await eventually(() => page.evaluate(() => location.hash)).toContain(`node=${encodeURIComponent(target.id)}`);
        const link = await page.evaluate(() => location.href);
        expect(link).toContain(`doc=${info.documentId}`);
        await page.keyboard.press('Escape');
        await page.locator('kg-graph-view select.layout').selectOption('circle');
        await eventually(() => page.evaluate(() => location.hash)).toContain('layout=circle');
        await page.goto('about:blank');
        await page.goto(link);
        const card = page.locator('kg-detail-card');
        await card.waitFor({ timeout: 30_000 });
        await eventually(() => card.evaluate((el) => (el as unknown as { node: { id: string } | null }).node?.id)).toBe(
          target.id,
        );
        expect(await card.isVisible()).toBe(true);
        await eventually(() => layoutOf(page), { timeout: 30_000 }).toBe('radial');
        await shoot(page, `small-deeplink-${lang}-desktop.png`);
        // The default layout is left out of the fragment.
        await page.locator('kg-graph-view select.layout').selectOption('layered');
        await eventually(() => page.evaluate(() => location.hash)).not.toContain('layout=');
      });

      it('the trust panel has its own model picker; the model review uses it, the extractor stays', async () => {
        const { page } = browser;
        const reviews: Array<Record<string, unknown>> = [];
        await page.route('**/api/models', (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ models: FAKE_MODELS }),
          }),
        );
        await page.route('**/api/documents/*/verify', async (route) => {
          const body = route.request().postDataJSON() as Record<string, unknown>;
          if (body.mode !== 'standard') return route.continue();
          reviews.push(body);
          return route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'invalid_input', message: 'refused by the test' } }),
          });
        });
        try {
          const { info } = await loadedGraph(page);
          await page.goto('about:blank');
          await page.goto(`${baseUrl}/#doc=${info.documentId}`);
          await graphNodes(page).first().waitFor({ timeout: 30_000 });
          await page.getByRole('button', { name: l.trust }).click();
          const picker = page.getByLabel(l.trustModel);
          await picker.waitFor();
          // Nothing picked yet and the extractor is the built-in one: the first language model.
          expect(await picker.inputValue()).toBe('fake:alpha');
          expect(await picker.locator('option').allTextContents()).toEqual(['Alpha', 'Beta']);
          await picker.selectOption('fake:beta');
          await page.getByRole('button', { name: l.review }).click();
          await eventually(() => reviews.length).toBe(1);
          expect(reviews[0].model).toBe('fake:beta');
          await shoot(page, `small-trust-model-${lang}-desktop.png`);
          // The extractor's choice in the input panel is untouched.
          await page.getByRole('button', { name: /^(New text|新文本)$/ }).click();
          const extractor = page.locator('kg-input-panel select#model');
          expect(await extractor.inputValue()).toBe('builtin:heuristic');
          // Picking another extractor does not move the trust panel's model; it is remembered over a reload.
          await extractor.selectOption('fake:alpha');
          expect(await picker.inputValue()).toBe('fake:beta');
          await page.reload();
          await graphNodes(page).first().waitFor({ timeout: 30_000 });
          await page.getByRole('button', { name: l.trust }).click();
          await eventually(() => page.getByLabel(l.trustModel).inputValue()).toBe('fake:beta');
          await page.setViewportSize({ width: 390, height: 844 });
          await page.getByLabel(l.trustModel).scrollIntoViewIfNeeded();
          await shoot(page, `small-trust-model-${lang}-phone.png`);
          await page.setViewportSize({ width: 1440, height: 900 });
        } finally {
          await page.unrouteAll({ behavior: 'wait' });
        }
      });
    });
  }
});

describe('the Overview button and the Layout menu on a document over 800 nodes', () => {
  let documentId = '';
  beforeAll(async () => {
    const created = await createViaApi(baseUrl, { text: mixedText(60_000), title: 'Small things: a large document' });
    await taskSucceeded(baseUrl, created.taskId, { timeout: 150_000 });
    documentId = created.documentId;
    const doc = await (await fetch(`${baseUrl}/api/documents/${documentId}`)).json();
    expect(doc.nodeCount).toBeGreaterThan(800);
  }, 180_000);

  for (const { lang, locale, l } of CASES) {
    for (const size of [
      { width: 1440, height: 900, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      it(`both are clickable at ${size.width}×${size.height} (${lang})`, async () => {
        const browser = await openBrowser({ locale });
        try {
          const { page } = browser;
          await page.setViewportSize(size);
          await openDemo(page, baseUrl, `/#doc=${documentId}`);
          await graphNodes(page).first().waitFor({ timeout: 60_000 });
          const toggle = page.getByRole('button', { name: l.overview, exact: true });
          await toggle.waitFor();
          await page.locator('kg-graph-view select.layout').scrollIntoViewIfNeeded();
          const menuHit = await hitAtCentre(page, 'kg-graph-view select.layout');
          expect(menuHit).toMatchObject({ tag: 'select', part: 'menu' });
          const toggleHit = await hitAtCentre(page, 'kg-workbench .overview-toggle');
          expect(toggleHit).toMatchObject({ tag: 'button' });
          expect(toggleHit!.cls).toContain('overview-toggle');
          // Their boxes do not overlap at all.
          const a = (await page.locator('kg-graph-view select.layout').boundingBox())!;
          const b = (await page.locator('kg-workbench .overview-toggle').boundingBox())!;
          const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          expect(overlap).toBe(false);
          await shoot(page, `small-overview-${lang}-${size.name}.png`);
          // Both work: the menu changes the layout, the button opens the overview and back.
          await page.locator('kg-graph-view select.layout').selectOption('circle');
          await eventually(() => layoutOf(page)).toBe('circle');
          await toggle.click();
          const back = page.getByRole('button', { name: l.detail, exact: true });
          await back.waitFor({ timeout: 30_000 });
          await eventually(() => deepFocus(page)).toMatchObject({ tag: 'button' });
          await back.click();
          await page.getByRole('button', { name: l.overview, exact: true }).waitFor();
          expect(await page.locator('kg-graph-overview').count()).toBe(0);
        } finally {
          await browser.close();
        }
      }, 120_000);
    }
  }
});
