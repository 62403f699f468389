// How connected a graph is, counting relations and mentions alike: isolated nodes (touched by neither) and the
// largest connected piece. The figures of issue 25's goals, for its tests and bench/connectivity.bench.ts.
import type { KgGraph } from '../schema/graph';

export interface Connectivity {
  nodes: number;
  relations: number;
  mentions: number;
  /** Share of nodes no relation and no mention touches. */
  isolatedShare: number;
  /** Share of nodes in the largest piece connected by relations and mentions. */
  largestShare: number;
  /** Share of nodes no relation touches (what the graph looks like without its mentions). */
  isolatedWithoutMentions: number;
}

export function connectivity(graph: KgGraph): Connectivity {
  const index = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const parent = graph.nodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const byRelation = new Set<number>();
  const touched = new Set<number>();
  const link = (a: string, b: string, relation: boolean) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) return;
    touched.add(i).add(j);
    if (relation) byRelation.add(i).add(j);
    parent[find(i)] = find(j);
  };
  for (const e of graph.edges) link(e.fromNodeId, e.toNodeId, true);
  for (const m of graph.mentions ?? []) link(m.nodeId, m.conceptId, false);
  const sizes = new Map<number, number>();
  for (let i = 0; i < parent.length; i++) sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1);
  const n = Math.max(1, graph.nodes.length);
  return {
    nodes: graph.nodes.length,
    relations: graph.edges.length,
    mentions: graph.mentions?.length ?? 0,
    isolatedShare: (graph.nodes.length - touched.size) / n,
    largestShare: Math.max(0, ...sizes.values()) / n,
    isolatedWithoutMentions: (graph.nodes.length - byRelation.size) / n,
  };
}
