// The offline answerer along the concept layer (issue 25), over a hand-built graph with anchors and mentions
// (__fixtures__/layer.ts): why / 为什么 answers with the reason, what is X / 什么是X with X's definition, the answer
// cites only catalogue evidence, and a mention is never cited, never shown or counted as a relation.
import { describe, expect, it } from 'vitest';
import { queryExportedGraph } from '../query';
import { LAYER_QUESTIONS, layerFixture } from './__fixtures__/layer';
import { detectIntent } from './intent';
import { answerExportedGraph } from './static';

const graph = layerFixture('doc-layer');
const ask = (question: string, g = graph) => answerExportedGraph(g, { question }, 0);
const cited = (r: Awaited<ReturnType<typeof ask>>) => r.citations.map((c) => `${c.targetKind}:${c.targetId}`);
const mentionIds = new Set(graph.mentions.map((m) => m.id));
const edgeIds = new Set(graph.edges.map((e) => e.id));

describe('question intent', () => {
  it.each([
    ['Why is the ground wet?', { kind: 'why', subject: 'is the ground wet' }],
    ['How come crops grow quickly?', { kind: 'why', subject: 'crops grow quickly' }],
    ['What causes the ground to be wet?', { kind: 'why', subject: 'the ground to be wet' }],
    ['为什么地面是湿的？', { kind: 'why', subject: '地面是湿的' }],
    ['地面为何是湿的呢？', { kind: 'why', subject: '地面是湿的' }],
    ['What are ledgers?', { kind: 'what', term: 'ledgers' }],
    ["What's a ledger?", { kind: 'what', term: 'ledger' }],
    ['Define checkpoint.', { kind: 'what', term: 'checkpoint' }],
    ['What does ledger mean?', { kind: 'what', term: 'ledger' }],
    ['什么是检查点？', { kind: 'what', term: '检查点' }],
    ['检查点是什么？', { kind: 'what', term: '检查点' }],
    ['检查点指什么', { kind: 'what', term: '检查点' }],
    ['检查点的定义是什么？', { kind: 'what', term: '检查点' }],
  ])('%s', (question, intent) => {
    expect(detectIntent(question)).toEqual(intent);
  });

  it('is none for other questions', () => {
    for (const q of [
      'How do nightly snapshots help auditors?',
      '恢复依赖什么？',
      'Where is the ledger kept?',
      '为什么',
    ])
      expect(detectIntent(q)).toBeNull();
  });
});

describe('why / 为什么: the reason of the statement asked about', () => {
  it.each([
    ['en causes', LAYER_QUESTIONS.enWhy],
    ['zh causes', LAYER_QUESTIONS.zhWhy],
    ['en driven_by (the driver stands at the edge end)', LAYER_QUESTIONS.enWhyDrivenBy],
  ])('%s', async (_name, q) => {
    const result = await ask(q.question);
    expect(result.status).toBe('answered');
    expect(result.answerer).toBe('extractive');
    expect(cited(result)).toEqual(q.cites);
  });

  it('renders the reason from its own evidence, hedged by the status labels', async () => {
    const en = await ask(LAYER_QUESTIONS.enWhy.question);
    expect(en.answer).toContain('Unverified graph extraction, unit 1: “It rained all night”');
    expect(en.answer).toContain('Extracted relation: “It rained all night” —causes→ “The ground is wet”. Unit 2:');
    const zh = await ask(LAYER_QUESTIONS.zhWhy.question);
    expect(zh.answer).toMatch(/资料中的未验证的知识图提取(：昨晚下了一整夜的雨。|，)原文第 5 段/);
  });

  const relabelled = (relation: string) => ({
    ...graph,
    edges: graph.edges.map((e) => (e.id === 'e-rain' ? { ...e, relation: relation as 'causes' } : e)),
  });

  it.each(['infers', 'supports'])('follows %s into the statement too', async (relation) => {
    const result = await ask(LAYER_QUESTIONS.enWhy.question, relabelled(relation));
    expect(cited(result)).toEqual(LAYER_QUESTIONS.enWhy.cites);
  });

  it.each(['example', 'is_a', 'analogy', 'contains'])('gives no reason along %s', async (relation) => {
    const result = await ask(LAYER_QUESTIONS.enWhy.question, relabelled(relation));
    expect(cited(result)).not.toContain('node:rain');
  });

  it('gives a reason once, though its relation has two evidence items', async () => {
    const twice = {
      ...graph,
      edges: graph.edges.map((e) =>
        e.id === 'e-rain' ? { ...e, evidence: [...e.evidence, { ...e.evidence[0], quote: 'because it rained' }] } : e,
      ),
    };
    const result = await ask(LAYER_QUESTIONS.enWhy.question, twice);
    expect(result.parts).toHaveLength(2);
    expect(cited(result)).toEqual(LAYER_QUESTIONS.enWhy.cites);
  });

  it('without the reason relation, there is no reason to give: the plain reading answers instead', async () => {
    const cut = { ...graph, edges: graph.edges.filter((e) => e.id !== 'e-rain') };
    const result = await ask(LAYER_QUESTIONS.enWhy.question, cut);
    expect(cited(result)).not.toContain('node:rain');
  });

  it('a reversed relation (the statement causes the other) gives no reason', async () => {
    const reversed = {
      ...graph,
      edges: graph.edges.map((e) => (e.id === 'e-rain' ? { ...e, fromNodeId: 'wet', toNodeId: 'rain' } : e)),
    };
    const result = await ask(LAYER_QUESTIONS.enWhy.question, reversed);
    expect(cited(result)).not.toContain('node:rain');
  });
});

