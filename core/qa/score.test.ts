// Scoring and gating of the frozen QA sets on hand-made graphs: each case kind, the text folding, the trusted graph.
import { describe, expect, it } from 'vitest';
import type { QaCase } from './cases';
import { QaCasesFileSchema } from './cases';
import { checkQaGate } from './gate';
import { normalizeQaText, scoreGraph, trustedGraph, type QaGraph } from './score';

const graph: QaGraph = {
  nodes: [
    { id: 'n1', text: 'Wetlands act as natural sponges.', groundingStatus: 'grounded' },
    { id: 'n2', text: 'For example, the Mississippi marshes store floodwater.', groundingStatus: 'grounded' },
    { id: 'n3', text: '海马体', groundingStatus: 'grounded' },
    { id: 'n4', text: 'Ｍａｌａｒｉａ spreads in wetlands.', groundingStatus: 'unsupported' },
    { id: 'n5', text: 'Peat stores carbon.', groundingStatus: 'candidate' },
  ],
  edges: [
    { fromNodeId: 'n2', toNodeId: 'n1', relation: 'example' },
    { fromNodeId: 'n4', toNodeId: 'n1', relation: 'causes' },
    { fromNodeId: 'n1', toNodeId: 'n5', relation: 'supports' },
  ],
};

const one = (c: QaCase) => scoreGraph(graph, [c]).results[0];

describe('QA scoring', () => {
  it('folds NFKC, case and whitespace', () => {
    expect(normalizeQaText(' Ｍａｌａｒｉａ \n Spreads ')).toBe('malariaspreads');
  });

  it('drops unsupported nodes and their edges from the trusted graph', () => {
    const t = trustedGraph(graph);
    expect(t.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3', 'n5']);
    expect(t.edges).toHaveLength(2);
    // The unsupported node neither earns a node case nor hides an unknown one.
    expect(one({ id: 'u', kind: 'unknown', match: 'malaria' }).passed).toBe(true);
    expect(one({ id: 'x', kind: 'relation', from: 'malaria', to: 'sponges', relation: 'causes' }).passed).toBe(false);
  });

  it('judges node, exact and any-of-text matches', () => {
    expect(one({ id: 'a', kind: 'node', match: 'NATURAL  sponges' }).passed).toBe(true);
    expect(one({ id: 'b', kind: 'node', match: { exact: '海马' } }).passed).toBe(false);
    expect(one({ id: 'c', kind: 'node', match: { exact: '海马体' } }).passed).toBe(true);
    expect(one({ id: 'd', kind: 'node', match: ['nothing here', 'peat stores'] }).passed).toBe(true);
  });

  it('judges relations with direction, kind lists and undirected cases', () => {
    expect(one({ id: 'a', kind: 'relation', from: 'Mississippi', to: 'sponges', relation: 'example' }).passed).toBe(
      true,
    );
    expect(one({ id: 'b', kind: 'relation', from: 'sponges', to: 'Mississippi', relation: 'example' }).passed).toBe(
      false,
    );
    expect(
      one({
        id: 'c',
        kind: 'relation',
        from: 'sponges',
        to: 'Mississippi',
        relation: ['supports', 'example'],
        undirected: true,
      }).passed,
    ).toBe(true);
    expect(
      one({ id: 'd', kind: 'forbidden_relation', from: 'Mississippi', to: 'sponges', relation: 'counter_example' })
        .passed,
    ).toBe(true);
    expect(
      one({ id: 'e', kind: 'forbidden_relation', from: 'Mississippi', to: 'sponges', relation: 'example' }).passed,
    ).toBe(false);
  });

  it('judges paths within n hops, forbidden nodes and any_of', () => {
    expect(one({ id: 'a', kind: 'path', from: 'Mississippi', to: 'peat', maxHops: 2 }).passed).toBe(true);
    expect(one({ id: 'b', kind: 'path', from: 'Mississippi', to: 'peat', maxHops: 1 }).passed).toBe(false);
    expect(one({ id: 'c', kind: 'forbidden_node', match: 'sponges' }).passed).toBe(false);
    const anyOf: QaCase = {
      id: 'd',
      kind: 'any_of',
      cases: [
        { id: 'x', kind: 'node', match: 'absent text' },
        { id: 'y', kind: 'relation', from: 'sponges', to: 'peat', relation: 'supports' },
      ],
    };
    expect(one(anyOf)).toMatchObject({ passed: true, detail: expect.stringContaining('alternative 2') });
  });

  it('weights the score and gates it against minimums and the frozen baseline', () => {
    const cases: QaCase[] = [
      { id: 'a', kind: 'node', match: 'sponges', weight: 3 },
      { id: 'b', kind: 'node', match: 'absent' },
    ];
    const s = scoreGraph(graph, cases);
    expect(s).toMatchObject({ passed: 1, total: 2, score: 75, nodes: 4, edges: 2 });
    const gate = { minPassed: 1, maxDrop: 0, minScore: 70, minNodes: 4 };
    expect(checkQaGate(s, gate).ok).toBe(true);
    const baseline = { passed: 2, total: 2, score: 100, nodes: 4, edges: 2, passedIds: ['a', 'b'] };
    expect(checkQaGate(s, gate, baseline)).toMatchObject({ ok: false, lost: ['b'] });
    expect(checkQaGate(s, { ...gate, minNodes: 5 }).failures[0]).toMatch(/nodes 4 < minimum 5/);
  });

  it('refuses a cases file without a source fingerprint', () => {
    const bad = {
      version: 1,
      source: { file: 'x.txt', title: 'x', lang: 'en', chars: 1, sha256: 'nope' },
      gate: { minPassed: 0, maxDrop: 0, minScore: 0, minNodes: 0 },
      cases: [],
    };
    expect(QaCasesFileSchema.safeParse(bad).success).toBe(false);
  });
});
