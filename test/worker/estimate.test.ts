// The estimate before a run (issue 29): POST /api/estimate and dryRun on create and append answer the batches the
// run then plans (exactly), its prompt characters (within 5 %: the run's own prompts, counted by the scripted
// server), tokens labelled an estimate, and a cost where the model carries prices; nothing is created.
import { describe, expect, it } from 'vitest';
import { createDocument, json, waitForTask, writeAuth } from './helpers';
import { modelId, paragraphs, scriptedCalls } from './model-helpers';
import { ESTIMATE_PRICES } from './scripted-models';

const promptChars = (calls: { system: string; user: string }[]) =>
  calls.reduce((sum, c) => sum + c.system.length + c.user.length, 0);

describe('the estimate before a run', () => {
  it('matches the run: its batches exactly, its calls and its prompt size within 5 %, with a cost from prices', async () => {
    const text = paragraphs(9, 'est');
    const model = modelId('ok@estimate');
    const { status, body: estimate } = await json('/api/estimate', { method: 'POST', json: { text, model } });
    expect(status).toBe(200);
    expect(estimate).toMatchObject({
      dryRun: true,
      model,
      extractor: 'model',
      tokens: { method: 'ratio', estimate: true },
    });
    expect(estimate.batches).toBeGreaterThanOrEqual(6);
    expect(estimate.calls).toBe(estimate.batches);
    expect(estimate.promptTokens).toBeGreaterThan(estimate.promptChars / 6);
    expect(estimate.promptTokens).toBeLessThan(estimate.promptChars / 3);
    expect(estimate.answerTokens).toBeGreaterThan(0);
    const cost =
      (estimate.promptTokens / 1e6) * ESTIMATE_PRICES.inputPerMillion +
      (estimate.answerTokens / 1e6) * ESTIMATE_PRICES.outputPerMillion;
    expect(estimate.cost).toMatchObject({ currency: 'USD', estimate: true });
    expect(estimate.cost.total).toBeCloseTo(cost, 5);

    // dryRun on create answers the same, and creates nothing.
    const dry = await json('/api/documents', { method: 'POST', json: { text, model, dryRun: true } });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual(estimate);

    const created = await createDocument(text, { model });
    const task = await waitForTask(created.taskId);
    expect(task.status).toBe('succeeded');
    expect(task.progress.total).toBe(estimate.batches);
    const calls = await scriptedCalls('ok@estimate', 'est');
    expect(calls.length).toBe(estimate.calls);
    const sent = promptChars(calls);
    expect(Math.abs(sent - estimate.promptChars) / sent).toBeLessThan(0.05);
  });

  it('estimates an append with the graph it extends (dryRun), and starts nothing', async () => {
    const model = modelId('ok@estimate-append');
    const created = await createDocument(paragraphs(3, 'base'), { model });
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
    const before = (await scriptedCalls('ok@estimate-append')).length;
    const more = paragraphs(5, 'more');
    const dry = await json(`/api/documents/${created.documentId}/append`, {
      method: 'POST',
      json: { text: more, model, dryRun: true },
      headers: writeAuth(created.documentId),
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, model });
    expect(dry.body.cost).toBeUndefined();
    expect((await json(`/api/documents/${created.documentId}`)).body.revision).toBe(1);
    const appended = await json(`/api/documents/${created.documentId}/append`, {
      method: 'POST',
      json: { text: more, model },
      headers: writeAuth(created.documentId),
    });
    expect(appended.status).toBe(202);
    const task = await waitForTask(appended.body.taskId);
    expect(task.status).toBe('succeeded');
    expect(task.progress.total).toBe(dry.body.batches);
    // The append's calls: those after the first extraction's.
    const calls = (await scriptedCalls('ok@estimate-append')).slice(before);
    expect(calls.length).toBe(dry.body.calls);
    const sent = promptChars(calls);
    expect(Math.abs(sent - dry.body.promptChars) / sent).toBeLessThan(0.05);
  });

  it('the built-in extractor: its batches, and no call, no prompt, no cost', async () => {
    const { body } = await json('/api/estimate', { method: 'POST', json: { text: paragraphs(3, 'h') } });
    expect(body).toMatchObject({
      model: 'builtin:heuristic',
      extractor: 'heuristic',
      batches: 1,
      calls: 0,
      promptChars: 0,
    });
    expect(body.cost).toBeUndefined();
  });

  it('refuses what a run would refuse, typed', async () => {
    expect((await json('/api/estimate', { method: 'POST', json: { text: '  ' } })).body.error.code).toBe(
      'invalid_input',
    );
    const unknown = await json('/api/estimate', { method: 'POST', json: { text: 'x y z.', model: 'nope:x' } });
    expect(unknown.body.error.code).toBe('unknown_model');
  });
});