describe('what is X / 什么是X: the anchor and its definition', () => {
  it('en: the node that defines the anchor (plural and case folded), with the defines relation', async () => {
    const result = await ask(LAYER_QUESTIONS.enWhat.question);
    expect(result.status).toBe('answered');
    expect(cited(result)).toEqual(LAYER_QUESTIONS.enWhat.cites);
    expect(result.answer).toContain('A ledger is a book that records every transfer');
  });

  it('zh: no defines edge, the definition that names the anchor (its mention)', async () => {
    const result = await ask(LAYER_QUESTIONS.zhWhat.question);
    expect(result.status).toBe('answered');
    expect(cited(result)).toEqual(LAYER_QUESTIONS.zhWhat.cites);
    expect(result.answer).toContain('检查点是任务在某一时刻保存的完整状态');
  });

  it('zh: without the mentions the definition is not found through the anchor', async () => {
    const bare = { ...graph, mentions: [] };
    const result = await ask(LAYER_QUESTIONS.zhWhat.question, bare);
    // The plain reading may still cite units that hold the term, but not as the anchor's definition part alone.
    expect(cited(result)).not.toEqual(LAYER_QUESTIONS.zhWhat.cites);
  });

  it('with no definition, the statements that name the anchor', async () => {
    const undefinedLedger = {
      ...graph,
      nodes: graph.nodes.filter((n) => n.id !== 'ledger-def'),
      edges: graph.edges.filter((e) => e.id !== 'e-def'),
      mentions: graph.mentions.filter((m) => m.nodeId !== 'ledger-def'),
    };
    const result = await ask('What is a ledger?', undefinedLedger);
    expect(result.status).toBe('answered');
    expect(cited(result)).toEqual(['node:safe']);
  });
});

describe('mentions are not relations', () => {
  it('widen retrieval to a statement that shares no other word with the question', async () => {
    const retrieval = await queryExportedGraph(graph, { query: 'What are ledgers?', limit: 12 });
    const safe = retrieval.matches.find((m) => m.nodeId === 'safe');
    expect(safe?.reasons).toEqual(['mention']);
    const bare = await queryExportedGraph({ ...graph, mentions: [] }, { query: 'What are ledgers?', limit: 12 });
    expect(bare.matches.some((m) => m.nodeId === 'safe')).toBe(false);
  });

  it('are carried apart from the edges of the retrieval, and never cited or rendered as a relation', async () => {
    for (const q of [...Object.values(LAYER_QUESTIONS).map((x) => x.question), 'What is a ledger?']) {
      const result = await ask(q);
      const retrieval = result.retrieval!;
      expect(retrieval.graph.edges.every((e) => edgeIds.has(e.id))).toBe(true);
      expect(retrieval.metrics.returnedEdges).toBe(retrieval.graph.edges.length);
      for (const c of result.citations) {
        expect(mentionIds.has(c.targetId)).toBe(false);
        if (c.targetKind === 'edge') expect(edgeIds.has(c.targetId)).toBe(true);
      }
      expect(result.answer).not.toMatch(/mention/i);
    }
    const what = await ask('What are ledgers?');
    expect(what.retrieval!.graph.mentions?.map((m) => m.id).sort()).toEqual(['m-def', 'm-safe']);
  });
});
