// The card's exploring over a document in memory (the query of core/query through a stub client): the local graph
// holds exactly the nodes within its depth, depth 3 asks again from the rim (the query's hops stop at 2), and the
// path goes through the API client.
import { describe, expect, it, vi } from 'vitest';
import { queryExportedGraph } from '../../core/query';
import type { KgEdge, KgNode } from '../../core/schema';
import { edge, node } from '../workbench/fake-context';
import type { WorkbenchContext } from '../workbench/context';
import { distances, loadLocalGraph, loadPath } from './explore';

// A chain n0 - n1 - … - n6 and a spur n2 - s.
const ids = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6'];
const nodes: KgNode[] = [...ids, 's'].map((id) => node(id, 1));
const edges: KgEdge[] = [...ids.slice(1).map((id, i) => edge(`e${i}`, ids[i], id)), edge('es', 's', 'n2')];
const graph = {
  documentId: 'doc',
  revision: 1,
  title: 't',
  summary: '',
  sourceId: 'src',
  chars: 10,
  sections: [],
  units: [],
  nodes,
  edges,
};

function fakeContext() {
  const queryGraph = vi.fn((_id: string, body: object) => queryExportedGraph(graph as never, body));
  const path = vi.fn(async () => ({ found: false, via: null, steps: [], nodes: [], edges: [], mentions: [] }));
  const ctx = {
    client: { queryGraph, path },
    doc: { source: { kind: 'api', documentId: 'doc' }, graph: null, known: new Map() },
  } as unknown as WorkbenchContext;
  return { ctx, queryGraph, path };
}

const signal = new AbortController().signal;

describe('exploring from a card', () => {
  it('counts distances over relations in either direction', () => {
    const d = distances('n3', edges);
    expect(d.get('n3')).toBe(0);
    expect(d.get('n0')).toBe(3);
    expect(d.get('s')).toBe(2);
    expect(d.get('n6')).toBe(3);
  });

  it('the local graph of depth 1, 2 and 3 holds exactly the nodes within it', async () => {
    for (const depth of [1, 2, 3]) {
      const { ctx, queryGraph } = fakeContext();
      const local = await loadLocalGraph(ctx, 'n3', depth, signal);
      const expected = [...distances('n3', edges)].filter(([, d]) => d <= depth).map(([id]) => id);
      expect(local.nodes.map((n) => n.id).sort()).toEqual(expected.sort());
      for (const e of local.edges) {
        expect(expected).toContain(e.fromNodeId);
        expect(expected).toContain(e.toNodeId);
      }
      // Depth 3 is a second query from the nodes at distance 2.
      expect(queryGraph).toHaveBeenCalledTimes(depth === 3 ? 2 : 1);
      if (depth === 3)
        expect((queryGraph.mock.calls[1][1] as { nodeIds: string[] }).nodeIds.sort()).toEqual(['n1', 'n5', 's']);
    }
  });

  it('asks the API for a path', async () => {
    const { ctx, path } = fakeContext();
    await loadPath(ctx, 'n0', 'n6', signal);
    expect(path).toHaveBeenCalledWith('doc', 'n0', 'n6', signal);
  });
});
