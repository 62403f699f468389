// What one layered layout will cost, estimated before ELK runs, so a request over budget is refused
// (`layout_too_large`) instead of holding a CPU for tens of seconds.
//
// ELK's layered time is not a function of node and edge counts alone. Measured here (see LAYOUT_BUDGET), an
// 800-node graph of many components with 924 edges took half as long as a 600-node single component with 999 edges,
// and a dense 300-node component with 684 edges about as long as either. The work is crossing minimisation inside
// each component: it grows with the component's edges, runs twice as many sweeps on components of 50+ nodes
// (layered.ts), and every edge beyond a spanning tree adds cycles and long edges (dummy nodes across layers) whose
// cost grows with the component's size. A least-squares fit over 14 measured graphs (50-800 nodes, 1-100
// components, 0.1-1.5 extra edges per node) predicts ELK's time within about ±50 %:
//   units = nodes + 1.4 · Σ_c t_c · edges_c + 0.5 · Σ_c t_c · extra_c · √nodes_c + labelChars / 50
// with t_c = 2 for components of 50+ nodes, else 1, and extra_c = edges_c − (nodes_c − 1).
import type { LayoutGraph } from '../../../core/layout/types';

export interface LayoutCost {
  /** Work units; see LAYOUT_BUDGET in limits.ts for what a unit costs here. */
  units: number;
  /** The largest connected component (nodes, edges). */
  largest: { nodes: number; edges: number };
}

/** O(nodes + edges), no text measuring: cheap enough to run before every layout (and before a cache lookup). */
export function estimateLayoutCost(graph: LayoutGraph): LayoutCost {
  const index = new Map<string, number>();
  graph.nodes.forEach((n, i) => index.set(n.id, i));
  const parent = graph.nodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const ends: Array<[number, number]> = [];
  for (const e of graph.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined) continue;
    ends.push([s, t]);
    const a = find(s);
    const b = find(t);
    if (a !== b) parent[a] = b;
  }
  const nodes = new Map<number, number>();
  const edges = new Map<number, number>();
  for (let i = 0; i < graph.nodes.length; i++) nodes.set(find(i), (nodes.get(find(i)) ?? 0) + 1);
  for (const [s] of ends) edges.set(find(s), (edges.get(find(s)) ?? 0) + 1);
  let labelChars = 0;
  for (const item of [...graph.nodes, ...graph.edges]) labelChars += item.label?.length ?? 0;
  let units = graph.nodes.length + labelChars / 50;
  let largest = { nodes: 0, edges: 0 };
  for (const [root, n] of nodes) {
    const e = edges.get(root) ?? 0;
    if (n < 2 && e === 0) continue;
    const t = n >= 50 ? 2 : 1;
    units += 1.4 * t * e + 0.5 * t * Math.max(0, e - (n - 1)) * Math.sqrt(n);
    if (n > largest.nodes) largest = { nodes: n, edges: e };
  }
  return { units: Math.round(units), largest };
}
