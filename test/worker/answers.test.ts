// POST /api/documents/:id/answers with a model (docs/contracts/answers.md#tests), against the scripted model server: its answers
// are picked by a tag in the question and cite ids fished out of the catalogue lines (test/support/scripted-answers.mjs).
// Admission must keep only clauses its cited evidence supports, render from evidence alone, and keep insufficient
// and out_of_scope empty; the task has the extraction's deadlines, retries, typed failures and cancel.
import { beforeAll, describe, expect, it } from 'vitest';
import { RETRY_NOTE, type GraphAnswerResult } from '../../core/answer';
import { askFixture } from '../../core/answer/__fixtures__/ask';
import { ask, postAnswer, publishAskFixture } from './answer-helpers';
import { expectError, json, waitForTask } from './helpers';
import { modelId, scriptedCalls } from './model-helpers';
import { TEST_MODEL_TIMEOUT_MS } from './scripted-models';

const MODEL = modelId('ok@answer');
let documentId = '';
/** The whole source text of the fixture: no answer may carry it. */
let fullText = '';

beforeAll(async () => {
  documentId = await publishAskFixture();
  fullText = askFixture(documentId)
    .units.map((u) => u.text)
    .join('\n\n');
});

async function answer(question: string, extra: Record<string, unknown> = {}) {
  const done = await ask(documentId, { question, model: MODEL, ...extra });
  expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
  const raw = JSON.stringify(done);
  expect(raw).not.toContain('sourceText');
  expect(raw).not.toContain(fullText.slice(0, 60));
  return done.result as GraphAnswerResult;
}

const shown = (r: GraphAnswerResult) =>
  JSON.stringify({ answer: r.answer, parts: r.parts, citations: r.citations, followUps: r.followUps });

describe('answers from a model, admitted against the evidence catalogue', () => {
  it('keeps the good part, drops the unknown id, renders from the evidence (units from 1)', async () => {
    const r = await answer('恢复依赖什么？');
    expect(r.status).toBe('answered');
    expect(r.parts).toHaveLength(1);
    expect(r.citations).toHaveLength(1);
    expect(r.citations[0]).toMatchObject({
      targetKind: 'node',
      nodeId: 'n1',
      documentId,
      paragraph: 1,
      entailmentStatus: 'unverified',
      quote: '恢复依赖检查点',
    });
    expect(r.answer).toContain('未验证的知识图提取');
    expect(r.answer).toContain('原文第 1 段');
    // The model's own wording is never the answer.
    expect(r.answer).not.toContain('资料表述，');
    expect(r.followUps.length).toBeGreaterThan(0);
    expect(r.followUps.join('')).not.toContain('奶酪');
    expect(r.admission.unknownEvidenceIds).toBe(1);
    expect(r).toMatchObject({ model: MODEL, answerer: 'model', documentId, revision: 1, lang: 'zh' });
  });

  it.each([
    ['only an unknown id', '#unknown-id'],
    ['a real id under an unrelated sentence', '#irrelevant'],
    ['unhedged wording on unverified evidence', '#unqualified'],
    ['an unrelated sentence riding on a good id', '#extra'],
    ['reversed negation', '#negation'],
    ['caveat leakage into the next clause', '#leak'],
    ['obeying an instruction hidden in the data', '#injection'],
  ])('%s → insufficient with no parts and no citations', async (_name, tag) => {
    const r = await answer(`恢复依赖什么？${tag}`);
    expect(r.status).toBe('insufficient');
    expect(r.parts).toEqual([]);
    expect(r.citations).toEqual([]);
    expect(r.followUps).toEqual([]);
    expect(shown(r)).not.toContain('奶酪');
    expect(shown(r)).not.toContain('42');
  });

  it('answers a relation question with the edge n1 → n2', async () => {
    const r = await answer('恢复关系如何支持断点续跑？');
    expect(r.status).toBe('answered');
    expect(r.citations.map((c) => [c.targetKind, c.fromNodeId, c.toNodeId, c.relation])).toEqual([
      ['edge', 'n1', 'n2', 'supports'],
    ]);
    expect(r.answer).toContain('资料中的关系提取');
  });

  it('answers from a source unit no node cites (the source fallback)', async () => {
    const r = await answer('SOURCE_ONLY_TOKEN 蓝色开关用于恢复');
    expect(r.status).toBe('answered');
    expect(r.citations.map((c) => [c.targetKind, c.targetId, c.paragraph])).toEqual([['source', 'paragraph:3', 3]]);
    expect(r.retrieval?.metrics.sourceFallbackUnits).toBeGreaterThan(0);
    expect(r.retrieval?.metrics.sourceFallbackEvaluated).toBe(true);
    expect(r.retrieval?.sourceUnits.some((u) => u.paragraph === 3 && u.sourceFallback)).toBe(true);
  });

  it.each(['out_of_scope', 'insufficient'])("keeps the model's %s empty", async (status) => {
    const r = await answer(`恢复依赖什么？#${status.replace(/_/g, '-')}`);
    expect(r.status).toBe(status);
    expect([r.parts, r.citations, r.followUps, r.supportingNodeIds]).toEqual([[], [], [], []]);
    expect(shown(r)).not.toContain('奶酪');
  });

  it('ignores a forged client graph and text: the evidence comes from the server only', async () => {
    const forged = { nodes: [{ id: 'n1', text: 'FORGED 恢复依赖检查点', quote: 'FORGED' }], edges: [] };
    const r = await answer('恢复依赖什么？', {
      graph: forged,
      text: 'FORGED source text',
      sourceText: 'FORGED',
      documentId: 'another-document',
    });
    expect(r.status).toBe('answered');
    expect(r.documentId).toBe(documentId);
    expect(r.citations.every((c) => c.documentId === documentId)).toBe(true);
    expect(JSON.stringify(r)).not.toContain('FORGED');
  });
});

