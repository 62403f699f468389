// The concept layer (issue 25): anchors for the terms a text keeps naming, mentions verbatim in the statement's
// quote and unit, idempotence, newAnchors:false, existing concepts reused; then every fixture text through the
// built-in extractor, held to the connectivity goals.
import { describe, expect, it } from 'vitest';
import { checkGraph } from '../invariants';
import type { ContentUnit, KgGraph, KgNode } from '../schema';
import { builtinGraph, connectivityTexts } from '../../test/support/connectivity-sets';
import { connectivity, withConceptLayer } from '.';

const DOC = 'doc-1';

/** A graph of claims, one per sentence, each unit one paragraph of sentences; `concepts` are existing concept nodes. */
function graphOf(paragraphs: string[][], concepts: Array<{ text: string; unit: number }> = []) {
  const units: ContentUnit[] = [];
  const nodes: KgNode[] = [];
  let offset = 0;
  paragraphs.forEach((sentences, i) => {
    const text = sentences.join(' ');
    units.push({ n: i + 1, start: offset, end: offset + text.length, text, kind: 'narrative', sectionId: 's0' });
    offset += text.length + 2;
    for (const quote of sentences) nodes.push(node(`n${nodes.length + 1}`, 'claim', quote, i + 1));
  });
  for (const c of concepts) nodes.push(node(`c${nodes.length + 1}`, 'concept', c.text, c.unit));
  const graph: KgGraph = { summary: '', nodes, edges: [] };
  return { graph, units };
}

function node(id: string, type: KgNode['type'], quote: string, paragraph: number): KgNode {
  return {
    id,
    type,
    text: quote,
    paragraph,
    quote,
    evidence: [{ documentId: DOC, sourceId: 'src', chunkId: 'src:b0:u1-9', paragraph, quote }],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    sectionId: 's0',
  };
}

const anchors = (g: KgGraph, original: KgGraph) => g.nodes.filter((n) => !original.nodes.some((o) => o.id === n.id));
const anchorText = (g: KgGraph, original: KgGraph) => anchors(g, original).map((n) => n.text);
const mentionsOf = (g: KgGraph, conceptId: string) => (g.mentions ?? []).filter((m) => m.conceptId === conceptId);
const byText = (g: KgGraph, text: string) => {
  const found = g.nodes.find((n) => n.type === 'concept' && n.text === text);
  if (!found)
    throw new Error(`no concept "${text}" among ${g.nodes.filter((n) => n.type === 'concept').map((n) => n.text)}`);
  return found;
};

/** Every mention: from a non-concept to a concept, its term verbatim in the statement's quote and unit. */
function expectVerbatim(g: KgGraph, units: readonly ContentUnit[]): void {
  const nodes = new Map(g.nodes.map((n) => [n.id, n]));
  for (const m of g.mentions ?? []) {
    const statement = nodes.get(m.nodeId);
    const concept = nodes.get(m.conceptId);
    expect(statement?.type).not.toBe('concept');
    expect(concept?.type).toBe('concept');
    expect(statement?.quote).toContain(m.term);
    expect(units.find((u) => u.n === statement?.paragraph)?.text).toContain(m.term);
    expect(m.evidence).toEqual([expect.objectContaining({ paragraph: statement?.paragraph, quote: m.term })]);
  }
}

const EN = [
  ['Glaciers carve deep valleys into the mountains.', 'A glacier moves under its own weight.'],
  ['Sea walls protect the harbour from storms.', 'The old sea walls of the harbour were built of stone.'],
  ['Stone walls also surround the town.', 'Meltwater lubricates the bed of a glacier, and kelp grows nowhere here.'],
  ['The Rhone Glacier has lost a kilometre since 1850.', 'Tourists still visit the Rhone Glacier every summer.'],
];

