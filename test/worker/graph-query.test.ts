// POST /api/documents/:id/query in workerd over local D1 (docs/contracts/graph-query.md#tests): the seed fixture's exact, filtered
// and late queries, budgets, revision conflicts, refused filters, a forged client graph that is ignored, no source
// text in any answer, the required indexes, and keyset paging across pages of candidates.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDocumentId } from '../../core/ids';
import type { KgNode } from '../../core/schema';
import { consumptionFixture } from '../../core/query/__fixtures__/consumption';
import { CANDIDATE_PAGE } from '../../storage/graph-query-source';
import { call, createDocument, expectError, json, waitForTask } from './helpers';
import { postQuery, publishGraph } from './graph-query-helpers';

const documentId = newDocumentId();
const ids = (list: { id: string }[]) => list.map((n) => n.id).sort();

beforeAll(async () => {
  await publishGraph(consumptionFixture(documentId));
}, 60_000);

describe('POST /api/documents/:id/query', () => {
  it('an explicit id with hops 0 answers exactly one match and one node', async () => {
    const { status, body } = await postQuery(documentId, { nodeIds: ['n1'], hops: 0 });
    expect(status).toBe(200);
    expect(body.matches.map((m) => m.nodeId)).toEqual(['n1']);
    expect(ids(body.graph.nodes)).toEqual(['n1']);
    expect(body).toMatchObject({ documentId, revision: 1, graph: { view: { kind: 'consumption', totalNodes: 803 } } });
  });

  it('filters by entailment; an unknown status is refused, not dropped', async () => {
    expect(
      (await postQuery(documentId, { entailmentStatuses: ['uncertain'] })).body.matches.map((m) => m.nodeId),
    ).toEqual(['n802']);
    expect(
      (await postQuery(documentId, { entailmentStatuses: ['unsupported'] })).body.matches.map((m) => m.nodeId),
    ).toEqual(['n803']);
    const refused = await postQuery(documentId, { entailmentStatuses: ['unsupported', 'contradicted'] });
    expectError(refused, 400, 'invalid_input');
    expect(refused.body.error?.message).toContain('contradicted');
    expectError(
      await postQuery(documentId, { types: Array.from({ length: 41 }, () => 'claim') }),
      400,
      'limit_exceeded',
    );
    expectError(await postQuery(documentId, { types: 'claim' }), 400, 'invalid_input');
    expectError(await postQuery(documentId, {}), 400, 'invalid_input');
  });

  it('filters by type, section and grounding together', async () => {
    const { body } = await postQuery(documentId, {
      types: ['fact'],
      sectionIds: ['s1'],
      groundingStatuses: ['grounded'],
      hops: 0,
    });
    expect(body.matches.map((m) => m.nodeId)).toEqual(['n2']);
    const none = await postQuery(documentId, { query: '恢复', sectionIds: ['s2'] });
    expect(none.body.matches).toEqual([]);
  });

  it('matches n1 for its text; n2 comes along as context, not as a match', async () => {
    const { body } = await postQuery(documentId, { query: '恢复依赖检查点', limit: 1, hops: 1 });
    expect(body.matches.map((m) => m.nodeId)).toEqual(['n1']);
    expect(ids(body.graph.nodes)).toContain('n2');
    expect(body.graph.view.directMatches).toEqual(['n1']);
  });

  it('finds n801 past the first 800-node window, and the late exact match wins over 800 early common ones', async () => {
    const window = await json(`/api/documents/${documentId}/graph?limit=800`);
    expect(ids(window.body.nodes)).not.toContain('n801');
    expect((await postQuery(documentId, { query: '窗口外目标' })).body.matches[0].nodeId).toBe('n801');
    const late = await postQuery(documentId, { query: '知识节点 窗口外目标', limit: 1 });
    expect(late.body.matches.map((m) => m.nodeId)).toEqual(['n801']);
    expect(late.body.metrics.candidateMatches).toBeGreaterThan(800);
    expect(late.body.sourceUnits.map((u) => u.paragraph)).toContain(801);
  });

  it('keeps to the node and edge budgets', async () => {
    const small = await postQuery(documentId, { query: '知识节点', limit: 40, hops: 2, maxNodes: 20, maxEdges: 30 });
    expect(small.body.graph.nodes.length).toBeLessThanOrEqual(20);
    expect(small.body.graph.edges.length).toBeLessThanOrEqual(30);
    expect(small.body.graph.view.truncated).toBe(true);
    const big = await postQuery(documentId, { query: '知识节点', limit: 40, hops: 2 });
    expect(big.body.graph.nodes.length).toBeLessThanOrEqual(160);
    expect(big.body.graph.edges.length).toBeLessThanOrEqual(480);
    expect(big.body.sourceUnits.length).toBeLessThanOrEqual(80);
    expect(big.body.sourceUnits.reduce((s, u) => s + u.text.length, 0)).toBeLessThanOrEqual(24_000);
  });

  it('answers 409 revision_conflict with the current revision for a stale expectedRevision', async () => {
    const res = await postQuery(documentId, { query: '恢复', expectedRevision: 99 });
    expectError(res, 409, 'revision_conflict');
    expect(res.body.error?.currentRevision).toBe(1);
    expect((await postQuery(documentId, { query: '恢复', expectedRevision: 1 })).status).toBe(200);
  });

  it('ignores a graph and text sent by the client: the canonical graph comes from the server only', async () => {
    const forged = {
      query: 'FORGEDZZZ 伪造',
      documentId: newDocumentId(),
      graph: {
        nodes: [
          { id: 'forged', type: 'claim', text: 'FORGEDZZZ 伪造', paragraph: 1, quote: 'FORGEDZZZ 伪造', evidence: [] },
        ],
        edges: [],
      },
      text: 'FORGEDZZZ 伪造',
      sourceText: 'FORGEDZZZ 伪造',
    };
    const { status, body } = await postQuery(documentId, forged);
    expect(status).toBe(200);
    expect(body.matches).toEqual([]);
    expect(body.documentId).toBe(documentId);
  });

  it('is 404 for an unknown document, and for a document with no published graph yet', async () => {
    expectError(await postQuery(newDocumentId(), { query: 'x' }), 404, 'not_found');
  });
});

