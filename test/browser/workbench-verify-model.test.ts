import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { useBrowser } from '../support/browser';
import { EN_TEXT, eventually, extract, openDemo } from './workbench-helpers';

const browser = useBrowser();
let llm: ScriptedLlm;
let worker: OwnWorker | undefined;
let baseUrl: string;

beforeAll(async () => {
  llm = await startScriptedLlm();
  // Not the default model: extraction stays with the built-in extractor, and the panel has to name the model.
  const models = [
    {
      provider: 'openai-compatible',
      model: 'ok@question-contradicted-fix',
      baseUrl: `${llm.url}/v1`,
      label: 'Scripted reviewer',
    },
  ];
  worker = await startOwnWorker('trust', { KG_MODELS: JSON.stringify(models) });
  baseUrl = worker.baseUrl;
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await llm?.close();
});

const revisionOf = () =>
  browser.page.evaluate(
    () =>
      (document.querySelector('kg-workbench') as unknown as { doc: { info: { revision: number } | null } }).doc.info
        ?.revision,
  );

describe('model review and questions in the workbench', () => {
  it('runs a model review as a task and applies the fix a question suggests', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openDemo(page, baseUrl);
    await extract(page, EN_TEXT, { title: 'Model review' });
    const first = (await revisionOf())!;

    await page.getByRole('button', { name: 'Check & review' }).click();
    const panel = page.locator('kg-verify-panel');
    expect(await panel.locator('[data-unavailable=model]').count()).toBe(0);
    await panel.getByRole('button', { name: 'Model review' }).click();
    await panel.getByRole('button', { name: 'Reviewing…' }).or(panel.locator('[data-report-id]')).first().waitFor();
    await panel.locator('[data-report-id]').waitFor({ timeout: 60_000 });
    expect(await panel.locator('.report-line').textContent()).toMatch(/^Model review · revision \d+$/);
    // The scripted reviewer's genuine issue survives, its forged one is dropped by the server; local rules are merged in.
    expect(await panel.locator('li.issue', { hasText: 'GENUINE' }).count()).toBe(1);
    expect(await panel.locator('li.issue', { hasText: 'FORGED' }).count()).toBe(0);
    expect(await panel.locator('li.issue', { hasText: 'local rule' }).count()).toBeGreaterThan(0);

    // Question a node from its card: the verdict, the answer and the cited unit, then its suggested fix.
    const node = page.locator('kg-graph-view [data-node-id]').first();
    const nodeId = (await node.getAttribute('data-node-id'))!;
    await node.click();
    await page.locator('kg-detail-card').getByRole('button', { name: 'Question this node' }).click();
    const box = page.locator('kg-question-box');
    expect(await box.locator('[data-question-target=node]').textContent()).toContain(`node ${nodeId}`);
    await box.getByLabel('Question or challenge').fill('Does this node really follow from the source?');
    await box.getByRole('button', { name: 'Ask' }).click();
    await box.locator('[data-verdict]').waitFor({ timeout: 60_000 });
    expect(await box.locator('[data-verdict]').getAttribute('data-verdict')).toBe('contradicted');
    expect(await box.locator('.kg-verdict-contradicted').textContent()).toBe('Challenge holds');
    await box
      .getByRole('button', { name: /^Unit \d+$/ })
      .first()
      .click();
    await eventually(() => page.locator('kg-source-pane [data-unit][aria-current="true"]').count()).toBeGreaterThan(0);
    await box.getByRole('button', { name: 'Accept the suggested fix' }).click();
    await eventually(() => revisionOf(), { timeout: 30_000 }).toBe(first + 1);
    await eventually(() => box.getByRole('button', { name: 'Applied' }).count()).toBe(1);
    expect(browser.errors).toEqual([]);
  });
});
