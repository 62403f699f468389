// Straightening after least-squares placement (reorder.ts): least squares keeps edges short but lines up almost
// none of them exactly, and every edge piece whose two ends are not lined up costs an orthogonal route two bends.
// Here vertices lined up with each other form blocks, and a block moves as a whole onto the spot where one more of
// its edge pieces runs straight, when that spot is free in every layer the block touches (nothing else moves) and
// the move lengthens the drawing's edges by little. A move never breaks a straight piece: those are inside blocks.

/** Vertex v wants its centre at c[u] + d (the two ends of one edge piece then line up). */
export interface AlignLink {
  u: number;
  d: number;
}

export interface AlignInput {
  /** Each vertex's layer and whether it is the dummy of a long edge. */
  layerOf: ArrayLike<number>;
  dummy: (v: number) => boolean;
  layers: readonly number[][];
  links: readonly AlignLink[][];
  /** Least distance between the centres of neighbours a (left) and b in a layer. */
  gap: (a: number, b: number) => number;
}

/** Moves blocks in place (c: centres); `slack` is the edge length (px) a move may add per piece it straightens: none
 * by default, so this only ever shortens the drawing's edges while it straightens them. */
export function alignBlocks(input: AlignInput, c: Float64Array, slack = 0, rounds = 3): void {
  const { layers, links, gap, dummy } = input;
  const n = c.length;
  const where = new Int32Array(n);
  for (const row of layers) row.forEach((v, i) => (where[v] = i));
  const block = new Int32Array(n);
  const members: number[][] = [];
  for (let v = 0; v < n; v++) {
    block[v] = v;
    members.push([v]);
  }
  const merge = (a: number, b: number) => {
    let [x, y] = [block[a], block[b]];
    if (x === y) return;
    if (members[x].length < members[y].length) [x, y] = [y, x];
    for (const v of members[y]) {
      block[v] = x;
      members[x].push(v);
    }
    members[y] = [];
  };
  const lined = (v: number, { u, d }: AlignLink) => Math.abs(c[u] + d - c[v]) < 0.01;
  for (let v = 0; v < n; v++) for (const l of links[v]) if (lined(v, l)) merge(v, l.u);

  // Pieces of long edges first (a long edge is straight only when all of them are), then by how far they are off.
  const pieces: Array<[number, AlignLink]> = [];
  for (let v = 0; v < n; v++) for (const l of links[v]) pieces.push([v, l]);
  const rank = ([v, { u }]: [number, AlignLink]) => (dummy(v) ? 1 : 0) + (dummy(u) ? 1 : 0);
  for (let round = 0; round < rounds; round++) {
    let moved = 0;
    pieces.sort(
      (a, b) => rank(b) - rank(a) || Math.abs(c[a[1].u] + a[1].d - c[a[0]]) - Math.abs(c[b[1].u] + b[1].d - c[b[0]]),
    );
    for (const [v, l] of pieces) {
      const b = block[v];
      if (block[l.u] === b || lined(v, l)) continue;
      const delta = c[l.u] + l.d - c[v];
      if (!fits(members[b], delta) || added(members[b], delta) > slack) continue;
      for (const w of members[b]) c[w] += delta;
      merge(v, l.u);
      moved++;
    }
    if (!moved) break;
  }

  function fits(list: readonly number[], delta: number): boolean {
    for (const w of list) {
      const row = layers[input.layerOf[w]];
      const i = where[w];
      const left = i > 0 ? row[i - 1] : -1;
      const right = i + 1 < row.length ? row[i + 1] : -1;
      if (delta < 0 && left >= 0 && block[left] !== block[w] && c[w] + delta < c[left] + gap(left, w) - 1e-6)
        return false;
      if (delta > 0 && right >= 0 && block[right] !== block[w] && c[w] + delta > c[right] - gap(w, right) + 1e-6)
        return false;
    }
    return true;
  }

  /** Change of the horizontal ink of the pieces leaving the block when it moves by delta. */
  function added(list: readonly number[], delta: number): number {
    let sum = 0;
    for (const w of list) {
      for (const { u, d } of links[w]) {
        if (block[u] === block[w]) continue;
        const off = c[w] - c[u] - d;
        sum += Math.abs(off + delta) - Math.abs(off);
      }
    }
    return sum;
  }
}