describe('no source text in any answer', () => {
  it('a real extraction: answers cite units but never return the whole text nor a sourceText key', async () => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) =>
        `Paragraph ${i + 1}: the checkpoint ${i + 1} records recovery progress because the system restarts often.`,
    );
    const text = paragraphs.join('\n\n');
    const created = await createDocument(text);
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
    for (const body of [
      { query: 'checkpoint recovery', limit: 40, hops: 2 },
      { types: ['claim', 'fact', 'rule', 'inference'] },
      { relations: ['causes', 'supports'] },
    ]) {
      const res = await call(`/api/documents/${created.documentId}/query`, { method: 'POST', json: body });
      const raw = await res.text();
      expect(res.status).toBe(200);
      expect(raw).not.toContain('sourceText');
      expect(raw).not.toContain(JSON.stringify(text).slice(1, -1));
      expect(raw).not.toContain(JSON.stringify(`${paragraphs[0]}\n\n${paragraphs[1]}`).slice(1, -1));
    }
  });
});

describe('storage', () => {
  it('has the indexes the query path relies on', async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all<{
      name: string;
    }>();
    const names = results.map((r) => r.name);
    for (const name of [
      'nodes_doc_type',
      'nodes_doc_section',
      'nodes_doc_status',
      'nodes_doc_entailment',
      'nodes_doc_ord',
      'edges_doc_from',
      'edges_doc_to',
      'edges_doc_relation',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('pages lexical candidates by keyset across several pages and scores every one', async () => {
    const graph = consumptionFixture(newDocumentId());
    const extra = CANDIDATE_PAGE * 2 + 300;
    const base = graph.nodes[0];
    const filler: KgNode[] = Array.from({ length: extra }, (_, i) => ({
      ...base,
      id: `m${i}`,
      text: `共同词 填充 ${i}`,
      type: 'fact',
      evidence: [],
    }));
    filler[extra - 1] = { ...filler[extra - 1], text: '共同词 PERF_EXACT_TARGET' };
    graph.nodes.push(...filler);
    await publishGraph(graph);
    const { body } = await postQuery(graph.documentId, {
      query: '共同词 PERF_EXACT_TARGET',
      limit: 1,
      hops: 2,
      maxNodes: 12,
      maxEdges: 24,
    });
    expect(body.matches.map((m) => m.nodeId)).toEqual([`m${extra - 1}`]);
    expect(body.metrics.candidateMatches).toBe(extra);
    expect(body.graph.nodes.length).toBeLessThanOrEqual(12);
  });
});
