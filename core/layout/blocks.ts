// Node placement in a fixed in-layer order, for few bends and short edges. Long edges run straight: each piece
// whose upper end is the dummy of a long edge lines its lower end up with it (Brandes-Köpf's vertical alignment,
// restricted to those pieces, with its rule that a short edge never blocks a long one), so every long edge is one
// vertical line from its first dummy into its target, a block. Aligning every vertex with a neighbour, as
// Brandes-Köpf does, ties the drawing into tall rigid blocks that make the other edges a third longer (and sliding
// ports, ports.ts, straighten most short edges anyway). The blocks start packed to the left, then move as regions (the pendulum method): each region to
// the mean of where its outside edges want it, as far as its layer neighbours let it; two regions that press
// against each other from both sides merge and move together from then on.

export interface Vertex {
  layer: number;
  /** Neighbours in the layer above and below (vertex indexes). */
  up: number[];
  down: number[];
  /** 0 for the dummy of a long edge. */
  width: number;
}

/** Vertex v wants its centre at c[u] + d: then the edge piece between them is straight. */
export interface Link {
  u: number;
  d: number;
}

/** Balancing rounds; each moves every region once (it stops early when nothing moves). */
const ROUNDS = 30;

/** Centres of the vertices, leftmost box edge at 0. gap(a, b): least distance of the centres of a and b, a left of b
 * in a layer; links[v]: the pieces at v. */
