// Shared preparation for every layout: node sizes (given, or measured from the label), adjacency with relation
// roles, and connected components in a stable order (largest first, then by first appearance).
import type { LayoutGraph, LayoutInputEdge } from './types';
import { MENTION_LINK, relationRole, roleRank, type RelationRole } from './relations';
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

/**
 * The links a layered layout is given: every relation, and of the mentions (MENTION_LINK) only the first one of each
 * concept anchor that no relation touches, which brings that anchor beside a statement naming it. The other
 * mentions are drawn straight: given to ELK they would join the relation components into one (mentions cross the
 * whole text), and ELK's cost grows faster than the size of a component (a 100-node sample took 1.9x the time with
 * every mention, and a 400-node window went over the server's layout budget).
 */
export function layeringEdges(edges: readonly LayoutInputEdge[]): LayoutInputEdge[] {
  const related = new Set<string>();
  let mentions = 0;
  for (const e of edges) {
    if (e.label === MENTION_LINK) mentions++;
    else {
      related.add(e.source);
      related.add(e.target);
    }
  }
  if (mentions === 0) return [...edges];
  const attached = new Set<string>();
  return edges.filter((e) => {
    if (e.label !== MENTION_LINK) return true;
    if (related.has(e.target) || attached.has(e.target)) return false;
    attached.add(e.target);
    return true;
  });
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
