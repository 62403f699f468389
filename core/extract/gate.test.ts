import { describe, expect, it } from 'vitest';
import { batchUnits, findQuote } from '../anchoring';
import type { ContentUnit, WireBatch } from '../schema';
import { gateBatch } from './gate';

const units: ContentUnit[] = [
  { n: 3, start: 0, end: 30, text: 'Rain falls because air cools.', kind: 'narrative', sectionId: 's1' },
  { n: 4, start: 31, end: 70, text: 'Therefore the ground\nbecomes wet.', kind: 'narrative', sectionId: 's1' },
  { n: 5, start: 71, end: 90, text: 'Clouds are made of water.', kind: 'narrative', sectionId: 's2' },
];
const ctx = { documentId: 'd1', sourceId: 'src', batchIndex: 0, chunkId: 'c0', batch: batchUnits(units) };
const node = (id: string, paragraph: number, quote: string, text = quote) => ({
  id,
  type: 'fact' as const,
  text,
  paragraph,
  quote,
});

describe('findQuote', () => {
  it("matches exactly, then modulo whitespace, returning the unit's own characters", () => {
    expect(findQuote('a b\nc', 'a b')).toEqual({ quote: 'a b', exact: true });
    expect(findQuote('the ground\nbecomes wet', 'ground becomes')).toEqual({ quote: 'ground\nbecomes', exact: false });
    expect(findQuote('abc', 'abd')).toBeNull();
    expect(findQuote('abc', '  ')).toBeNull();
  });
});

describe('gateBatch', () => {
  it('grounds exact quotes with full provenance', () => {
    const wire: WireBatch = { summary: 's', nodes: [node('n1', 3, 'Rain falls')], edges: [] };
    const { accepted, feedback } = gateBatch(wire, ctx);
    expect(feedback).toEqual([]);
    expect(accepted.nodes[0]).toMatchObject({
      groundingStatus: 'grounded',
      paragraph: 3,
      sectionId: 's1',
      evidence: [{ documentId: 'd1', sourceId: 'src', chunkId: 'c0', paragraph: 3, quote: 'Rain falls' }],
    });
  });

  it('fills an omitted quote in from the text and still checks it verbatim in its unit', () => {
    const omit = ({ quote: _, ...n }: ReturnType<typeof node>) => n;
    const wire: WireBatch = {
      summary: '',
      nodes: [omit(node('n1', 3, 'Rain falls')), omit(node('n2', 5, 'Clouds hold a lot of water.')), node('n3', 5, '')],
      edges: [],
    };
    const { accepted, feedback } = gateBatch(wire, ctx);
    expect(accepted.nodes[0]).toMatchObject({ groundingStatus: 'grounded', quote: 'Rain falls' });
    expect(accepted.nodes[0].evidence[0].quote).toBe('Rain falls');
    // A text that is not the unit's words has nothing verbatim to show: unsupported, as a forged quote is.
    expect(accepted.nodes[1]).toMatchObject({ groundingStatus: 'unsupported', evidence: [] });
    expect(feedback.map((f) => f.code)).toEqual(['quote_not_found']);
    // An empty quote is still no quote (a candidate), not the text.
    expect(accepted.nodes[2]).toMatchObject({ groundingStatus: 'candidate' });
  });

  it('repairs a quote cited in the wrong unit of the batch and records the repair', () => {
    const { accepted } = gateBatch(
      { summary: '', nodes: [node('n1', 3, 'Clouds are made of water.')], edges: [] },
      ctx,
    );
    expect(accepted.nodes[0]).toMatchObject({ groundingStatus: 'grounded', paragraph: 5, sectionId: 's2' });
    expect(accepted.repairs).toEqual([
      { kind: 'quote_neighbour_unit', target: 'node', ref: 'n1', fromParagraph: 3, toParagraph: 5 },
    ]);
  });

  it('repairs collapsed whitespace to the verbatim characters', () => {
    const { accepted } = gateBatch({ summary: '', nodes: [node('n1', 4, 'ground becomes wet')], edges: [] }, ctx);
    expect(accepted.nodes[0].evidence[0].quote).toBe('ground\nbecomes wet');
    expect(accepted.repairs[0].kind).toBe('quote_whitespace');
  });

  it('keeps an unauthenticated node as unsupported, never grounded, and an anchorless one as candidate', () => {
    const { accepted, feedback } = gateBatch(
      {
        summary: '',
        nodes: [node('n1', 3, 'Snow is warm.'), { ...node('n2', 5, ''), text: 'Clouds hold water' }],
        edges: [],
      },
      ctx,
    );
    expect(accepted.nodes[0]).toMatchObject({ groundingStatus: 'unsupported', evidence: [], paragraph: 3 });
    expect(accepted.nodes[1]).toMatchObject({ groundingStatus: 'candidate', evidence: [], paragraph: 5 });
    expect(feedback).toEqual([expect.objectContaining({ code: 'quote_not_found', blocking: false, nodeId: 'n1' })]);
  });

  it('sends a node citing a unit outside the batch with an unknown quote to diagnostics, with no guessed anchor', () => {
    const { accepted } = gateBatch({ summary: '', nodes: [node('n1', 99, 'Nowhere to be found')], edges: [] }, ctx);
    expect(accepted.nodes[0]).toMatchObject({ paragraph: null, groundingStatus: 'unsupported' });
    expect(accepted.unresolved).toEqual(['n1']);
  });

  it('drops ungrounded, dangling and self-loop edges with reasons; keeps grounded ones', () => {
    const wire: WireBatch = {
      summary: '',
      nodes: [node('n1', 3, 'air cools'), node('n2', 3, 'Rain falls')],
      edges: [
        { fromNodeId: 'n1', toNodeId: 'n2', relation: 'causes', paragraph: 3, quote: 'Rain falls because air cools' },
        { fromNodeId: 'n1', toNodeId: 'n2', relation: 'infers', paragraph: 3, quote: 'invented words' },
        { fromNodeId: 'n1', toNodeId: 'n9', relation: 'supports', paragraph: 3, quote: 'Rain falls' },
        { fromNodeId: 'n1', toNodeId: 'n1', relation: 'supports', paragraph: 3, quote: 'Rain falls' },
      ],
    };
    const { accepted, feedback } = gateBatch(wire, ctx);
    expect(accepted.edges).toHaveLength(1);
    expect(accepted.edges[0]).toMatchObject({ fromNodeId: 'n1', toNodeId: 'n2', relation: 'causes' });
    expect(accepted.dropped.map((d) => d.reason)).toEqual(['edge_ungrounded', 'dangling_edge', 'self_loop']);
    expect(feedback.filter((f) => f.blocking).map((f) => f.code)).toEqual(['dangling_edge', 'self_loop']);
  });

  it('treats a duplicate node id as fatal', () => {
    const { fatal } = gateBatch(
      { summary: '', nodes: [node('n1', 3, 'Rain falls'), node('n1', 5, 'Clouds')], edges: [] },
      ctx,
    );
    expect(fatal.map((f) => f.code)).toEqual(['duplicate_node_id']);
  });
});
