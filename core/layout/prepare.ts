// Shared preparation for every layout: node sizes (given, or measured from the label), adjacency with relation
// roles, and connected components in a stable order (largest first, then by first appearance).
import type { LayoutGraph, LayoutInputEdge } from './types';
import { relationRole, roleRank, type RelationRole } from './relations';
import { nodeSize } from './text-size';

export interface SizedNode {
  id: string;
  index: number;
  width: number;
  height: number;
}

export interface Neighbour {
  node: number;
  edge: number;
  role: RelationRole;
  /** True when the edge points from this node to the neighbour. */
  outgoing: boolean;
}

export interface PreparedGraph {
  nodes: SizedNode[];
  edges: Array<LayoutInputEdge & { s: number; t: number; role: RelationRole }>;
  /** Neighbours of each node, flow relations first, then branches, then soft links (input order within a role). */
  adjacency: Neighbour[][];
  /** Node indexes of each connected component. */
  components: number[][];
}

export function prepareGraph(graph: LayoutGraph): PreparedGraph {
  const indexOf = new Map<string, number>();
  const nodes = graph.nodes.map((n, index) => {
    indexOf.set(n.id, index);
    const measured = n.width && n.height ? null : nodeSize(n.label ?? n.id, n.type);
    return { id: n.id, index, width: n.width || measured!.width, height: n.height || measured!.height };
  });
  const edges: PreparedGraph['edges'] = [];
  for (const e of graph.edges) {
    const s = indexOf.get(e.source);
    const t = indexOf.get(e.target);
    if (s === undefined || t === undefined) continue;
    edges.push({ ...e, s, t, role: relationRole(e.label) });
  }
  const adjacency: Neighbour[][] = nodes.map(() => []);
  edges.forEach((e, i) => {
    if (e.s === e.t) return;
    adjacency[e.s].push({ node: e.t, edge: i, role: e.role, outgoing: true });
    adjacency[e.t].push({ node: e.s, edge: i, role: e.role, outgoing: false });
  });
  for (const list of adjacency) list.sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.edge - b.edge);
  return { nodes, edges, adjacency, components: connectedComponents(nodes.length, adjacency) };
}

function connectedComponents(count: number, adjacency: Neighbour[][]): number[][] {
  const seen = new Uint8Array(count);
  const components: number[][] = [];
  for (let start = 0; start < count; start++) {
    if (seen[start]) continue;
    const members: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const v = stack.pop()!;
      members.push(v);
      for (const n of adjacency[v]) {
        if (!seen[n.node]) {
          seen[n.node] = 1;
          stack.push(n.node);
        }
      }
    }
    components.push(members.sort((a, b) => a - b));
  }
  return components.sort((a, b) => b.length - a.length || a[0] - b[0]);
}

/** The best-connected node of a component (most neighbours; the earliest on ties). */
export function hubOf(members: readonly number[], adjacency: Neighbour[][]): number {
  let best = members[0];
  for (const v of members) if (adjacency[v].length > adjacency[best].length) best = v;
  return best;
}
