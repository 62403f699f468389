import { describe, expect, it } from 'vitest';
import { isKgError } from '../errors';
import type { ContentUnit, KgGraph, KgNode } from '../schema';
import {
  applyOperations,
  assertCommittable,
  canonicalSource,
  fixContext,
  inverseOperations,
  sanitizeFix,
  type AnyOperation,
} from '.';

const texts = [
  'Rain falls in spring.',
  'Because the air cools, rain falls.',
  'Snow is frozen rain.',
  'Rain is water.',
  'Ice is frozen water.',
];
const units: ContentUnit[] = texts.map((text, i) => ({
  n: i + 1,
  start: i * 40,
  end: i * 40 + text.length,
  text,
  kind: 'narrative',
  sectionId: i < 3 ? 's0' : 's1',
}));
const ev = (paragraph: number, quote: string) => ({
  documentId: 'd',
  sourceId: 'src',
  chunkId: `c${paragraph}`,
  paragraph,
  quote,
});
const node = (id: string, paragraph: number, quote: string, extra: Partial<KgNode> = {}): KgNode => ({
  id,
  type: 'fact',
  text: quote,
  paragraph,
  quote,
  evidence: [ev(paragraph, quote)],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
  sectionId: units[paragraph - 1].sectionId,
  ...extra,
});
const graph = (): KgGraph => ({
  summary: 'Weather.',
  nodes: [
    node('n1', 1, 'Rain falls', { entailmentStatus: 'verified' }),
    node('n2', 2, 'the air cools'),
    node('n3', 3, 'Snow is frozen rain'),
    node('n4', 4, 'Rain is water'),
    node('n5', 5, 'Ice is frozen water'),
  ],
  edges: [
    {
      id: 'e1',
      fromNodeId: 'n2',
      toNodeId: 'n1',
      relation: 'causes',
      evidence: [ev(2, 'Because the air cools, rain falls')],
    },
    { id: 'e2', fromNodeId: 'n3', toNodeId: 'n1', relation: 'is_a', evidence: [ev(3, 'Snow is frozen rain')] },
    { id: 'e3', fromNodeId: 'n4', toNodeId: 'n5', relation: 'supports', evidence: [ev(5, 'Ice is frozen water')] },
    { id: 'e4', fromNodeId: 'n3', toNodeId: 'n4', relation: 'supports', evidence: [ev(3, 'Snow is frozen rain')] },
    { id: 'e5', fromNodeId: 'n1', toNodeId: 'n4', relation: 'supports', evidence: [ev(4, 'Rain is water')] },
  ],
});
const src = (g = graph()) => canonicalSource('d', 'src', units, g);
let seq = 0;
const ctx = () => ({ src: src(), newNodeId: () => `node_${++seq}`, newEdgeId: () => `edge_${++seq}` });
const apply = (ops: AnyOperation[], g = graph()) => applyOperations(g, ops, ctx());
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (isKgError(e)) return { code: e.code, extra: e.extra };
    throw e;
  }
  throw new Error('expected a KgError');
};