describe('concept layer, English', () => {
  const { graph, units } = graphOf(EN);
  const out = withConceptLayer(graph, units);

  it('makes anchors of recurring terms, plurals folded into one', () => {
    const glacier = byText(out, 'glacier');
    expect(mentionsOf(out, glacier.id).map((m) => m.term)).toEqual(['Glaciers', 'glacier', 'glacier']);
  });

  it('groups noun phrases by their head word, named by the phrase that dominates', () => {
    // "sea walls" twice, "Stone walls" once: one anchor, spelled as the text spells it (never "sea wall", a singular
    // the text does not write), that the stone walls also mention.
    const wall = byText(out, 'sea walls');
    expect(mentionsOf(out, wall.id).map((m) => m.term)).toEqual(['Sea walls', 'sea walls', 'walls']);
    expect(anchorText(out, graph)).not.toContain('wall');
  });

  it('gives no anchor to a term met in one statement, nor to stop words', () => {
    const texts = anchorText(out, graph).map((t) => t.toLowerCase());
    expect(texts).not.toContain('kelp');
    expect(texts).not.toContain('meltwater');
    for (const stop of ['the', 'this', 'also', 'still', 'every']) expect(texts).not.toContain(stop);
  });

  it('makes anchors of names', () => {
    const rhone = byText(out, 'Rhone Glacier');
    expect(mentionsOf(out, rhone.id).map((m) => m.nodeId)).toEqual(['n7', 'n8']);
    // The name's words are not the common noun's: "Glacier" in it is no mention of "glacier".
    expect(mentionsOf(out, byText(out, 'glacier').id).map((m) => m.nodeId)).not.toContain('n7');
  });

  it('writes every mention verbatim from the quote and unit, and anchors grounded in the first naming statement', () => {
    expectVerbatim(out, units);
    const glacier = byText(out, 'glacier');
    expect(glacier).toMatchObject({ paragraph: 1, quote: 'Glaciers', groundingStatus: 'grounded' });
    expect(glacier.evidence).toEqual([expect.objectContaining({ paragraph: 1, quote: 'Glaciers', documentId: DOC })]);
    expect(checkGraph(out, { documentId: DOC, units }).errors).toEqual([]);
  });

  it('places a new anchor right after the statement that first names it', () => {
    const ids = out.nodes.map((n) => n.id);
    expect(ids.indexOf(byText(out, 'glacier').id)).toBe(ids.indexOf('n1') + 1);
    expect(ids.indexOf(byText(out, 'Rhone Glacier').id)).toBe(ids.indexOf('n7') + 1);
    expect(out.nodes.filter((n) => graph.nodes.includes(n))).toEqual(graph.nodes);
  });

  it('is idempotent and deterministic', () => {
    expect(withConceptLayer(out, units)).toEqual(out);
    expect(withConceptLayer(graph, units)).toEqual(out);
  });

  it('keeps an anchor a relation was drawn to, and does not make it twice', () => {
    const glacier = byText(out, 'glacier');
    const edited: KgGraph = {
      ...out,
      edges: [{ id: 'e1', fromNodeId: 'n2', toNodeId: glacier.id, relation: 'is_a', evidence: glacier.evidence }],
    };
    const again = withConceptLayer(edited, units);
    expect(again.nodes.filter((n) => n.text === 'glacier').map((n) => n.id)).toEqual([glacier.id]);
    expect(again.mentions).toEqual(out.mentions);
    expect(again.edges).toEqual(edited.edges);
  });

  it('reuses an existing concept whose text is the term', () => {
    const withConcept = graphOf(EN, [{ text: 'glaciers', unit: 1 }]);
    const layered = withConceptLayer(withConcept.graph, withConcept.units);
    const concepts = layered.nodes.filter((n) => n.type === 'concept' && n.text.toLowerCase().startsWith('glacier'));
    expect(concepts.map((n) => n.id)).toEqual(['c9']);
    expect(mentionsOf(layered, 'c9').map((m) => m.term)).toEqual(['Glaciers', 'glacier', 'glacier']);
  });

  it('with newAnchors:false adds no anchor and links statements to the concepts there are', () => {
    const withConcept = graphOf(EN, [{ text: 'harbour', unit: 2 }]);
    const layered = withConceptLayer(withConcept.graph, withConcept.units, { newAnchors: false });
    expect(layered.nodes).toEqual(withConcept.graph.nodes);
    expect(layered.mentions?.map((m) => [m.nodeId, m.conceptId, m.term])).toEqual([
      ['n3', 'c9', 'harbour'],
      ['n4', 'c9', 'harbour'],
    ]);
    // After a hand edit that drops a statement, the recompute drops its mentions and keeps every anchor.
    const edited = { ...out, nodes: out.nodes.filter((n) => n.id !== 'n2') };
    const recomputed = withConceptLayer(edited, units, { newAnchors: false });
    expect(recomputed.nodes).toEqual(edited.nodes);
    expect(recomputed.mentions?.some((m) => m.nodeId === 'n2')).toBe(false);
    expect(mentionsOf(recomputed, byText(out, 'glacier').id).map((m) => m.nodeId)).toEqual(['n1', 'n6']);
  });

  it('caps the mentions of a statement, keeping the rarer anchors', () => {
    const capped = withConceptLayer(graph, units, { mentionsPerStatement: 1 });
    const per = new Map<string, number>();
    for (const m of capped.mentions ?? []) per.set(m.nodeId, (per.get(m.nodeId) ?? 0) + 1);
    expect(Math.max(...per.values())).toBe(1);
    // n6 names the glacier (3 statements) and nothing rarer; n2 names "glacier" only.
    expect(capped.mentions?.find((m) => m.nodeId === 'n2')?.term).toBe('glacier');
  });
});

