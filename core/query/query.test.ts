// The graph query algorithm over the in-memory source (the browser's static mode), on the seed's fixture
// (docs/contracts/graph-query.md#tests): explicit ids, filters, the late exact match, neighbours as context only, budgets,
// relation seeding, direction, source-unit caps, the query id and the revision fence.
import { describe, expect, it } from 'vitest';
import { KgError } from '../errors';
import { consumptionFixture } from './__fixtures__/consumption';
import {
  MemoryQuerySource,
  queryExportedGraph,
  runGraphQuery,
  parseQueryRequest,
  RevisionConflict,
  QUERY_LIMITS,
  queryHaystack,
} from './index';

const graph = consumptionFixture('doc-1');
const ask = (body: Record<string, unknown>) => queryExportedGraph(graph, body);
const ids = (list: { id: string }[]) => list.map((n) => n.id).sort();

async function refused(body: unknown, code: string, message?: RegExp) {
  const error = await ask(body as Record<string, unknown>).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KgError);
  expect((error as KgError).code).toBe(code);
  if (message) expect((error as KgError).toBody('zh').message).toMatch(message);
}

describe('graph query: validation', () => {
  it('refuses unknown filter values by name instead of dropping them', async () => {
    await refused(
      { entailmentStatuses: ['contradicted'] },
      'invalid_input',
      /entailmentStatuses 包含不支持的值："contradicted"/,
    );
    await refused({ types: ['claim', 'opinion'] }, 'invalid_input', /types 包含不支持的值/);
    await refused({ relations: ['likes'] }, 'invalid_input');
    await refused({ groundingStatuses: ['maybe'] }, 'invalid_input');
  });
  it('refuses lists that are not arrays, too long (limit_exceeded), or hold empty ids', async () => {
    await refused({ types: 'claim' }, 'invalid_input', /types 必须是数组/);
    await refused(
      { nodeIds: Array.from({ length: 41 }, (_, i) => `n${i}`) },
      'limit_exceeded',
      /nodeIds 最多允许 40 项/,
    );
    await refused({ sectionIds: [''] }, 'invalid_input');
  });
  it('needs a query or a selector; bounds query, limit, hops, direction and budgets', async () => {
    await refused({}, 'invalid_input', /请提供 query 或至少一个结构化筛选条件/);
    await refused({ query: '   ' }, 'invalid_input');
    await refused({ query: 'x'.repeat(601) }, 'invalid_input');
    await refused({ query: 'x', direction: 'sideways' }, 'invalid_input');
    await refused({ query: 'x', hops: 3 }, 'invalid_input');
    await refused({ query: 'x', limit: 41 }, 'invalid_input');
    await refused({ query: 'x', maxNodes: 161 }, 'invalid_input');
    await refused({ query: 'x', maxEdges: 481 }, 'invalid_input');
    await refused({ query: 'x', bogus: 1 }, 'invalid_input');
  });
  it('applies the defaults: limit 20, hops 1, both, maxNodes min(160, 4·limit), maxEdges min(480, 3·maxNodes)', () => {
    expect(parseQueryRequest({ query: 'a' })).toMatchObject({
      limit: 20,
      hops: 1,
      direction: 'both',
      maxNodes: 80,
      maxEdges: 240,
    });
    expect(parseQueryRequest({ query: 'a', limit: 40 })).toMatchObject({ maxNodes: 160, maxEdges: 480 });
  });
});

describe('graph query: matching and expansion', () => {
  it('an explicit id with hops 0 is exactly one match and one node', async () => {
    const r = await ask({ nodeIds: ['n1'], hops: 0 });
    expect(r.matches.map((m) => m.nodeId)).toEqual(['n1']);
    expect(r.matches[0].reasons).toContain('explicit_id');
    expect(ids(r.graph.nodes)).toEqual(['n1']);
  });
  it('entailment filters select by status', async () => {
    expect((await ask({ entailmentStatuses: ['uncertain'] })).matches.map((m) => m.nodeId)).toEqual(['n802']);
    expect((await ask({ entailmentStatuses: ['unsupported'] })).matches.map((m) => m.nodeId)).toEqual(['n803']);
  });
  it('a query matches its node; neighbours are context in the graph, never matches', async () => {
    const r = await ask({ query: '恢复依赖检查点', limit: 1, hops: 1 });
    expect(r.matches.map((m) => m.nodeId)).toEqual(['n1']);
    expect(r.matches[0].reasons).toContain('text_exact');
    expect(ids(r.graph.nodes)).toContain('n2');
    expect(r.graph.view.directMatches).toEqual(['n1']);
    expect(r.graph.edges.map((e) => e.id)).toContain('e1');
  });
  it('finds a node past the first 800, and the late exact match beats 800 early common ones', async () => {
    expect((await ask({ query: '窗口外目标' })).matches[0].nodeId).toBe('n801');
    const r = await ask({ query: '知识节点 窗口外目标', limit: 1 });
    expect(r.matches.map((m) => m.nodeId)).toEqual(['n801']);
    expect(r.metrics.candidateMatches).toBeGreaterThan(800);
  });
  it('honours maxNodes and maxEdges with hops 2', async () => {
    const r = await ask({ query: '知识节点', limit: 40, hops: 2, maxNodes: 20, maxEdges: 30 });
    expect(r.graph.nodes.length).toBeLessThanOrEqual(20);
    expect(r.graph.edges.length).toBeLessThanOrEqual(30);
    expect(r.graph.view.truncated).toBe(true);
    const full = await ask({ query: '知识节点', limit: 40, hops: 2 });
    expect(full.graph.nodes.length).toBeLessThanOrEqual(QUERY_LIMITS.nodes);
    expect(full.graph.edges.length).toBeLessThanOrEqual(QUERY_LIMITS.edges);
  });
  it('hops follow direction: out follows from → to, in follows to → from', async () => {
    const out = await ask({ nodeIds: ['n2'], hops: 1, direction: 'out' });
    expect(ids(out.graph.nodes)).toEqual(['n2', 'n3']);
    const inward = await ask({ nodeIds: ['n2'], hops: 1, direction: 'in' });
    expect(ids(inward.graph.nodes)).toEqual(['n1', 'n2']);
    const two = await ask({ nodeIds: ['n2'], hops: 2, direction: 'out' });
    expect(ids(two.graph.nodes)).toEqual(['n2', 'n3', 'n4']);
  });
  it("a relation selector alone seeds its edges' endpoints, in edge order", async () => {
    const r = await ask({ relations: ['example'], hops: 0 });
    expect(r.matches.map((m) => m.nodeId).sort()).toEqual(['n3', 'n801']);
    expect(r.matches[0].reasons).toEqual(['relation_endpoint']);
    expect(r.metrics.relationCandidateEdges).toBe(1);
    expect(r.graph.edges.map((e) => e.id)).toEqual(['e800']);
  });
  it('a relation filter with a query restricts the expansion', async () => {
    const r = await ask({ nodeIds: ['n2'], relations: ['infers'], hops: 1 });
    expect(ids(r.graph.nodes)).toEqual(['n2', 'n3']);
    expect(r.metrics.relationCandidateEdges).toBe(0);
  });
});

