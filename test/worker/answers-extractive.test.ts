// builtin:extractive through POST /api/documents/:id/answers (no model configured as default, so it is the default
// answerer): a question answerable from one unit, one answerable only through a relation, and `insufficient` for an
// unrelated question, in Chinese and in English. It is labelled extractive on the task and the result, never a
// model; and the browser's static mode (core's answerExportedGraph over the export file) gives the same answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { answerExportedGraph, type GraphAnswerResult } from '../../core/answer';
import { EXTRACTIVE_QUESTIONS } from '../../core/answer/__fixtures__/ask';
import type { GraphExport } from '../../core/export/graph-export';
import { ask, publishAskFixture } from './answer-helpers';
import { allUnits, call, expectError, extractAndWait, json, writeAuth } from './helpers';

let documentId = '';
let exported: GraphExport;

beforeAll(async () => {
  documentId = await publishAskFixture();
  const res = await call(`/api/documents/${documentId}/export?format=json`);
  expect(res.status).toBe(200);
  exported = (await res.json()) as GraphExport;
});

async function answer(question: string) {
  const done = await ask(documentId, { question });
  expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
  expect(done.model).toBe('builtin:extractive');
  const result = done.result as GraphAnswerResult;
  expect(result).toMatchObject({ model: 'builtin:extractive', answerer: 'extractive', documentId, revision: 1 });
  // The same answer in the browser's static mode, over the export of the same revision.
  const local = await answerExportedGraph(exported, { question }, 0);
  expect({ status: local.status, answer: local.answer, citations: local.citations }).toEqual({
    status: result.status,
    answer: result.answer,
    citations: result.citations,
  });
  return result;
}

describe('builtin:extractive', () => {
  it.each([
    ['Chinese', EXTRACTIVE_QUESTIONS.zhOneUnit, 'zh', '未验证的知识图提取'],
    ['English', EXTRACTIVE_QUESTIONS.enOneUnit, 'en', 'Unverified graph extraction'],
  ])('answers a question answerable from one unit (%s)', async (_name, q, lang, label) => {
    const r = await answer(q.question);
    expect(r.status).toBe('answered');
    expect(r.lang).toBe(lang);
    expect(r.citations.map((c) => [c.targetKind, c.targetId])).toEqual([['node', q.cites]]);
    expect(r.answer).toContain(label);
    expect(r.answer).toContain(`“${r.citations[0].quote}”`);
  });

  it.each([
    ['Chinese', EXTRACTIVE_QUESTIONS.zhRelation, '资料中的关系提取'],
    ['English', EXTRACTIVE_QUESTIONS.enRelation, 'Extracted relation'],
  ])('answers a question answerable only through a relation (%s)', async (_name, q, label) => {
    const r = await answer(q.question);
    expect(r.status).toBe('answered');
    expect(r.citations.map((c) => [c.targetKind, c.targetId])).toEqual([['edge', q.cites]]);
    expect(r.supportingNodeIds).toHaveLength(2);
    expect(r.answer).toContain(label);
  });

  it.each([
    ['Chinese', EXTRACTIVE_QUESTIONS.zhUnrelated, '不足以回答'],
    ['English', EXTRACTIVE_QUESTIONS.enUnrelated, 'not enough to answer'],
  ])('answers insufficient rather than cite unrelated evidence (%s)', async (_name, q, text) => {
    const r = await answer(q.question);
    // Retrieval found something to cite; the answerer declined to.
    expect(r.retrieval?.matches.length).toBeGreaterThan(0);
    expect(r.retrieval?.metrics.evidenceItems).toBeGreaterThan(0);
    expect(r.status).toBe('insufficient');
    expect([r.parts, r.citations, r.followUps]).toEqual([[], [], []]);
    expect(r.answer).toContain(text);
  });
});

describe('builtin:extractive over a graph the pipeline extracted', () => {
  const text = [
    '# Durable Objects',
    'Each document has exactly one Durable Object, which runs its tasks one at a time.',
    'The task runner writes a checkpoint to R2 after every batch. Therefore an interrupted task resumes from its checkpoints.',
    '# 知识图',
    '知识图由节点和关系组成。每个节点都引用原文中的一个单元。',
    '因此，回答问题时必须引用证据。',
  ].join('\n\n');
  let extracted = '';

  beforeAll(async () => {
    const created = await extractAndWait(text);
    expect(created.task.status).toBe('succeeded');
    extracted = created.documentId;
  });

  it.each([
    ['Where does the task runner write a checkpoint?', 'en'],
    ['知识图由什么组成？', 'zh'],
  ])('answers %s from the extracted graph, citing a unit that says it', async (question, lang) => {
    const done = await ask(extracted, { question });
    const r = done.result as GraphAnswerResult;
    expect(r.status).toBe('answered');
    expect(r.lang).toBe(lang);
    expect(r.citations.length).toBeGreaterThan(0);
    const units = await allUnits(extracted);
    for (const c of r.citations) expect(units.find((u) => u.n === c.paragraph)?.text).toContain(c.quote);
  });

  it('answers insufficient for a question the text does not answer', async () => {
    const r = (await ask(extracted, { question: 'How many tasks can a Durable Object bill per month?' }))
      .result as GraphAnswerResult;
    expect(r.status).toBe('insufficient');
    expect(r.citations).toEqual([]);
  });

  it('may be asked with a read capability of the document (asking never changes the graph), and not of another', async () => {
    const cap = await json(`/api/documents/${extracted}/capabilities`, {
      method: 'POST',
      json: { scope: 'read', ttlSeconds: 300 },
      headers: writeAuth(extracted),
    });
    expect(cap.status).toBe(201);
    const read = { authorization: `Bearer ${cap.body.token}` };
    const started = await json(`/api/documents/${extracted}/answers`, {
      method: 'POST',
      json: { question: '知识图由什么组成？' },
      headers: read,
    });
    expect(started.status).toBe(202);
    await expect
      .poll(async () => (await json(`/api/tasks/${started.body.taskId}`, { headers: read })).body.status, {
        timeout: 20_000,
      })
      .toBe('succeeded');
    expectError(
      await json(`/api/documents/${documentId}/answers`, {
        method: 'POST',
        json: { question: '恢复依赖什么？' },
        headers: read,
      }),
      404,
      'not_found',
    );
  });
});
