// The concept layer through POST /api/documents/:id/answers with builtin:extractive (issue 25): the layer fixture
// (core/answer/__fixtures__/layer.ts: anchors and mentions built by hand) committed through storage/graph-commit,
// then why / 为什么 and what is X / 什么是X answered over D1 (storage/graph-query-source.ts reads the `mentions` table
// of migration 0010) exactly as the browser's static mode answers over the same graph in memory; a mention is
// never cited and never comes back as an edge.
import { beforeAll, describe, expect, it } from 'vitest';
import { answerExportedGraph, type GraphAnswerResult } from '../../core/answer';
import { LAYER_QUESTIONS, layerFixture, type LayerGraph } from '../../core/answer/__fixtures__/layer';
import { newDocumentId } from '../../core/ids';
import { queryExportedGraph } from '../../core/query';
import { ask, publishRecorded } from './answer-helpers';
import { postQuery } from './graph-query-helpers';

let documentId = '';
let graph: LayerGraph;

beforeAll(async () => {
  documentId = newDocumentId();
  graph = layerFixture(documentId);
  await publishRecorded(graph);
});

async function answer(question: string): Promise<GraphAnswerResult> {
  const done = await ask(documentId, { question });
  expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
  const result = done.result as GraphAnswerResult;
  expect(result).toMatchObject({ model: 'builtin:extractive', answerer: 'extractive', documentId, revision: 1 });
  // The same answer in the browser's static mode over the same graph (D1 source and memory source agree).
  const local = await answerExportedGraph(graph, { question }, 0);
  expect({ status: result.status, answer: result.answer, citations: result.citations }).toEqual({
    status: local.status,
    answer: local.answer,
    citations: local.citations,
  });
  expect(result.retrieval?.matches).toEqual(local.retrieval?.matches);
  expect(result.retrieval?.graph.mentions).toEqual(local.retrieval?.graph.mentions);
  return result;
}

const cited = (r: GraphAnswerResult) => r.citations.map((c) => `${c.targetKind}:${c.targetId}`);

describe('builtin:extractive over the concept layer in D1', () => {
  it.each(Object.entries(LAYER_QUESTIONS))('%s', async (_name, q) => {
    const r = await answer(q.question);
    expect(r.status).toBe('answered');
    expect(cited(r)).toEqual(q.cites);
  });

  it('widens through the mentions table and never returns a mention as an edge or a citation', async () => {
    const r = await answer('What are ledgers?');
    expect(r.retrieval?.matches.find((m) => m.nodeId === 'safe')?.reasons).toEqual(['mention']);
    const mentionIds = new Set(graph.mentions.map((m) => m.id));
    expect(r.retrieval?.graph.edges.some((e) => mentionIds.has(e.id))).toBe(false);
    expect(r.citations.some((c) => mentionIds.has(c.targetId))).toBe(false);
  });
});

describe('graph query parity over the concept layer: D1 and the graph in memory', () => {
  it.each([
    { query: 'What are ledgers?' },
    { query: '什么是检查点？', hops: 2 },
    { query: 'ledger', types: ['claim', 'concept'], hops: 0 },
    { query: 'LEDGERS', limit: 1 },
  ])('%j', async (body) => {
    const server = await postQuery(documentId, body);
    expect(server.status, JSON.stringify(server.body).slice(0, 300)).toBe(200);
    const browser = await queryExportedGraph(graph, body);
    const comparable = (r: typeof browser) => ({
      matches: r.matches,
      nodes: r.graph.nodes.map((n) => n.id).sort(),
      edges: r.graph.edges.map((e) => e.id).sort(),
      mentions: r.graph.mentions,
      metrics: r.metrics,
    });
    expect(comparable(server.body)).toEqual(comparable(browser));
    expect(server.body.graph.mentions?.length).toBeGreaterThan(0);
  });
});
