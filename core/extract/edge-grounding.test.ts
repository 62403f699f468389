// The edge faithfulness rule (issue 17) through the gate every extractor's output passes: a forged endpoint loses
// its edge; a quote must speak of both ends (contain them, share their unit, name them, or refer back to the unit
// just before in the same paragraph).
import { describe, expect, it } from 'vitest';
import { batchUnits } from '../anchoring';
import type { ContentUnit, WireBatch, WireEdge } from '../schema';
import { gateBatch } from './gate';

const units: ContentUnit[] = [
  { n: 1, start: 0, end: 33, text: 'Wetlands act as natural sponges.', kind: 'narrative', sectionId: 's1' },
  {
    n: 2,
    start: 34,
    end: 97,
    text: 'For example, the Mississippi marshes store floodwater for weeks.',
    kind: 'narrative',
    sectionId: 's1',
  },
  {
    n: 3,
    start: 99,
    end: 149,
    text: 'Peat forms in marshes because soil lacks oxygen.',
    kind: 'narrative',
    sectionId: 's1',
  },
  {
    n: 4,
    start: 151,
    end: 195,
    text: 'Beavers build dams. This shows nothing here.',
    kind: 'narrative',
    sectionId: 's2',
  },
];
const ctx = { documentId: 'd1', sourceId: 'src', batchIndex: 0, chunkId: 'c0', batch: batchUnits(units) };
const node = (id: string, paragraph: number, quote: string) => ({
  id,
  type: 'claim' as const,
  text: quote,
  paragraph,
  quote,
});
const edge = (
  from: string,
  to: string,
  paragraph: number,
  quote: string,
  relation: WireEdge['relation'] = 'example',
): WireEdge => ({
  fromNodeId: from,
  toNodeId: to,
  relation,
  paragraph,
  quote,
});
const gate = (nodes: WireBatch['nodes'], edges: WireEdge[]) => gateBatch({ summary: '', nodes, edges }, ctx).accepted;

