// Which node the arrow keys move to (pure geometry, tested in Node: neighbour-by-direction.test.ts).
// Rule: among the nodes connected to the focused one, the nearest one lying in the arrow's direction (a 60° cone
// either side of the axis, off-axis distance penalised); if no connected node lies that way, the nearest connected
// node. An isolated node moves to the nearest node of the whole graph in that direction, so it never traps focus.

export type ArrowDirection = 'left' | 'right' | 'up' | 'down';

export interface NodeCentre {
  id: string;
  x: number;
  y: number;
}

const AXES: Record<ArrowDirection, [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

/** tan(60°): how far off the axis a candidate may lie, relative to its distance along the axis. */
const CONE = Math.sqrt(3);
const OFF_AXIS_PENALTY = 2;

/** The candidate best lying in `direction` from `from`, or null when none does. */
export function pickInDirection(
  from: NodeCentre,
  candidates: readonly NodeCentre[],
  direction: ArrowDirection,
): string | null {
  const [ax, ay] = AXES[direction];
  let best: string | null = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c.id === from.id) continue;
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    const along = dx * ax + dy * ay;
    const across = Math.abs(dx * ay - dy * ax);
    if (along <= 0 || across > along * CONE) continue;
    const score = along + across * OFF_AXIS_PENALTY;
    if (score < bestScore) {
      bestScore = score;
      best = c.id;
    }
  }
  return best;
}

/** The candidate nearest to `from` (Euclidean), or null for none. */
export function nearest(from: NodeCentre, candidates: readonly NodeCentre[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c.id === from.id) continue;
    const d = Math.hypot(c.x - from.x, c.y - from.y);
    if (d < bestDistance) {
      bestDistance = d;
      best = c.id;
    }
  }
  return best;
}

/** Adjacency (both directions) of an edge list; self loops are ignored. */
export function buildAdjacency(edges: Iterable<{ source: string; target: string }>): Map<string, Set<string>> {
  const adjacency = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    const set = adjacency.get(a) ?? new Set<string>();
    adjacency.set(a, set);
    set.add(b);
  };
  for (const e of edges) {
    if (e.source === e.target) continue;
    link(e.source, e.target);
    link(e.target, e.source);
  }
  return adjacency;
}

/** The node the arrow key moves focus to from `fromId`, or null to stay. */
export function nextByArrow(
  fromId: string,
  direction: ArrowDirection,
  centres: ReadonlyMap<string, NodeCentre>,
  adjacency: ReadonlyMap<string, ReadonlySet<string>>,
): string | null {
  const from = centres.get(fromId);
  if (!from) return null;
  const connected: NodeCentre[] = [];
  for (const id of adjacency.get(fromId) ?? []) {
    const c = centres.get(id);
    if (c) connected.push(c);
  }
  if (connected.length > 0) return pickInDirection(from, connected, direction) ?? nearest(from, connected);
  return pickInDirection(from, [...centres.values()], direction);
}
