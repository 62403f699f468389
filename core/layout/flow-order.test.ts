import { describe, expect, it } from 'vitest';
import { flowFirstOrder } from './flow-order';
import { prepareGraph } from './prepare';
import type { LayoutGraph } from './types';

const order = (graph: LayoutGraph) => {
  const g = prepareGraph(graph);
  return flowFirstOrder(
    g,
    g.nodes.map((_, i) => i),
  ).map((i) => g.nodes[i].id);
};

describe('flowFirstOrder', () => {
  it('moves a cause read after its effect up to just before the effect, the rest keeping its place', () => {
    const graph: LayoutGraph = {
      nodes: ['a', 'effect', 'b', 'cause', 'c'].map((id) => ({ id })),
      edges: [
        { id: 'e1', source: 'cause', target: 'effect', label: 'causes' },
        { id: 'e2', source: 'a', target: 'c', label: 'supports' },
      ],
    };
    expect(order(graph)).toEqual(['a', 'cause', 'effect', 'b', 'c']);
  });

  it('keeps the reading order for relations that are not the main flow', () => {
    const graph: LayoutGraph = {
      nodes: ['x', 'y', 'z'].map((id) => ({ id })),
      edges: [{ id: 'e1', source: 'z', target: 'x', label: 'example' }],
    };
    expect(order(graph)).toEqual(['x', 'y', 'z']);
  });

  it('puts every node once even when the flow has a cycle', () => {
    const graph: LayoutGraph = {
      nodes: ['p', 'q', 'r'].map((id) => ({ id })),
      edges: [
        { id: 'e1', source: 'p', target: 'q', label: 'infers' },
        { id: 'e2', source: 'q', target: 'r', label: 'causes' },
        { id: 'e3', source: 'r', target: 'p', label: 'causes' },
      ],
    };
    const result = order(graph);
    expect([...result].sort()).toEqual(['p', 'q', 'r']);
    // The latest-read node of the cycle is placed last: the chain keeps its reading order and only r → p points back.
    expect(result).toEqual(['p', 'q', 'r']);
  });
});