describe('edge grounding rule', () => {
  const sponges = node('n1', 1, 'Wetlands act as natural sponges.');
  const mississippi = node('n2', 2, 'the Mississippi marshes store floodwater for weeks.');

  it('keeps an example that refers back, with its cue, to the unit just before in the same paragraph', () => {
    const accepted = gate(
      [sponges, mississippi],
      [edge('n2', 'n1', 2, 'For example, the Mississippi marshes store floodwater for weeks.')],
    );
    expect(accepted.dropped).toEqual([]);
    expect(accepted.edges).toHaveLength(1);
  });

  it('drops the edge of a forged endpoint, even when the edge quote itself is verbatim', () => {
    const forged = node('n1', 1, 'Wetlands are the largest sponges on Earth.');
    const accepted = gate(
      [forged, mississippi],
      [edge('n2', 'n1', 2, 'For example, the Mississippi marshes store floodwater for weeks.')],
    );
    expect(accepted.nodes[0].groundingStatus).toBe('unsupported');
    expect(accepted.edges).toEqual([]);
    expect(accepted.dropped).toEqual([
      expect.objectContaining({ fromNodeId: 'n2', toNodeId: 'n1', reason: 'endpoint_ungrounded' }),
    ]);
  });

  it('drops an edge whose quote speaks of neither end', () => {
    const peat = node('n3', 3, 'Peat forms in marshes because soil lacks oxygen.');
    // A verbatim quote with a relation word, from a unit that anchors neither endpoint and names neither.
    const accepted = gate([sponges, peat], [edge('n1', 'n3', 4, 'This shows nothing here.', 'supports')]);
    expect(accepted.dropped).toEqual([expect.objectContaining({ reason: 'quote_off_endpoint' })]);
  });

  it('does not let a back-referring cue reach across a paragraph or section boundary', () => {
    const peat = node('n3', 3, 'Peat forms in marshes because soil lacks oxygen.');
    const beavers = node('n4', 4, 'Beavers build dams.');
    // Unit 4 opens a new section: "This shows" there cannot refer to unit 3.
    const accepted = gate(
      [peat, beavers, node('n5', 4, 'This shows nothing here.')],
      [edge('n3', 'n5', 4, 'This shows nothing here.', 'supports')],
    );
    expect(accepted.dropped.map((d) => d.reason)).toEqual(['quote_off_endpoint']);
    // Both endpoints anchored in the quote's unit: grounded.
    const same = gate(
      [beavers, node('n5', 4, 'This shows nothing here.')],
      [edge('n4', 'n5', 4, 'Beavers build dams. This shows nothing here.', 'supports')],
    );
    expect(same.edges).toHaveLength(1);
  });

  /** An edge from `sentence` (unit 2) back to `before` (unit 1, same paragraph): is it kept? */
  const keptBack = (before: string, sentence: string, relation: WireEdge['relation']) => {
    const own: ContentUnit[] = [
      { n: 1, start: 0, end: before.length, text: before, kind: 'narrative', sectionId: 's1' },
      {
        n: 2,
        start: before.length + 1,
        end: before.length + 1 + sentence.length,
        text: sentence,
        kind: 'narrative',
        sectionId: 's1',
      },
    ];
    const { accepted } = gateBatch(
      {
        summary: '',
        nodes: [node('n1', 1, before), node('n2', 2, sentence)],
        edges: [edge('n2', 'n1', 2, sentence, relation)],
      },
      { ...ctx, batch: batchUnits(own) },
    );
    return accepted.edges.length === 1;
  };

  it('takes a sentence that calls itself an example as referring back, like "For example"', () => {
    const crops = 'Many crops need animals to carry their pollen.';
    expect(keptBack(crops, 'Almonds are a striking case: the orchards rent two million hives.', 'example')).toBe(true);
    expect(keptBack(crops, 'Almonds, for one, fill the orchards with two million hives.', 'example')).toBe(false);
  });

  it('takes a connective set off by commas after the subject as referring back ("Pink streaks, however, …")', () => {
    const hungry = 'Grey liquid on top means the starter is hungry.';
    expect(keptBack(hungry, 'Pink streaks, however, indicate harmful bacteria.', 'counter_example')).toBe(true);
    expect(keptBack(hungry, 'Pink streaks indicate harmful bacteria, however bright.', 'counter_example')).toBe(false);
  });

  it('takes a restatement, a correction and "正因为如此" opening the sentence as referring back', () => {
    const melting = 'This alloy melts only above two thousand degrees.';
    expect(keptBack(melting, 'In other words, an ordinary flame leaves it solid.', 'infers')).toBe(true);
    expect(keptBack('有人担心手机辐射会致癌。', '事实上，目前的研究没有发现这种联系。', 'counter_example')).toBe(true);
    expect(keptBack('这座城市的公共交通非常发达。', '正因为如此，很多居民不买汽车。', 'causes')).toBe(true);
    expect(keptBack('大多数哺乳动物是胎生的。', '与此不同，鸭嘴兽会产卵。', 'counter_example')).toBe(true);
    expect(keptBack(melting, 'An ordinary flame leaves it solid.', 'infers')).toBe(false);
  });

  it('keeps an edge whose quote names a far endpoint by a shared term', () => {
    const peat = node('n3', 3, 'Peat forms in marshes because soil lacks oxygen.');
    const wet = node('n6', 1, 'Wetlands act');
    const quote = 'Peat forms in marshes because soil lacks oxygen.';
    // "Wetlands act" shares no token with the peat sentence, and unit 3 does not continue unit 1's paragraph.
    expect(gate([wet, peat], [edge('n3', 'n6', 3, quote, 'causes')]).dropped.map((d) => d.reason)).toEqual([
      'quote_off_endpoint',
    ]);
    // "the Mississippi marshes" (unit 2, a blank line before unit 3) is named by "marshes" in the quote.
    const named = gate([peat, node('n8', 2, 'the Mississippi marshes')], [edge('n3', 'n8', 3, quote, 'causes')]);
    expect(named.dropped).toEqual([]);
    expect(named.edges).toHaveLength(1);
  });
});
