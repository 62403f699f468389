// The fact-check tab of the workbench (issue 14) through the real page, against a `wrangler dev` of its own whose only
// language model is the project's scripted OpenAI-compatible server (the fact-check judge replies of
// test/support/scripted-fact-check.mjs) and whose Wikipedia is the scripted MediaWiki Action API: a fact-check run
// with the mouse (deep mode, Wikipedia plus pasted rules), claim cards with their verdicts and evidence links, a claim
// followed to its node (selected in the graph) and its unit (current in the source), a claim ignored through the API,
// the report marked stale after an append;
// and, on the shared wrangler dev with no model, the panel explaining why it is unavailable. Screenshots of the panel
// at desktop and phone size go to test-results/fact-check-*.png.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newStateDir, removeState, startDev, stopDev, type Dev } from '../e2e/harness';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { startScriptedMediaWiki, type ScriptedMediaWiki } from '../support/scripted-mediawiki.mjs';
import { useBrowser } from '../support/browser';
import { eventually, extract, openDemo, settled } from './workbench-helpers';

const browser = useBrowser();
const OUT = path.resolve(__dirname, '../../test-results');
let llm: ScriptedLlm;
let wiki: ScriptedMediaWiki;
let dev: Dev | undefined;
let stateDir: string;
let baseUrl: string;

// Sentences the built-in extractor types as checkable (facts, definitions, rules) and the scripted wiki has pages for.
const TEXT = [
  '# Rivers and water',
  'The Yangtze is the longest river in Asia. Its basin is home to a third of the population of China.',
  'At sea level, water boils at 100 degrees Celsius.',
  '## Plants',
  'Photosynthesis is defined as the process by which plants convert light energy into chemical energy.',
  'Farmers must rotate their crops every season to keep the soil fertile.',
].join('\n\n');
const RULES = 'Art. 1 Water boils at 100 degrees Celsius at sea level.\n\nArt. 2 Crops are rotated every season.';

beforeAll(async () => {
  [llm, wiki] = await Promise.all([startScriptedLlm(), startScriptedMediaWiki()]);
  stateDir = newStateDir();
  // Not the default model: extraction stays with the built-in extractor; the fact-check names this model.
  const models = [
    { provider: 'openai-compatible', model: 'ok@fact', baseUrl: `${llm.url}/v1`, label: 'Scripted fact-checker' },
  ];
  dev = await startDev(stateDir, { KG_MODELS: JSON.stringify(models), KG_WIKIPEDIA_API: wiki.apiTemplate });
  baseUrl = dev.base;
}, 120_000);

afterAll(async () => {
  await stopDev(dev);
  await Promise.all([llm?.close(), wiki?.close()]);
  if (stateDir) removeState(stateDir);
});

const panel = (page: Page) => page.locator('kg-fact-check-panel');

async function openFactCheck(page: Page) {
  await page.getByRole('button', { name: 'Check & review' }).click();
  await page.getByRole('tab', { name: 'Fact check' }).click();
  await panel(page).locator('[data-start]').waitFor({ timeout: 20_000 });
}