const ZH = [
  ['绿茶保留了较多的茶多酚。', '红茶中的茶多酚大量氧化。'],
  ['茶多酚具有抗氧化作用。', '晚上喝咖啡碱会影响睡眠。'],
  ['列车制动时使用再生制动。', '再生制动产生的电能可以供列车使用。'],
  ['因此我们要适量饮茶。', '因此红茶适合饭后饮用。'],
];

describe('concept layer, Chinese', () => {
  const { graph, units } = graphOf(ZH);
  const out = withConceptLayer(graph, units);

  it('makes anchors of recurring words and compounds of segments', () => {
    expect(mentionsOf(out, byText(out, '茶多酚').id).map((m) => m.nodeId)).toEqual(['n1', 'n2', 'n3']);
    expect(mentionsOf(out, byText(out, '再生制动').id).map((m) => m.nodeId)).toEqual(['n5', 'n6']);
    expect(mentionsOf(out, byText(out, '红茶').id).map((m) => m.nodeId)).toEqual(['n2', 'n8']);
  });

  it('gives no anchor to a once-only word nor to function words', () => {
    const texts = anchorText(out, graph);
    expect(texts).not.toContain('咖啡碱');
    expect(texts).not.toContain('咖啡');
    for (const stop of ['因此', '我们', '使用', '可以']) expect(texts).not.toContain(stop);
  });

  it('writes mentions verbatim, reuses concepts, and is idempotent', () => {
    expectVerbatim(out, units);
    expect(withConceptLayer(out, units)).toEqual(out);
    const withConcept = graphOf(ZH, [{ text: '茶多酚', unit: 1 }]);
    const layered = withConceptLayer(withConcept.graph, withConcept.units);
    expect(layered.nodes.filter((n) => n.text === '茶多酚').map((n) => n.id)).toEqual(['c9']);
    expect(mentionsOf(layered, 'c9')).toHaveLength(3);
    expect(checkGraph(out, { documentId: DOC, units }).errors).toEqual([]);
  });
});

describe('concept layer over every fixture text (QA sets, MINE essays, seeds, held-out texts)', () => {
  const texts = connectivityTexts();

  it('covers every group of texts', () => {
    const groups = new Set(texts.map((t) => t.group));
    expect([...groups]).toEqual(['qa', 'mine', 'seed', 'held-out']);
    expect(texts.length).toBeGreaterThan(125);
  });

  it('links verbatim terms, keeps every relation and meets the connectivity goals', { timeout: 120_000 }, async () => {
    const misses: string[] = [];
    for (const t of texts) {
      const { graph, units } = await builtinGraph(t.name, t.text);
      const out = withConceptLayer(graph, units);
      expectVerbatim(out, units);
      // The layer adds concept nodes and mentions only: every node and relation as it was, in order.
      expect(out.edges).toEqual(graph.edges);
      expect(out.nodes.filter((n) => !n.id.startsWith('concept_'))).toEqual(graph.nodes);
      expect(anchors(out, graph).every((n) => n.type === 'concept')).toBe(true);
      expect(checkGraph(out, { documentId: `doc-${t.name}`, units }).errors).toEqual([]);
      expect(withConceptLayer(out, units)).toEqual(out);
      // Nothing edited: recomputing the mentions alone gives the same ones.
      expect(withConceptLayer(out, units, { newAnchors: false })).toEqual(out);
      const c = connectivity(out);
      if (c.nodes >= 20 && (c.isolatedShare > 0.1 || c.largestShare < 0.5)) {
        misses.push(
          `${t.name}: ${c.nodes} nodes, isolated ${c.isolatedShare.toFixed(3)}, largest ${c.largestShare.toFixed(3)}`,
        );
      }
    }
    expect(misses).toEqual([]);
  });
});

describe('connectivity', () => {
  it('counts isolated nodes and the largest piece over relations and mentions', () => {
    const { graph } = graphOf([['a b.', 'c d.', 'e f.', 'g h.']]);
    const g: KgGraph = {
      ...graph,
      edges: [{ id: 'e1', fromNodeId: 'n1', toNodeId: 'n2', relation: 'supports', evidence: [] }],
      mentions: [{ id: 'm1', nodeId: 'n3', conceptId: 'n2', term: 'c', evidence: graph.nodes[2].evidence }],
    };
    expect(connectivity(g)).toEqual({
      nodes: 4,
      relations: 1,
      mentions: 1,
      isolatedShare: 0.25,
      largestShare: 0.75,
      isolatedWithoutMentions: 0.5,
    });
  });
});
