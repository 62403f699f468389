// End to end over real HTTP: `wrangler dev` extracts with a model served by the scripted OpenAI-compatible server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { api, newStateDir, poll, removeState, scriptedModels, startDev, stopDev, type Dev } from './harness';

let llm: ScriptedLlm;
let dev: Dev;

beforeAll(async () => {
  llm = await startScriptedLlm();
  dev = await startDev(newStateDir(), {
    KG_LLM_BASE_URL: llm.url,
    KG_LLM_MODEL: 'auto',
    KG_LLM_API_KEY: 'sk-e2e-secret',
    KG_MODELS: scriptedModels(llm.url, ['hang']),
    KG_MODEL_TIMEOUT_MS: '2000',
  });
});

afterAll(async () => {
  await stopDev(dev);
  if (dev) removeState(dev.stateDir);
  await llm?.close();
});

describe('wrangler dev with a model over real HTTP', () => {
  it('makes the KG_LLM_* model the default and extracts with it', async () => {
    const models = await api(dev.base, '/api/models');
    expect(models.body.models.find((m: { default: boolean }) => m.default).id).toBe('openai-compatible:auto');
    expect(JSON.stringify(models.body)).not.toContain('sk-e2e-secret');

    const text =
      'Rivers carry water to the sea. Therefore deltas form at river mouths.\n\n所谓三角洲，是指河口的沉积地貌。';
    const created = await api(dev.base, '/api/documents', { method: 'POST', json: { text } });
    expect(created.status).toBe(202);
    const task = await poll(
      () => api(dev.base, `/api/tasks/${created.body.taskId}`),
      (r) => !['queued', 'running'].includes(r.body.status),
      30_000,
    );
    expect(task.body).toMatchObject({ status: 'succeeded', model: 'openai-compatible:auto', revision: 1 });
    const graph = await api(dev.base, `/api/documents/${created.body.documentId}/graph`);
    expect(graph.body.nodes.length).toBeGreaterThanOrEqual(2);
    expect(graph.body.nodes.every((n: { groundingStatus: string }) => n.groundingStatus === 'grounded')).toBe(true);
    const call = llm.calls('auto')[0];
    expect(call.user).toContain('[1] Rivers carry water to the sea.');
  });

  it('fails a hung provider with timeout at the deadline and publishes nothing', async () => {
    const created = await api(dev.base, '/api/documents', {
      method: 'POST',
      json: { text: 'One sentence here.', model: 'openai-compatible:hang' },
    });
    const t0 = Date.now();
    const task = await poll(
      () => api(dev.base, `/api/tasks/${created.body.taskId}`),
      (r) => !['queued', 'running'].includes(r.body.status),
      30_000,
    );
    expect(task.body).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect(Date.now() - t0).toBeLessThan(10_000);
    const doc = await api(dev.base, `/api/documents/${created.body.documentId}`);
    expect(doc.body).toMatchObject({ revision: 0, nodeCount: 0 });
  });
});