export function placeBlocks(
  vertices: readonly Vertex[],
  layers: readonly number[][],
  links: readonly Link[][],
  gap: (a: number, b: number) => number,
): Float64Array {
  const n = vertices.length;
  const pos = new Int32Array(n);
  for (const row of layers) row.forEach((v, i) => (pos[v] = i));
  const dummy = (v: number) => vertices[v].width === 0;
  const marked = conflicts(vertices, layers, pos, dummy);

  // Vertical alignment, top-down and left to right: each block's root (its top vertex) and offsets from it.
  const root = Int32Array.from({ length: n }, (_, v) => v);
  const off = new Float64Array(n);
  for (let l = 1; l < layers.length; l++) {
    let r = -1;
    for (const v of layers[l]) {
      const ups = [...new Set(vertices[v].up)].sort((a, b) => pos[a] - pos[b]);
      const lo = Math.floor((ups.length - 1) / 2);
      const hi = Math.ceil((ups.length - 1) / 2);
      for (const m of ups.length ? (lo === hi ? [lo] : [lo, hi]) : []) {
        const u = ups[m];
        if (root[v] !== v || !dummy(u) || r >= pos[u] || marked.has(u * n + v)) continue;
        const link = links[v].find((k) => k.u === u);
        if (!link) continue;
        root[v] = root[u];
        off[v] = off[u] + link.d;
        r = pos[u];
      }
    }
  }
  const members = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    const list = members.get(root[v]);
    if (list) list.push(v);
    else members.set(root[v], [v]);
  }

  // Packed to the left: each block right of every block left of one of its vertices (no cycles: the alignment
  // respects the order in every layer).
  const x = new Float64Array(n);
  const after = new Map<number, Array<[number, number]>>();
  const before = new Map<number, number>([...members.keys()].map((b) => [b, 0]));
  for (const row of layers) {
    for (let i = 1; i < row.length; i++) {
      const [a, b] = [row[i - 1], row[i]];
      const list = after.get(root[a]) ?? [];
      list.push([root[b], gap(a, b) + off[a] - off[b]]);
      after.set(root[a], list);
      before.set(root[b], before.get(root[b])! + 1);
    }
  }
  const queue = [...members.keys()].filter((b) => before.get(b) === 0);
  const topo: number[] = [];
  while (queue.length) {
    const b = queue.pop()!;
    topo.push(b);
    for (const [next, need] of after.get(b) ?? []) {
      x[next] = Math.max(x[next], x[b] + need);
      before.set(next, before.get(next)! - 1);
      if (before.get(next) === 0) queue.push(next);
    }
  }
  if (topo.length !== members.size) throw new Error('placeBlocks: the blocks cross each other');
  const centre = (v: number) => x[root[v]] + off[v];

  // Balancing: regions of blocks (each block its own region at first).
  const region = new Map<number, number>(topo.map((b) => [b, b]));
  const blocksOf = new Map<number, number[]>(topo.map((b) => [b, [b]]));
  const pressing = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    let moved = 0;
    pressing.clear();
    const regions = topo.filter((b) => region.get(b) === b);
    for (let k = 0; k < regions.length; k++) {
      // Right to left, then left to right, so a region that makes room for another moves first.
      const R = regions[round % 2 === 0 ? regions.length - 1 - k : k];
      let lo = -Infinity;
      let hi = Infinity;
      let loBy = -1;
      let hiBy = -1;
      let sum = 0;
      let count = 0;
      for (const b of blocksOf.get(R)!) {
        for (const v of members.get(b)!) {
          const row = layers[vertices[v].layer];
          const i = pos[v];
          const left = i > 0 ? row[i - 1] : -1;
          const right = i + 1 < row.length ? row[i + 1] : -1;
          if (left >= 0 && region.get(root[left]) !== R && centre(left) + gap(left, v) - centre(v) > lo) {
            lo = centre(left) + gap(left, v) - centre(v);
            loBy = region.get(root[left])!;
          }
          if (right >= 0 && region.get(root[right]) !== R && centre(right) - gap(v, right) - centre(v) < hi) {
            hi = centre(right) - gap(v, right) - centre(v);
            hiBy = region.get(root[right])!;
          }
          for (const { u, d } of links[v]) {
            if (region.get(root[u]) === R) continue;
            sum += centre(u) + d - centre(v);
            count++;
          }
        }
      }
      if (!count) continue;
      const wish = sum / count;
      if (wish > hi + 0.01) pressing.set(R, hiBy);
      if (wish < lo - 0.01) pressing.set(R, loBy);
      const delta = Math.min(hi, Math.max(lo, wish));
      if (Math.abs(delta) > 0.01) {
        for (const b of blocksOf.get(R)!) x[b] += delta;
        moved++;
      }
    }
    for (const [R, S] of pressing) {
      if (S < 0 || region.get(R) !== R || region.get(S) !== S || pressing.get(S) !== R) continue;
      for (const b of blocksOf.get(S)!) {
        region.set(b, R);
        blocksOf.get(R)!.push(b);
      }
      blocksOf.delete(S);
      moved++;
    }
    if (!moved) break;
  }
  const c = new Float64Array(n);
  let min = Infinity;
  for (let v = 0; v < n; v++) {
    c[v] = centre(v);
    min = Math.min(min, c[v] - vertices[v].width / 2);
  }
  return c.map((v) => v - min);
}

/** Brandes-Köpf's type-1 conflicts: a piece of a short edge that crosses a piece between two dummies is never
 * aligned, so long edges stay straight. Keys u * n + v, u above v. */
function conflicts(
  vertices: readonly Vertex[],
  layers: readonly number[][],
  pos: Int32Array,
  dummy: (v: number) => boolean,
): Set<number> {
  const n = vertices.length;
  const marked = new Set<number>();
  for (let l = 1; l < layers.length; l++) {
    const row = layers[l];
    let k0 = 0;
    let from = 0;
    for (let i = 0; i < row.length; i++) {
      const inner = dummy(row[i]) ? vertices[row[i]].up.find(dummy) : undefined;
      if (i === row.length - 1 || inner !== undefined) {
        const k1 = inner !== undefined ? pos[inner] : layers[l - 1].length - 1;
        for (; from <= i; from++)
          for (const u of vertices[row[from]].up) if (pos[u] < k0 || pos[u] > k1) marked.add(u * n + row[from]);
        k0 = k1;
      }
    }
  }
  return marked;
}