describe('answer requests', () => {
  it('refuses bad input with typed 4xx errors before any task starts', async () => {
    expectError(await postAnswer(documentId, { question: '   ' }), 400, 'invalid_input');
    expectError(await postAnswer(documentId, { question: '问'.repeat(601) }), 400, 'invalid_input');
    expectError(await postAnswer(documentId, { question: '恢复', types: ['opinion'] }), 400, 'invalid_input');
    expectError(
      await postAnswer(documentId, { question: '恢复', types: Array(41).fill('fact') }),
      400,
      'limit_exceeded',
    );
    expectError(await postAnswer(documentId, { question: '恢复', limit: 21 }), 400, 'invalid_input');
    expectError(await postAnswer(documentId, { question: '恢复', surprise: 1 }), 400, 'invalid_input');
    expectError(
      await postAnswer(documentId, { question: '恢复', model: 'openai-compatible:nope' }),
      400,
      'unknown_model',
    );
    expectError(await postAnswer(documentId, { question: '恢复', model: 'builtin:heuristic' }), 400, 'unknown_model');
    expectError(await postAnswer('00000000-0000-4000-8000-000000000000', { question: '恢复' }), 404, 'not_found');
  });

  it('answers a stale expectedRevision with revision_conflict and the current revision', async () => {
    const res = await postAnswer(documentId, { question: '恢复依赖什么？', expectedRevision: 99 });
    expectError(res, 409, 'revision_conflict');
    expect(res.body.error?.currentRevision).toBe(1);
  });

  it('lists builtin:extractive as an answerer, never as a model', async () => {
    const { body } = await json<{
      models: { id: string }[];
      answerers: { id: string; kind: string; label: string; default: boolean }[];
    }>('/api/models');
    expect(body.models.map((m) => m.id)).not.toContain('builtin:extractive');
    expect(body.answerers[0]).toMatchObject({ id: 'builtin:extractive', kind: 'extractive', default: true });
    expect(body.answerers[0].label).toMatch(/extractive/i);
    expect(body.answerers[0].label).toMatch(/not a model/i);
    expect(body.answerers.find((a) => a.id === MODEL)).toMatchObject({ kind: 'model', default: false });
  });
});

describe('the answer task: deadlines, retries, typed failures, cancel', () => {
  it('fails schema_invalid after two unparseable answers, the second told why', async () => {
    const model = 'not-json@answer';
    const done = await ask(documentId, { question: '恢复依赖什么？', model: modelId(model) });
    expect(done).toMatchObject({ status: 'failed', error: { code: 'schema_invalid' } });
    const calls = await scriptedCalls(model);
    expect(calls).toHaveLength(2);
    expect(calls[0].user).not.toContain(RETRY_NOTE);
    expect(calls[1].user).toContain(RETRY_NOTE);
  });

  it('retries a transient provider failure and answers', async () => {
    const model = '500-once@answer';
    const done = await ask(documentId, { question: '恢复依赖什么？', model: modelId(model) });
    expect(done.status).toBe('succeeded');
    expect((done.result as GraphAnswerResult).status).toBe('answered');
    expect(await scriptedCalls(model)).toHaveLength(2);
  });

  it('fails timeout when the model never answers, and frees the document for the next answer', async () => {
    const t0 = Date.now();
    const done = await ask(documentId, { question: '恢复依赖什么？', model: modelId('hang@answer-timeout') });
    expect(done).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect(Date.now() - t0).toBeLessThan(TEST_MODEL_TIMEOUT_MS + 5_000);
    const next = await ask(documentId, { question: '恢复依赖什么？', model: MODEL });
    expect(next.status).toBe('succeeded');
  });

  it('settles a cancelled hung answer as cancelled (never a schema error), and frees the document', async () => {
    const started = await postAnswer(documentId, { question: '恢复依赖什么？', model: modelId('hang@answer') });
    expect(started.status).toBe(202);
    const taskId = started.body.taskId;
    // Wait until the model call is in flight.
    await expect.poll(async () => (await scriptedCalls('hang@answer')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // One task per document: a second question while this one runs is refused, not queued.
    expectError(await postAnswer(documentId, { question: '恢复依赖什么？', model: MODEL }), 409, 'busy');
    const t0 = Date.now();
    const cancelled = await json(`/api/tasks/${taskId}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    const final = await waitForTask(taskId);
    expect(final).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    // The provider call itself was aborted by the cancel (sent right after the call arrived), not by the deadline
    // 1.5 s later: the scripted server saw the connection close well before that.
    await expect.poll(async () => (await scriptedCalls('hang@answer'))[0].done, { timeout: 3_000 }).not.toBeNull();
    const [call] = await scriptedCalls('hang@answer');
    expect(call.done! - Math.max(call.at, t0)).toBeLessThan(1_000);
    // Past the model deadline, the record still says cancelled: the aborted call left nothing behind.
    await new Promise((r) => setTimeout(r, TEST_MODEL_TIMEOUT_MS + 300));
    expect((await json(`/api/tasks/${taskId}`)).body).toMatchObject({
      status: 'cancelled',
      error: { code: 'cancelled' },
    });
    expect((await ask(documentId, { question: '恢复依赖什么？', model: MODEL })).status).toBe('succeeded');
  });
});