describe('graph query: the answer envelope', () => {
  it('cites source units (capped) and never carries the source text', async () => {
    const r = await ask({ query: '知识节点', limit: 40, hops: 2 });
    expect(r.sourceUnits.length).toBeLessThanOrEqual(QUERY_LIMITS.sourceUnits);
    expect(r.sourceUnits.reduce((s, u) => s + u.text.length, 0)).toBeLessThanOrEqual(QUERY_LIMITS.sourceChars);
    for (const u of r.sourceUnits) expect(u.text.length).toBeLessThanOrEqual(QUERY_LIMITS.unitChars);
    expect(r.sourceUnits[0]).toEqual({
      paragraph: expect.any(Number),
      text: expect.any(String),
      nodeIds: expect.any(Array),
      edgeIds: expect.any(Array),
    });
    expect(JSON.stringify(r)).not.toMatch(/sourceText/);
    const late = await ask({ query: '窗口外目标', limit: 1, hops: 0 });
    expect(late.sourceUnits.map((u) => u.paragraph)).toEqual([801]);
    expect(late.sourceUnits[0].text).toBe(graph.units[800].text);
  });
  it('caps source units at 24,000 characters and counts what it left out', async () => {
    const big = consumptionFixture('doc-big');
    for (const u of big.units) u.text = `${u.text}${'长'.repeat(1590)}`;
    const r = await queryExportedGraph(big, { query: '知识节点', limit: 40, hops: 2 });
    expect(r.sourceUnits.length).toBe(15);
    expect(r.sourceUnits.every((u) => u.text.length === QUERY_LIMITS.unitChars)).toBe(true);
    expect(r.metrics.sourceRefsOmitted).toBeGreaterThan(0);
  });
  it('the query id is stable for the same request and revision, and changes with either', async () => {
    const a = await ask({ query: '检查点', nodeIds: ['n2', 'n1'] });
    const b = await ask({ nodeIds: ['n1', 'n2'], query: '检查点' });
    expect(a.queryId).toMatch(/^kgq-[0-9a-f]{16}$/);
    expect(b.queryId).toBe(a.queryId);
    expect((await ask({ query: '检查点', nodeIds: ['n1', 'n2'], hops: 2 })).queryId).not.toBe(a.queryId);
    expect(
      (await queryExportedGraph(consumptionFixture('doc-1', 2), { query: '检查点', nodeIds: ['n1', 'n2'] })).queryId,
    ).not.toBe(a.queryId);
  });
  it('a stale expectedRevision is a revision_conflict that carries the current revision', async () => {
    const error = await ask({ query: 'x', expectedRevision: 99 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RevisionConflict);
    expect((error as RevisionConflict).toBody()).toMatchObject({ code: 'revision_conflict', currentRevision: 1 });
    expect((await ask({ query: '检查点', expectedRevision: 1 })).revision).toBe(1);
  });
  it('reports metrics consistent with the answer', async () => {
    const r = await runGraphQuery(new MemoryQuerySource(graph), parseQueryRequest({ query: '恢复', hops: 1 }));
    expect(r.metrics).toMatchObject({
      directMatches: r.matches.length,
      returnedNodes: r.graph.nodes.length,
      returnedEdges: r.graph.edges.length,
      sourceUnits: r.sourceUnits.length,
      hops: 1,
      contextBudget: 468_000,
    });
    expect(r.metrics.contextChars).toBeGreaterThan(0);
    expect(r.graph.source).toMatchObject({ documentId: 'doc-1', paragraphCount: 803, sectionCount: 2, revision: 1 });
  });
});

describe('graph query: the stored haystack', () => {
  it('holds every field once: a quote equal to the text is not repeated, a different quote is kept', () => {
    const same = queryHaystack({
      id: 'n1',
      type: 'claim',
      text: 'Heat Islands warm',
      quote: 'Heat Islands warm',
      sectionId: 's1',
    });
    expect(same).toBe('n1\nclaim\nheat islands warm\n\ns1');
    const differs = queryHaystack({
      id: 'n2',
      type: 'fact',
      text: 'Asphalt stores heat',
      quote: 'asphalt STORES heat,',
      sectionId: null,
    });
    expect(differs).toBe('n2\nfact\nasphalt stores heat\nasphalt stores heat,\n');
  });
});