/** The panel at desktop (1280×800) and phone (390×844) size, scrolled into view. */
async function shoot(page: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    const claims = panel(page).locator('li.claim');
    await ((await claims.count()) ? claims.first() : panel(page).locator('[data-start]')).scrollIntoViewIfNeeded();
    await page.mouse.move(2, 2);
    await settled(page);
    await page.screenshot({ path: path.join(OUT, `fact-check-${name}-${size}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the fact-check panel', () => {
  it('runs a fact-check with the mouse, shows verdicts and evidence, follows a claim to its node and unit, ignores one, and marks the report stale after an append', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemo(page, baseUrl);
    await extract(page, TEXT, { title: 'Rivers, water and plants' });
    await openFactCheck(page);
    const p = panel(page);
    expect(await p.locator('[data-unavailable=model]').count()).toBe(0);
    expect(await p.locator('[data-mode-note]').textContent()).toContain('Deep mode');
    expect(await p.getByText('Model: ').textContent()).toContain('ok@fact');

    // Rules pasted: the hint counts the passages as the server will split them.
    await p.getByLabel('Rule sources (optional)').fill(RULES);
    await eventually(() => p.locator('[data-rules-hint]').textContent()).toBe('Will attach 2 rule passages.');
    await p.getByRole('button', { name: 'Start fact-check' }).click();
    await p.locator('[data-report-id]').waitFor({ timeout: 90_000 });

    // Claim cards with verdict tags; the scripted judge supports every claim with its first evidence item.
    const cards = p.locator('li.claim');
    expect(await cards.count()).toBeGreaterThan(1);
    const verdicts = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(verdicts.every((v) => v === 'supported')).toBe(true);
    expect(await cards.first().locator('[data-verdict-tag]').textContent()).toBe('Supported');
    expect(await p.locator('[data-metric=rate]').getAttribute('class')).toContain('good');
    // A Wikipedia item is a link to the (scripted) article, opening in a new tab without an opener or a referrer.
    const link = cards.locator('.evidence a').first();
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${wiki.url}/[a-z]+/wiki/`));
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await p.locator('[data-evidence-quote]').count()).toBeGreaterThan(0);
    expect(wiki.calls().length).toBeGreaterThan(0);

    // "Locate in graph": the claim's node is selected in the graph and its unit is current in the source.
    const card = p.locator('li.claim[data-unit]').last();
    const nodeId = (await card.getAttribute('data-node-id'))!;
    const unit = await card.getAttribute('data-unit');
    // The checked statement is the node's source quote, so it is in the unit.
    const quote = ((await card.locator('.claim-text').textContent()) ?? '').trim();
    await card.getByRole('button', { name: 'Locate in graph' }).click();
    await eventually(() => page.locator(`kg-graph-view [data-node-id="${nodeId}"]`).getAttribute('aria-selected')).toBe(
      'true',
    );
    const shownUnit = page.locator(`kg-source-pane [data-unit="${unit}"]`);
    await eventually(() => shownUnit.getAttribute('aria-current')).toBe('true');
    expect(await shownUnit.textContent()).toContain(quote.slice(0, 30));

    await shoot(page, 'report');

    // "Ignore": the claim becomes rejected through the API and says so.
    const claimId = (await card.getAttribute('data-claim-id'))!;
    await card.getByRole('button', { name: 'Ignore' }).click();
    await eventually(() => card.locator('.status').textContent()).toBe('Ignored');
    const documentId = await page.evaluate(
      () =>
        (document.querySelector('kg-workbench') as unknown as { doc: { info: { documentId: string } } }).doc.info
          .documentId,
    );
    const stored = (await (await fetch(`${baseUrl}/api/documents/${documentId}/fact-check`)).json()) as {
      report: { claims: Array<{ id: string; status: string }> };
    };
    expect(stored.report.claims.find((c) => c.id === claimId)?.status).toBe('rejected');
    expect(await page.locator('kg-trust-tabs p.message.info').textContent()).toContain(
      'The external challenge was ignored.',
    );

    // An append makes the report cover an older revision: the panel says so and offers to check again.
    expect(await p.locator('[data-stale]').count()).toBe(0);
    const revision = () =>
      page.evaluate(
        () =>
          (document.querySelector('kg-workbench') as unknown as { doc: { info: { revision: number } | null } }).doc.info
            ?.revision,
      );
    const before = (await revision())!;
    await page.getByRole('button', { name: 'New text' }).click();
    await page.getByLabel('Text to extract').fill('A lake is defined as a body of water surrounded by land.');
    await page.getByRole('button', { name: 'Append to this graph' }).click();
    await eventually(() => revision(), { timeout: 30_000 }).toBe(before + 1);
    await eventually(() => p.locator('[data-stale]').textContent()).toContain(`covers revision ${before}`);
    expect(await p.locator('[data-start]').textContent()).toContain('Check again');
    // The pasted rules are still there to check again with (the panel is re-created when the result re-renders).
    expect(await p.getByLabel('Rule sources (optional)').inputValue()).toBe(RULES);

    // The same report in Chinese (docs/contracts/fact-check.md#workbench wording).
    await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
    await eventually(() => p.locator('[data-start]').textContent()).toContain('重新核查');
    expect(await page.getByRole('tab', { name: '外部事实核查' }).getAttribute('aria-selected')).toBe('true');
    expect(await cards.first().locator('[data-verdict-tag]').textContent()).toBe('支持');
    expect(await p.locator('[data-stale]').textContent()).toContain('图已追加更新');
    // The summary line speaks the reader's language too, not the (English) document's.
    expect(await p.locator('p.summary').textContent()).toMatch(/^外部事实核查完成：\d+ 项支持/);
    await shoot(page, 'report-zh');
    expect(browser.errors).toEqual([]);
  }, 180_000);

  it('explains why it is unavailable when no model is configured (the shared wrangler dev has none)', async () => {
    const { page } = browser;
    const shared = inject('baseUrl');
    await openDemo(page, shared);
    await extract(page, TEXT, { title: 'No model' });
    await openFactCheck(page);
    const p = panel(page);
    expect(await p.locator('[data-unavailable=model]').textContent()).toContain('Fact-checking is unavailable');
    expect(await p.locator('[data-unavailable=model] a').getAttribute('href')).toBeTruthy();
    expect(await p.getByRole('button', { name: 'Start fact-check' }).isDisabled()).toBe(true);
    expect(await p.getByRole('button', { name: 'Start fact-check' }).getAttribute('aria-describedby')).toBe(
      'fc-needs-model',
    );
    await shoot(page, 'no-model');
    expect(browser.errors).toEqual([]);
  }, 120_000);
});
