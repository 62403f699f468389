import { describe, expect, it } from 'vitest';
import type { KgNode } from '../schema';
import type { AcceptedBatch } from './gate';
import { mergeBatches, nodeKey } from './merge';

const ev = (paragraph: number, quote: string, chunkId = 'c') => ({
  documentId: 'd',
  sourceId: 's',
  chunkId,
  paragraph,
  quote,
});
const node = (id: string, text: string, paragraph: number, type: KgNode['type'] = 'concept'): KgNode => ({
  id,
  type,
  text,
  paragraph,
  quote: text,
  evidence: [ev(paragraph, text)],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
});
const batch = (batchIndex: number, nodes: KgNode[], edges: AcceptedBatch['edges'] = []): AcceptedBatch => ({
  batchIndex,
  summary: `batch ${batchIndex}`,
  nodes,
  edges,
  repairs: [],
  dropped: [],
  unresolved: [],
});

describe('mergeBatches', () => {
  const b0 = batch(
    0,
    [node('n1', 'Knowledge graph', 1), node('n2', 'Rain falls.', 2, 'fact')],
    [{ fromNodeId: 'n2', toNodeId: 'n1', relation: 'example', evidence: [ev(2, 'Rain falls.')] }],
  );
  const b1 = batch(
    1,
    [node('n1', 'knowledge  graph', 7), node('n2', 'Snow melts', 8, 'fact')],
    [{ fromNodeId: 'n2', toNodeId: 'n1', relation: 'example', evidence: [ev(8, 'Snow melts')] }],
  );

  it('renumbers batch-local ids and folds the same proposition into one node with merged evidence', () => {
    const { graph, stats } = mergeBatches([b0, b1]);
    expect(graph.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3']);
    expect(graph.nodes[0].evidence.map((e) => e.paragraph)).toEqual([1, 7]);
    expect(graph.edges.map((e) => [e.id, e.fromNodeId, e.toNodeId])).toEqual([
      ['e1', 'n2', 'n1'],
      ['e2', 'n3', 'n1'],
    ]);
    expect(stats).toMatchObject({ inputNodes: 4, duplicateNodes: 1, inputEdges: 2 });
  });

  it('gives the same graph whatever order batches complete in', () => {
    expect(mergeBatches([b1, b0])).toEqual(mergeBatches([b0, b1]));
  });

  it('does not fold different types with the same text', () => {
    expect(nodeKey({ type: 'fact', text: 'X' })).not.toBe(nodeKey({ type: 'claim', text: 'X' }));
    expect(nodeKey({ type: 'fact', text: 'Ｘ  y。' })).toBe(nodeKey({ type: 'fact', text: 'x y' }));
  });

  it('appends to a base graph without reusing its ids', () => {
    const base = mergeBatches([b0]).graph;
    const { graph } = mergeBatches([batch(0, [node('n1', 'Snow melts', 9, 'fact')])], base);
    expect(graph.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3']);
    expect(base.nodes).toHaveLength(2);
  });
});

describe('near-duplicate merging', () => {
  it('folds the same concept met in several batches under lexical variation, and keeps numbered facts apart', () => {
    const b0 = batch(0, [
      node('n1', 'Knowledge graphs', 1),
      node('n2', 'Water flows downhill in river 12', 2, 'fact'),
      node('n3', 'Step 1 heats the water', 3, 'fact'),
    ]);
    const b1 = batch(1, [
      node('n1', 'knowledge graph', 5),
      node('n2', 'Water flows downhill in river 13', 6, 'fact'),
      node('n3', '检查点机制', 7),
      node('n4', 'Step 2 heats the water', 8, 'fact'),
    ]);
    const b2 = batch(2, [node('n1', 'Knowledge graph', 9), node('n2', '检查点机制', 10)]);
    const { graph, stats } = mergeBatches([b0, b1, b2]);
    expect(graph.nodes.map((n) => n.text)).toEqual([
      'Knowledge graphs',
      'Water flows downhill in river 12',
      'Step 1 heats the water',
      'Water flows downhill in river 13',
      '检查点机制',
      'Step 2 heats the water',
    ]);
    expect(graph.nodes[0].evidence.map((e) => e.paragraph)).toEqual([1, 5, 9]);
    expect(stats).toMatchObject({ duplicateNodes: 3, nearDuplicateNodes: 2 });
  });

  it('compares full-width and half-width forms alike (NFKC), numbers included', () => {
    const b0 = batch(0, [node('n1', 'Knowledge graphs', 1), node('n2', 'Water flows downhill in river 12', 2, 'fact')]);
    const b1 = batch(1, [
      node('n1', 'Ｋｎｏｗｌｅｄｇｅ ｇｒａｐｈ', 5),
      node('n2', 'Water flows downhill in the river １２', 6, 'fact'),
      node('n3', 'Water flows downhill in the river １３', 7, 'fact'),
    ]);
    const { graph, stats } = mergeBatches([b0, b1]);
    expect(graph.nodes.map((n) => n.text)).toEqual([
      'Knowledge graphs',
      'Water flows downhill in river 12',
      'Water flows downhill in the river １３',
    ]);
    expect(stats).toMatchObject({ duplicateNodes: 2, nearDuplicateNodes: 2 });
  });
});
