// Kill `wrangler dev` in the middle of a model-backed task and start it again on the same state folder: the task
// resumes from its R2 checkpoints (the Durable Object's heartbeat alarm) without asking the model again for the
// batches it had finished.
import { afterAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../support/scripted-llm.mjs';
import { api, newStateDir, poll, removeState, scriptedModels, startDev, stopDev, type Dev } from './harness';

let llm: ScriptedLlm | undefined;
let dev: Dev | undefined;
let stateDir: string | undefined;

afterAll(async () => {
  await stopDev(dev);
  if (stateDir) removeState(stateDir);
  await llm?.close();
});

const text = Array.from(
  { length: 20 },
  (_, i) =>
    `Section ${i + 1} says that river ${i + 1} floods in spring. Therefore farms near river ${i + 1} move uphill.`,
).join('\n\n');

describe('kill and restart', () => {
  it('resumes a running task from its checkpoints after wrangler dev is killed', async () => {
    llm = await startScriptedLlm();
    stateDir = newStateDir();
    const vars = {
      KG_MODELS: scriptedModels(llm.url, ['slow-700'], { concurrency: 1, batchChars: 200 }),
      KG_MODEL_TIMEOUT_MS: '5000',
      KG_RESUME_DELAY_MS: '1500',
    };
    dev = await startDev(stateDir, vars);
    const created = await api(dev.base, '/api/documents', {
      method: 'POST',
      json: { text, model: 'openai-compatible:slow-700' },
    });
    const { taskId, documentId } = created.body;
    const running = await poll(
      () => api(dev!.base, `/api/tasks/${taskId}`),
      (r) => r.body.progress.done >= 3,
      60_000,
    );
    expect(running.body.status).toBe('running');
    const total = running.body.progress.total;
    expect(total).toBeGreaterThanOrEqual(8);

    await stopDev(dev, 'SIGKILL');
    dev = undefined;
    const askedBefore = llm.calls('slow-700').map((c) => c.units[0]);

    dev = await startDev(stateDir, vars);
    const done = await poll(
      () => api(dev!.base, `/api/tasks/${taskId}`),
      (r) => !['queued', 'running'].includes(r.body.status),
      120_000,
    );
    expect(done.body).toMatchObject({ status: 'succeeded', revision: 1 });

    const doc = await api(dev.base, `/api/documents/${documentId}`);
    const resumed = doc.body.audit.resumedBatches;
    expect(resumed).toBeGreaterThanOrEqual(3);
    const askedAfter = llm
      .calls('slow-700')
      .slice(askedBefore.length)
      .map((c) => c.units[0]);
    // Only the batches that had not been checkpointed were asked for again.
    expect(askedAfter.length).toBe(total - resumed);
    expect(askedBefore.length + askedAfter.length).toBeLessThanOrEqual(total + 1);
    const graph = await api(dev.base, `/api/documents/${documentId}/graph`);
    expect(graph.body.view.totalNodes).toBeGreaterThanOrEqual(12);
  }, 240_000);
});
