import { describe, expect, it } from 'vitest';
import { checkGraph } from './invariants';
import type { ContentUnit, KgGraph } from './schema';

const units: ContentUnit[] = [
  { n: 1, start: 0, end: 10, text: 'Rain falls', kind: 'narrative', sectionId: 's0' },
  { n: 2, start: 11, end: 30, text: 'because air cools', kind: 'narrative', sectionId: 's0' },
];
const ev = (paragraph: number, quote: string, documentId = 'd') => ({
  documentId,
  sourceId: 's',
  chunkId: 'c',
  paragraph,
  quote,
});
const good = (): KgGraph => ({
  summary: '',
  nodes: [
    {
      id: 'n1',
      type: 'fact',
      text: 'Rain falls',
      paragraph: 1,
      quote: 'Rain falls',
      evidence: [ev(1, 'Rain falls')],
      groundingStatus: 'grounded',
      entailmentStatus: 'unverified',
    },
    {
      id: 'n2',
      type: 'fact',
      text: 'Air cools',
      paragraph: 2,
      quote: 'air cools',
      evidence: [ev(2, 'air cools')],
      groundingStatus: 'grounded',
      entailmentStatus: 'unverified',
    },
  ],
  edges: [{ id: 'e1', fromNodeId: 'n2', toNodeId: 'n1', relation: 'causes', evidence: [ev(2, 'because air cools')] }],
});
const codes = (g: KgGraph) => checkGraph(g, { documentId: 'd', units }).errors.map((e) => e.code);

describe('checkGraph', () => {
  it('passes a well-formed graph and counts grounding', () => {
    const report = checkGraph(good(), { documentId: 'd', units });
    expect(report.errors).toEqual([]);
    expect(report.grounding).toMatchObject({ grounded: 2, candidate: 0, unsupported: 0 });
  });

  it.each([
    ['dangling_edge', (g: KgGraph) => (g.edges[0].toNodeId = 'n9')],
    ['self_loop', (g: KgGraph) => (g.edges[0].toNodeId = 'n2')],
    ['duplicate_node_id', (g: KgGraph) => (g.nodes[1].id = 'n1')],
    ['duplicate_edge_id', (g: KgGraph) => g.edges.push({ ...g.edges[0], fromNodeId: 'n1', toNodeId: 'n2' })],
    ['unknown_type', (g: KgGraph) => ((g.nodes[0] as { type: string }).type = 'opinion')],
    ['unknown_relation', (g: KgGraph) => ((g.edges[0] as { relation: string }).relation = 'related_to')],
    ['quote_not_in_unit', (g: KgGraph) => (g.nodes[0].evidence[0].quote = 'Snow falls')],
    ['quote_not_in_unit', (g: KgGraph) => (g.edges[0].evidence[0].quote = 'because  air cools')],
    ['evidence_out_of_range', (g: KgGraph) => (g.nodes[0].evidence[0].paragraph = 3)],
    ['evidence_wrong_document', (g: KgGraph) => (g.nodes[0].evidence[0].documentId = 'other')],
    ['grounded_without_evidence', (g: KgGraph) => (g.nodes[0].evidence = [])],
    ['edge_without_evidence', (g: KgGraph) => (g.edges[0].evidence = [])],
    ['paragraph_out_of_range', (g: KgGraph) => (g.nodes[0].paragraph = 7)],
  ])('reports %s', (code, mutate) => {
    const g = good();
    mutate(g);
    expect(codes(g)).toContain(code);
  });

  it('warns (not errors) about unresolved and unsupported nodes', () => {
    const g = good();
    g.nodes.push({
      id: 'n3',
      type: 'claim',
      text: 'x',
      paragraph: null,
      quote: 'x',
      evidence: [],
      groundingStatus: 'unsupported',
      entailmentStatus: 'unverified',
    });
    const report = checkGraph(g, { documentId: 'd', units });
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['anchor_unresolved', 'unsupported_node', 'isolated_node']),
    );
    expect(report.grounding.unresolved).toBe(1);
  });

  it('refuses a mention whose statement or anchor is missing, or whose term is not in the statement (dangling_mention)', () => {
    const mention = { id: 'm1', nodeId: 'n1', conceptId: 'n2', term: 'Rain', evidence: [ev(1, 'Rain')] };
    expect(codes({ ...good(), mentions: [mention] })).toEqual([]);
    expect(codes({ ...good(), mentions: [{ ...mention, nodeId: 'gone' }] })).toContain('dangling_mention');
    expect(codes({ ...good(), mentions: [{ ...mention, conceptId: 'gone' }] })).toContain('dangling_mention');
    // verbatim: case kept, not merely the same word
    expect(codes({ ...good(), mentions: [{ ...mention, term: 'rain' }] })).toContain('dangling_mention');
    expect(codes({ ...good(), mentions: [{ ...mention, evidence: [ev(2, 'Rain')] }] })).toContain('quote_not_in_unit');
    expect(codes({ ...good(), mentions: [mention, mention] })).toContain('duplicate_mention_id');
    expect(codes({ ...good(), mentions: [{ ...mention, evidence: [] }] })).toContain('dangling_mention');
  });
});
