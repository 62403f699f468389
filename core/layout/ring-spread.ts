// Places the boxes of one ring as close to their ideal angles as the ring allows: neighbours keep at least their
// chord distance apart (least-squares shift by pool-adjacent-violators), and the ring grows when they cannot fit.

export interface RingPlacement {
  angles: number[];
  radius: number;
}

const TAU = 2 * Math.PI;

/** `ideal[i]`: wanted angle of box i; `need[i]`: its size along the ring (px, gap included); `radius`: a lower bound. */
export function spreadOnCircle(ideal: readonly number[], need: readonly number[], radius: number): RingPlacement {
  const n = ideal.length;
  if (n === 0) return { angles: [], radius };
  if (n === 1) return { angles: [ideal[0]], radius };
  const norm = ideal.map((a) => ((a % TAU) + TAU) % TAU);
  const order = norm.map((_, i) => i).sort((a, b) => norm[a] - norm[b] || a - b);
  // Linearise the circle at its widest empty gap, so the pieces most likely to collide are not split.
  let cut = 0;
  let widest = -1;
  for (let k = 0; k < n; k++) {
    const next = k + 1 < n ? norm[order[k + 1]] : norm[order[0]] + TAU;
    if (next - norm[order[k]] > widest) {
      widest = next - norm[order[k]];
      cut = (k + 1) % n;
    }
  }
  const seq = Array.from({ length: n }, (_, k) => order[(cut + k) % n]);
  const base = norm[seq[0]];
  const target = seq.map((i) => (norm[i] < base ? norm[i] + TAU : norm[i]));
  let r = radius;
  for (let attempt = 0; attempt < 40; attempt++, r *= 1.12) {
    const gapOf = (i: number, j: number) => {
      const chord = (need[i] + need[j]) / 2;
      return chord >= 2 * r ? Infinity : 2 * Math.asin(chord / (2 * r));
    };
    const gaps = seq.map((v, k) => gapOf(v, seq[(k + 1) % n]));
    if (gaps.reduce((a, b) => a + b, 0) > TAU) continue;
    const x = spreadLine(target, gaps.slice(0, n - 1));
    if (x[n - 1] - x[0] + gaps[n - 1] > TAU + 1e-9) continue;
    const angles = new Array<number>(n);
    seq.forEach((v, k) => (angles[v] = x[k]));
    return { angles, radius: r };
  }
  // Fallback (not reached in practice): even spacing in ring order on a ring large enough for all.
  const total = need.reduce((a, b) => a + b, 0);
  r = Math.max(r, total / TAU);
  const angles = new Array<number>(n);
  let along = 0;
  for (const v of seq) {
    angles[v] = base + (TAU * (along + need[v] / 2)) / total;
    along += need[v];
  }
  return { angles, radius: r };
}

/** Positions x (nondecreasing) minimising Σ(x - target)² with x[k+1] - x[k] ≥ gaps[k]. */
function spreadLine(target: readonly number[], gaps: readonly number[]): number[] {
  const offset: number[] = [0];
  for (let k = 0; k < gaps.length; k++) offset.push(offset[k] + gaps[k]);
  const y = target.map((t, k) => t - offset[k]);
  // Pool adjacent violators: blocks of equal value, each at the mean of its members.
  const blocks: Array<{ sum: number; count: number }> = [];
  for (const v of y) {
    blocks.push({ sum: v, count: 1 });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1];
      const prev = blocks[blocks.length - 2];
      if (prev.sum / prev.count <= last.sum / last.count) break;
      prev.sum += last.sum;
      prev.count += last.count;
      blocks.pop();
    }
  }
  const out: number[] = [];
  for (const b of blocks) for (let k = 0; k < b.count; k++) out.push(b.sum / b.count + offset[out.length]);
  return out;
}
