// The graph query and the concept layer (issue 25), over the hand-built layer fixture: an anchor the query names
// as a term matches (case and English plurals folded), the statements that mention a matched anchor join the
// direct matches, the result carries the mentions apart from the edges, and the lexical probe still loses nothing.
import { describe, expect, it } from 'vitest';
import { layerFixture } from '../answer/__fixtures__/layer';
import { MemoryQuerySource, parseQueryRequest, queryExportedGraph, runGraphQuery, type NodeFilter } from './index';
import { namesTerm, sameTerm } from './text';

const graph = layerFixture('doc-layer-q');
const ask = (body: Record<string, unknown>, g = graph) => queryExportedGraph(g, body);

describe('terms', () => {
  it('fold case, width and English plurals; Han by substring', () => {
    expect(sameTerm('Ledgers', 'ledger')).toBe(true);
    expect(sameTerm('the warehouse ledgers', 'Warehouse Ledger')).toBe(true);
    expect(sameTerm('ledger book', 'ledger')).toBe(false);
    expect(namesTerm('what are policies', 'policy')).toBe(true);
    expect(namesTerm('what is a pledger', 'ledger')).toBe(false);
    expect(namesTerm('什么是检查点', '检查点')).toBe(true);
    expect(namesTerm('什么是检查', '检查点')).toBe(false);
    // One Han character is no term to name (no phrase token of the query lies inside it).
    expect(namesTerm('水是什么', '水')).toBe(false);
  });
});

describe('graph query over the concept layer', () => {
  it('matches the anchor a query names in the plural and another case (concept_term)', async () => {
    const r = await ask({ query: 'What are LEDGERS?' });
    expect(r.matches[0]).toMatchObject({ nodeId: 'c-ledger', reasons: ['concept_term'] });
    const zh = await ask({ query: '什么是检查点？' });
    expect(zh.matches[0].nodeId).toBe('c-checkpoint');
    expect(zh.matches[0].reasons).toContain('concept_term');
  });

  it('widens the direct matches to the statements that mention a matched anchor, and only those', async () => {
    const r = await ask({ query: 'What are ledgers?' });
    const widened = r.matches.filter((m) => m.reasons.includes('mention')).map((m) => m.nodeId);
    expect(widened.sort()).toEqual(['ledger-def', 'safe']);
    expect(r.graph.view.directMatches).toContain('safe');
    expect(r.metrics.candidateMatches).toBe(r.matches.length);
    const bare = await ask({ query: 'What are ledgers?' }, { ...graph, mentions: [] });
    expect(bare.matches.map((m) => m.nodeId)).not.toContain('safe');
  });

  it('widens by the filters too: a statement the filters refuse does not join', async () => {
    const r = await ask({ query: 'What are ledgers?', types: ['concept', 'definition'] });
    expect(r.matches.map((m) => m.nodeId).sort()).toEqual(['c-ledger', 'ledger-def']);
  });

  it('does not widen a query without text (a filter names no term)', async () => {
    const r = await ask({ types: ['concept'] });
    expect(r.matches.every((m) => m.reasons.includes('filter'))).toBe(true);
  });

  it('returns the mentions among its nodes apart from the edges, and none without an anchor returned', async () => {
    const r = await ask({ query: 'What are ledgers?', hops: 0 });
    expect(r.graph.mentions).toEqual([
      { id: 'm-def', nodeId: 'ledger-def', conceptId: 'c-ledger', term: 'ledger', paragraph: 3, quote: 'ledger' },
      { id: 'm-safe', nodeId: 'safe', conceptId: 'c-ledger', term: 'ledger', paragraph: 4, quote: 'ledger' },
    ]);
    expect(r.graph.edges.map((e) => e.id)).toEqual(['e-def']);
    expect(r.metrics.returnedEdges).toBe(1);
    expect(r.graph.view.totalEdges).toBe(graph.edges.length);
    const noAnchor = await ask({ query: 'ground wet', hops: 0 });
    expect(noAnchor.graph.nodes.some((n) => n.type === 'concept')).toBe(false);
    expect('mentions' in noAnchor.graph).toBe(false);
  });

  it('the lexical probe finds the anchor a plural names (probed and full scan agree)', async () => {
    class FullScan extends MemoryQuerySource {
      override candidates(filter: NodeFilter) {
        return super.candidates(filter, null);
      }
    }
    const anchor = (id: string, text: string) => ({ ...graph.nodes[3], id, text, quote: text, evidence: [] });
    const more = {
      ...graph,
      nodes: [...graph.nodes, anchor('c-policies', 'Policies'), anchor('c-water', '水'), anchor('c-rain', '雨水')],
    };
    const queries = [
      'What are ledgers?',
      'LEDGERS',
      '什么是检查点',
      'Why do crops grow?',
      'What is a policy?',
      '水是什么',
    ];
    for (const query of [...queries, '什么是雨水', 'policies']) {
      const request = parseQueryRequest({ query, limit: 40, hops: 1 });
      expect(await runGraphQuery(new MemoryQuerySource(more), request)).toEqual(
        await runGraphQuery(new FullScan(more), request),
      );
    }
    const policy = await queryExportedGraph(more, { query: 'What is a policy?' });
    expect(policy.matches[0]).toMatchObject({ nodeId: 'c-policies', reasons: ['concept_term'] });
  });

  it('reads mentions in the source contract order', async () => {
    const source = new MemoryQuerySource(graph);
    expect((await source.mentionsOf(['c-ledger', 'c-checkpoint'], 10)).map((m) => m.id)).toEqual([
      'm-zh-def',
      'm-zh-resume',
      'm-def',
      'm-safe',
    ]);
    expect((await source.mentionsOf(['c-ledger'], 1)).map((m) => m.id)).toEqual(['m-def']);
    expect((await source.mentionsAmong(['safe', 'c-ledger', 'zh-resume'], 10)).map((m) => m.id)).toEqual(['m-safe']);
  });
});
