// Where each port sits along its node's side, once the nodes are placed. Ports start evenly spread (what the
// placement assumed); then each slides, in its side's order, towards the spot where its edge piece runs straight:
// under the long edge's dummy it leads to, or where the two nodes of a short edge overlap. Wide text boxes overlap
// their neighbours in the next layer often, so many short edges become straight vertical lines: no bends, no
// sideways ink.

/** Ports keep MARGIN px from their node's corners and SPACING px from each other (ELK's port spacing). */
const MARGIN = 6;
const SPACING = 10;

export interface SidePort {
  id: string;
  /** x from the node's left side where the piece runs straight, if there is one. */
  want?: number;
}

/** Ports of one node side in their order, and the side's length: each port's x from the node's left side. Without
 * room for them all at SPACING, the ports stay evenly spread. */
export function slidePorts(ports: readonly SidePort[], width: number): number[] {
  const even = ports.map((_, k) => ((k + 1) * width) / (ports.length + 1));
  const room = width - 2 * MARGIN - (ports.length - 1) * SPACING;
  if (room < 0 || ports.every((p) => p.want === undefined)) return even;
  // Isotonic regression (pool adjacent violators) of y_k = x_k - k * SPACING; ports without a wish weigh little.
  const val: number[] = [];
  const wt: number[] = [];
  const size: number[] = [];
  ports.forEach((p, k) => {
    val.push((p.want ?? even[k]) - k * SPACING);
    wt.push(p.want === undefined ? 0.001 : 1);
    size.push(1);
    while (val.length > 1 && val[val.length - 2] > val[val.length - 1]) {
      const [v2, w2, s2] = [val.pop()!, wt.pop()!, size.pop()!];
      const b = val.length - 1;
      val[b] = (val[b] * wt[b] + v2 * w2) / (wt[b] + w2);
      wt[b] += w2;
      size[b] += s2;
    }
  });
  const out: number[] = [];
  val.forEach((v, b) => {
    for (let s = 0; s < size[b]; s++) out.push(Math.min(MARGIN + room, Math.max(MARGIN, v)) + out.length * SPACING);
  });
  return out;
}

/** The straight spot of a short edge between boxes [a0, a1] and [b0, b1] (absolute x): inside both, nearest `near`. */
export function overlapSpot(a0: number, a1: number, b0: number, b1: number, near: number): number | undefined {
  const lo = Math.max(a0, b0) + MARGIN;
  const hi = Math.min(a1, b1) - MARGIN;
  return lo <= hi ? Math.min(hi, Math.max(lo, near)) : undefined;
}

export interface PortedEdge {
  id: string;
  /** Its vertices: source node, dummies, target node. Ports `${id}:s` and `${id}:t`. */
  chain: readonly number[];
}

/** Every node side's ports slid (portX: each port's x from its node's left side, updated in place). */
export function slidePortsOf(
  edges: readonly PortedEdge[],
  vertices: ReadonlyArray<{ width: number }>,
  centre: Float64Array,
  ports: ReadonlyMap<number, ReadonlyArray<{ id: string; south: boolean; key: number }>>,
  portX: Map<string, number>,
): void {
  const left = (v: number) => centre[v] - vertices[v].width / 2;
  const want = new Map<string, number>();
  for (const { id, chain } of edges) {
    const [s, t] = [chain[0], chain[chain.length - 1]];
    if (chain.length > 2) {
      want.set(`${id}:s`, centre[chain[1]] - left(s));
      want.set(`${id}:t`, centre[chain[chain.length - 2]] - left(t));
      continue;
    }
    const near = (left(s) + portX.get(`${id}:s`)! + left(t) + portX.get(`${id}:t`)!) / 2;
    const x = overlapSpot(left(s), left(s) + vertices[s].width, left(t), left(t) + vertices[t].width, near);
    if (x === undefined) continue;
    want.set(`${id}:s`, x - left(s));
    want.set(`${id}:t`, x - left(t));
  }
  for (const [v, list] of ports) {
    for (const south of [true, false]) {
      const side = list.filter((p) => p.south === south).sort((a, b) => a.key - b.key);
      const xs = slidePorts(
        side.map((p) => ({ id: p.id, want: want.get(p.id) })),
        vertices[v].width,
      );
      side.forEach((p, k) => portX.set(p.id, xs[k]));
    }
  }
}