describe('applyOperations', () => {
  it('merge_nodes redirects every edge of the source, drops self-loops and folds duplicates with their evidence', () => {
    const g = graph();
    // n3 -> n1 (is_a) would become a self-loop once n3 merges into n1; n3 -> n4 duplicates n1 -> n4 (supports).
    const r = apply([{ action: 'merge_nodes', nodePatch: { id: 'n3' }, mergeIntoId: 'n1' }], g);
    expect(r.graph.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n4', 'n5']);
    expect(r.graph.edges.some((e) => e.fromNodeId === 'n3' || e.toNodeId === 'n3')).toBe(false);
    expect(r.graph.edges.find((e) => e.id === 'e2')).toBeUndefined();
    const folded = r.graph.edges.filter((e) => e.fromNodeId === 'n1' && e.toNodeId === 'n4');
    expect(folded).toHaveLength(1);
    expect(folded[0].evidence.map((e) => e.quote).sort()).toEqual(['Rain is water', 'Snow is frozen rain']);
    const into = r.graph.nodes.find((n) => n.id === 'n1')!;
    expect(into.evidence.map((e) => e.paragraph)).toEqual([1, 3]);
    expect(into.entailmentStatus).toBe('verified');
    expect(r.graph.edges.find((e) => e.id === 'e3')).toEqual(g.edges[2]);
    expect(() => assertCommittable(r.graph, r.touchedNodeIds, src())).not.toThrow();
    expect(r.records).toHaveLength(1);
    expect(r.records[0].before.nodes.map((n) => n.id).sort()).toEqual(['n1', 'n3']);
  });

  it('merge_nodes: into itself or a missing target is refused; a missing source is an idempotent replay', () => {
    expect(errorOf(() => apply([{ action: 'merge_nodes', nodePatch: { id: 'n1' }, mergeIntoId: 'n1' }])).code).toBe(
      'invalid_operation',
    );
    expect(errorOf(() => apply([{ action: 'merge_nodes', nodePatch: { id: 'n1' }, mergeIntoId: 'n9' }])).code).toBe(
      'invalid_operation',
    );
    const replay = apply([{ action: 'merge_nodes', nodePatch: { id: 'n9' }, mergeIntoId: 'n1' }]);
    expect(replay.records).toEqual([]);
    expect(replay.graph).toEqual(graph());
  });

  it('an edit of type or text resets entailment to unverified; other edits keep it', () => {
    const moved = apply([{ action: 'update_node', nodePatch: { id: 'n1', patch: { paragraph: 2 } } }]);
    const n1 = moved.graph.nodes[0];
    expect(n1.entailmentStatus).toBe('verified');
    // "Rain falls" is verbatim in unit 1 only (unit 2 has "rain falls"): the anchor stays where the quote is.
    expect(n1.paragraph).toBe(1);
    const retext = apply([{ action: 'update_node', nodePatch: { id: 'n1', patch: { text: 'Rain falls often' } } }]);
    expect(retext.graph.nodes[0].entailmentStatus).toBe('unverified');
    const retype = apply([{ action: 'update_node', nodePatch: { id: 'n1', patch: { type: 'claim' } } }]);
    expect(retype.graph.nodes[0].entailmentStatus).toBe('unverified');
    const same = apply([{ action: 'update_node', nodePatch: { id: 'n1', patch: { text: ' Rain  falls ' } } }]);
    expect(same.graph.nodes[0].entailmentStatus).toBe('verified');
  });

  it('re-grounds added nodes and edges against the canonical units with canonical provenance', () => {
    const r = apply([
      {
        action: 'add_node',
        nodePatch: { id: 'tmp', patch: { type: 'concept', text: 'Spring', quote: 'in  spring', paragraph: 3 } },
      },
      {
        action: 'add_edge',
        edgePatch: {
          fromNodeId: 'tmp',
          toNodeId: 'n1',
          relation: 'supports',
          evidence: [{ paragraph: 1, quote: 'Rain falls in spring' }],
        },
      },
    ]);
    const added = r.graph.nodes.find((n) => n.id === r.createdNodeIds.tmp)!;
    // The quote is found in unit 1 (whitespace repaired), not the cited unit 3.
    expect(added).toMatchObject({
      paragraph: 1,
      quote: 'in spring',
      groundingStatus: 'grounded',
      entailmentStatus: 'unverified',
      sectionId: 's0',
    });
    expect(added.evidence).toEqual([ev(1, 'in spring')]);
    const edge = r.graph.edges.find((e) => e.fromNodeId === added.id)!;
    expect(edge.evidence).toEqual([ev(1, 'Rain falls in spring')]);
    expect(() => assertCommittable(r.graph, r.touchedNodeIds, src())).not.toThrow();
  });

  it('refuses a relation without authenticated evidence and an add_node reusing an existing id', () => {
    const forged = errorOf(() =>
      apply([
        {
          action: 'add_edge',
          edgePatch: {
            fromNodeId: 'n5',
            toNodeId: 'n1',
            relation: 'causes',
            evidence: [{ paragraph: 1, quote: 'Ice causes rain' }],
          },
        },
      ]),
    );
    expect(forged.code).toBe('invalid_operation');
    const taken = errorOf(() =>
      apply([{ action: 'add_node', nodePatch: { id: 'n2', patch: { type: 'fact', text: 'x', paragraph: 1 } } }]),
    );
    expect(taken).toMatchObject({ code: 'node_id_conflict', extra: { nodeId: 'n2' } });
  });

  it('the gate refuses an added node with no anchor', () => {
    const r = apply([
      { action: 'add_node', nodePatch: { patch: { type: 'fact', text: 'Floating', quote: 'not in the source' } } },
    ]);
    expect(errorOf(() => assertCommittable(r.graph, r.touchedNodeIds, src())).code).toBe('invariant_violation');
  });

  it('delete_node removes its edges; the inverse restores the graph exactly', () => {
    const ops: AnyOperation[] = [
      { action: 'delete_node', nodePatch: { id: 'n1', patch: {} } },
      { action: 'merge_nodes', nodePatch: { id: 'n3' }, mergeIntoId: 'n4' },
      { action: 'update_summary', summaryPatch: 'Cold weather.' },
      {
        action: 'update_edge',
        edgePatch: {
          fromNodeId: 'n4',
          toNodeId: 'n5',
          relation: 'is_a',
          evidence: [{ paragraph: 5, quote: 'frozen water' }],
        },
      },
    ];
    const r = apply(ops);
    expect(r.graph.edges.some((e) => e.fromNodeId === 'n1' || e.toNodeId === 'n1')).toBe(false);
    expect(r.records.map((x) => x.action)).toEqual(['delete_node', 'merge_nodes', 'update_summary', 'update_edge']);
    const undone = applyOperations(r.graph, inverseOperations(r.records, 2), ctx());
    const sorted = (g: KgGraph) => ({
      summary: g.summary,
      nodes: [...g.nodes].sort((a, b) => a.id.localeCompare(b.id)),
      edges: [...g.edges].sort((a, b) => a.id.localeCompare(b.id)),
    });
    expect(sorted(undone.graph)).toEqual(sorted(graph()));
  });
});

describe('sanitizeFix', () => {
  const fc = () => fixContext(graph(), units);
  it('maps aliases, cuts long text and keeps valid fixes', () => {
    const r = sanitizeFix(
      { action: 'update_node', nodePatch: { id: 'n1', patch: { type: '反例', text: 'x'.repeat(900) } } },
      fc(),
    );
    expect(r.fix).toMatchObject({ action: 'update_node', nodePatch: { id: 'n1', patch: { type: 'counter_example' } } });
    expect((r.fix as { nodePatch: { patch: { text: string } } }).nodePatch.patch.text).toHaveLength(500);
  });
  it('turns anything invalid into none with a reason', () => {
    expect(sanitizeFix({ action: 'delete_node', nodePatch: { id: 'n9' } }, fc())).toEqual({
      fix: { action: 'none' },
      dropped: 'missing_node',
    });
    expect(sanitizeFix({ action: 'merge_nodes', nodePatch: { id: 'n1' }, mergeIntoId: 'n1' }, fc()).dropped).toBe(
      'merge_into_itself',
    );
    expect(sanitizeFix({ action: 'rewrite' }, fc()).dropped).toBe('unknown_action');
    const noEvidence = sanitizeFix(
      {
        action: 'add_edge',
        edgePatch: {
          fromNodeId: 'n5',
          toNodeId: 'n1',
          relation: 'cause',
          evidence: [{ paragraph: 1, quote: 'made up' }],
        },
      },
      fc(),
    );
    expect(noEvidence.dropped).toBe('relation_evidence_missing');
    const ok = sanitizeFix(
      {
        action: 'add_edge',
        edgePatch: {
          fromNodeId: 'n5',
          toNodeId: 'n1',
          relation: 'cause',
          evidence: [{ paragraph: 1, quote: 'Rain  falls', documentId: 'forged' }],
        },
      },
      fc(),
    );
    expect(ok.fix).toEqual({
      action: 'add_edge',
      edgePatch: {
        fromNodeId: 'n5',
        toNodeId: 'n1',
        relation: 'causes',
        evidence: [{ paragraph: 1, quote: 'Rain falls' }],
      },
    });
  });
  it('add_node keeps only an unused n<digits> id', () => {
    const taken = sanitizeFix(
      { action: 'add_node', nodePatch: { id: 'n1', patch: { type: 'fact', text: 't' } } },
      fc(),
    );
    expect(taken.fix).toEqual({ action: 'add_node', nodePatch: { patch: { type: 'fact', text: 't' } } });
    const free = sanitizeFix(
      { action: 'add_node', nodePatch: { id: 'n77', patch: { type: 'fact', text: 't' } } },
      fc(),
    );
    expect(free.fix).toMatchObject({ nodePatch: { id: 'n77' } });
  });
});
