// Candidate and unsupported nodes per source unit, for the source pane's badges (issue 16: weak grounding is
// visible in the source too, not only in the graph). Counted once per shown graph.
import type { KgNode } from '../../core/schema';

export interface WeakCounts {
  candidate: number;
  unsupported: number;
}

const NONE: WeakCounts = { candidate: 0, unsupported: 0 };
const cache = new WeakMap<readonly KgNode[], (n: number) => WeakCounts>();

export function weakOfUnit(nodes: readonly KgNode[] | undefined): (n: number) => WeakCounts {
  if (!nodes) return () => NONE;
  let fn = cache.get(nodes);
  if (!fn) {
    const byUnit = new Map<number, WeakCounts>();
    for (const node of nodes) {
      const g = node.groundingStatus;
      if ((g !== 'candidate' && g !== 'unsupported') || node.paragraph === null) continue;
      const c = byUnit.get(node.paragraph) ?? { candidate: 0, unsupported: 0 };
      c[g]++;
      byUnit.set(node.paragraph, c);
    }
    fn = (n) => byUnit.get(n) ?? NONE;
    cache.set(nodes, fn);
  }
  return fn;
}
