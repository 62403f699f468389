// The model order the layered layout hands ELK: reading order, except that the main flow points forward. ELK breaks
// cycles against the model order (an edge from a later node to an earlier one is the one reversed), so this order
// decides which way every edge runs: a flow edge (causes, infers) from its cause to its effect, the rest as read.
import type { PreparedGraph } from './prepare';

/**
 * The component's nodes (given in reading order) so that each flow edge's source comes before its target, moving
 * as little as possible: built from the end, each step takes the latest-read node whose flow targets are all
 * placed, so a cause read after its effect moves up to just before the effect (the rest keeps its place); in a cycle
 * of flow edges its latest-read node goes last, so only the edge from it back into the cycle points backwards.
 * Quadratic in the component's size, which the window bounds.
 */
export function flowFirstOrder(g: PreparedGraph, members: readonly number[]): number[] {
  const waiting = new Map<number, number>(members.map((v) => [v, 0]));
  for (const v of members)
    for (const n of g.adjacency[v]) if (n.role === 'flow' && n.outgoing) waiting.set(v, waiting.get(v)! + 1);
  const placed = new Set<number>();
  const reversed: number[] = [];
  while (reversed.length < members.length) {
    let next = -1;
    for (let i = members.length - 1; i >= 0; i--) {
      const v = members[i];
      if (placed.has(v)) continue;
      if (next < 0) next = v;
      if (waiting.get(v) === 0) {
        next = v;
        break;
      }
    }
    placed.add(next);
    reversed.push(next);
    for (const n of g.adjacency[next])
      if (n.role === 'flow' && !n.outgoing && !placed.has(n.node)) waiting.set(n.node, waiting.get(n.node)! - 1);
  }
  return reversed.reverse();
}
