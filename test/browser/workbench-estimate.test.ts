// The estimate beside Extract (issue 29): with a model selected, "Estimate" shows what the run would take (batches,
// calls, tokens, the cost from the model's prices), the same figures POST /api/estimate answers, all labelled
// estimates; nothing is created. Its own Worker, with a priced scripted model as the default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnWorker, type OwnWorker } from '../support/own-worker';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { useBrowser } from '../support/browser';
import { EN_TEXT, openDemo } from './workbench-helpers';

const browser = useBrowser();
let llm: ScriptedLlm;
let worker: OwnWorker | undefined;
const MODEL = 'openai-compatible:ok@estimate-page';

beforeAll(async () => {
  llm = await startScriptedLlm();
  const models = [
    {
      provider: 'openai-compatible',
      model: 'ok@estimate-page',
      baseUrl: `${llm.url}/v1`,
      label: 'Scripted priced model',
      default: true,
      batchChars: 400,
      prices: { inputPerMillion: 0.27, outputPerMillion: 1.1 },
    },
  ];
  worker = await startOwnWorker('estimate', { KG_MODELS: JSON.stringify(models) });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await llm?.close();
});

describe('the estimate beside Extract', () => {
  it('shows batches, calls, tokens and cost for the selected model, as the API does, and creates nothing', async () => {
    const { page } = browser;
    await openDemo(page, worker!.baseUrl);
    const newText = page.getByRole('button', { name: 'New text' });
    if (await newText.isVisible()) await newText.click();
    await page.getByLabel('Text to extract').fill(EN_TEXT);
    await page.getByRole('button', { name: 'Estimate' }).click();
    const line = page.locator('kg-input-panel [data-estimate]');
    await line.waitFor();
    const api = await (
      await fetch(`${worker!.baseUrl}/api/estimate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: EN_TEXT, model: MODEL }),
      })
    ).json();
    const n = (x: number) => x.toLocaleString('en');
    expect(await line.textContent()).toBe(
      `Estimate: ${n(api.batches)} batches, ${n(api.calls)} calls, about ${n(api.promptTokens)} prompt tokens and ${n(api.answerTokens)} answer tokens, about ${api.cost.total.toFixed(4)} USD`,
    );
    expect(api.batches).toBeGreaterThan(1);
    // Another text is not what the estimate was for: it goes.
    await page.getByLabel('Text to extract').fill(`${EN_TEXT}\n\nOne more paragraph.`);
    expect(await line.count()).toBe(0);
    expect(llm.calls().length).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
