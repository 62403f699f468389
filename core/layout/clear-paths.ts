// After a force layout settles, some straight edges still run through nodes. This deterministic repair looks at
// each (edge, node) hit and tries a few moves that would clear it: the node sideways off the line (either side), or
// one end of the edge sideways so the line swings clear; nodes in the way are pushed along. A move is taken only
// when it lowers the hits (plus a small charge per px of edge length) of the moved nodes and adds no box overlap,
// so that total only falls and the loop ends.
import type { Rect } from './geometry';
import { MovingGrid } from './moving-grid';

export interface ClearPathsOptions {
  /** Rounds over the remaining hits (default 24). */
  rounds?: number;
  /** Free space kept between an edge and a box it passes (px). */
  clearance?: number;
  /** Extra distance a move adds beyond the clearance, so the edge does not graze the box (px). */
  margin?: number;
  /** Minimum gap between boxes a move must keep (px). */
  gap?: number;
  /**
   * Hits per px of edge length a move adds (default 0.01: a hit is worth 100 px). Without it the repair clears hits
   * by stretching edges; with it a move may also trade a little length for a hit, or shorten edges at no hit.
   */
  lengthWeight?: number;
}

const OVERLAP_COST = 1000;
const CELL = 160;
const MAX_PUSH = 8;

/** Moves boxes (in place) off the straight centre-to-centre edges `links`; returns the hits left. */
export function clearEdgePaths(
  boxes: Rect[],
  links: ReadonlyArray<[number, number]>,
  options: ClearPathsOptions = {},
): number {
  const repair = new PathRepair(boxes, links, options);
  const left = repair.run(options.rounds ?? 24);
  boxes.forEach((b, i) => {
    b.x = repair.cx[i] - b.width / 2;
    b.y = repair.cy[i] - b.height / 2;
  });
  return left;
}

class PathRepair {
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  private readonly hw: Float64Array;
  private readonly hh: Float64Array;
  private readonly ls: Int32Array;
  private readonly lt: Int32Array;
  private readonly incident: number[][];
  private readonly boxGrid: MovingGrid;
  private readonly linkGrid: MovingGrid;
  private readonly clearance: number;
  private readonly margin: number;
  private readonly gap: number;
  private readonly inGroup: Uint32Array;
  private readonly linkSeen: Uint32Array;
  private stamp = 0;
  private readonly lengthWeight: number;

  constructor(boxes: readonly Rect[], links: ReadonlyArray<[number, number]>, options: ClearPathsOptions) {
    const n = boxes.length;
    this.clearance = options.clearance ?? 2;
    this.margin = options.margin ?? 6;
    this.gap = options.gap ?? 6;
    this.lengthWeight = options.lengthWeight ?? 0.01;
    this.cx = Float64Array.from(boxes, (b) => b.x + b.width / 2);
    this.cy = Float64Array.from(boxes, (b) => b.y + b.height / 2);
    this.hw = Float64Array.from(boxes, (b) => b.width / 2);
    this.hh = Float64Array.from(boxes, (b) => b.height / 2);
    // Parallel edges share one line: keep one link per node pair.
    const seen = new Set<number>();
    const unique: Array<[number, number]> = [];
    for (const [s, t] of links) {
      if (s === t) continue;
      const k = Math.min(s, t) * n + Math.max(s, t);
      if (seen.has(k)) continue;
      seen.add(k);
      unique.push([s, t]);
    }
    this.ls = Int32Array.from(unique, (l) => l[0]);
    this.lt = Int32Array.from(unique, (l) => l[1]);
    this.incident = boxes.map(() => []);
    unique.forEach(([s, t], i) => {
      this.incident[s].push(i);
      this.incident[t].push(i);
    });
    this.inGroup = new Uint32Array(n);
    this.linkSeen = new Uint32Array(unique.length);
    this.boxGrid = new MovingGrid(n, CELL);
    this.linkGrid = new MovingGrid(unique.length, CELL);
    for (let v = 0; v < n; v++) this.indexBox(v);
    for (let l = 0; l < unique.length; l++) this.indexLink(l);
  }

  run(rounds: number): number {
    let hits = this.hits();
    // A hit no move could clear is tried again only once one of its three nodes has moved: round of the last try.
    const failedIn = new Map<number, number>();
    const movedIn = new Int32Array(this.cx.length).fill(-1);
    for (let round = 0; round < rounds && hits.length > 0; round++) {
      let moved = 0;
      for (let h = 0; h < hits.length; h += 2) {
        const l = hits[h];
        const k = hits[h + 1];
        const id = l * this.cx.length + k;
        const tried = failedIn.get(id);
        if (tried !== undefined && Math.max(movedIn[k], movedIn[this.ls[l]], movedIn[this.lt[l]]) < tried) continue;
        const group = this.repair(l, k);
        if (group) {
          moved++;
          for (let i = 0; i < group.length; i += 3) movedIn[group[i]] = round;
        } else failedIn.set(id, round);
      }
      hits = this.hits();
      if (moved === 0) break;
    }
    return hits.length / 2;
  }

  /** Every (link, node) hit, flattened as link, node pairs in a stable order. */
  private hits(): number[] {
    const out: number[] = [];
    for (let l = 0; l < this.ls.length; l++) {
      const s = this.ls[l];
      const t = this.lt[l];
      const ax = this.cx[s];
      const ay = this.cy[s];
      const bx = this.cx[t];
      const by = this.cy[t];
      const found: number[] = [];
      this.boxGrid.querySegment(ax, ay, bx, by, (k) => {
        if (k !== s && k !== t && this.crosses(ax, ay, bx, by, k, this.cx[k], this.cy[k])) found.push(k);
      });
      found.sort((p, q) => p - q);
      for (const k of found) out.push(l, k);
    }
    return out;
  }

  /** Tries the moves that would take link `l` off node `k`; applies the best one that lowers the cost and returns
   *  the moved group ([node, dx, dy] triples), or null when no move helps. */
  private repair(l: number, k: number): number[] | null {
    const s = this.ls[l];
    const t = this.lt[l];
    const ax = this.cx[s];
    const ay = this.cy[s];
    const bx = this.cx[t];
    const by = this.cy[t];
    if (!this.crosses(ax, ay, bx, by, k, this.cx[k], this.cy[k])) return null;
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) return null;
    // Unit normal pointing from the line towards the node's centre.
    let nx = -dy / len;
    let ny = dx / len;
    let side = (this.cx[k] - ax) * nx + (this.cy[k] - ay) * ny;
    if (Math.abs(side) < 1e-6) side = k % 2 ? 1e-6 : -1e-6;
    if (side < 0) {
      nx = -nx;
      ny = -ny;
      side = -side;
    }
    const u = ((this.cx[k] - ax) * dx + (this.cy[k] - ay) * dy) / (len * len);
    const reach =
      Math.abs(nx) * (this.hw[k] + this.clearance) + Math.abs(ny) * (this.hh[k] + this.clearance) + this.margin;
    // The line must move by `near` away from the node, or by `far` past it to the other side.
    const near = reach - side;
    const far = reach + side;
    const candidates: Array<[number, number, number]> = [
      [k, nx * near, ny * near],
      [k, -nx * far, -ny * far],
    ];
    // Moving one end by D moves the line at the node's projection by D·(1-u) (source) or D·u (target).
    for (const [v, f] of [
      [s, 1 - u],
      [t, u],
    ] as const) {
      if (f < 0.2) continue;
      candidates.push([v, (-nx * near) / f, (-ny * near) / f], [v, (nx * far) / f, (ny * far) / f]);
    }
    let best = -1;
    let bestDelta = 0;
    let bestShift = Infinity;
    // The hits a lone node takes part in where it stands, shared by the candidates that move only it.
    const standing = new Map<number, number>();
    candidates.forEach(([v, mx, my], i) => {
      const group = this.pushGroup(v, mx, my);
      if (!group) return;
      let before = group.length === 3 ? standing.get(v) : undefined;
      if (before === undefined) before = this.groupHits(group, Infinity);
      if (group.length === 3) standing.set(v, before);
      // A candidate is only of use with a delta below both zero and the best so far: stop counting past that.
      const delta = this.tryMove(group, false, before, bestDelta);
      let shift = 0;
      for (let j = 0; j < group.length; j += 3) shift += Math.hypot(group[j + 1], group[j + 2]);
      if (delta < bestDelta || (delta === bestDelta && delta < 0 && shift < bestShift)) {
        best = i;
        bestDelta = delta;
        bestShift = shift;
      }
    });
    if (best < 0) return null;
    const [v, mx, my] = candidates[best];
    const group = this.pushGroup(v, mx, my)!;
    this.tryMove(group, true, this.groupHits(group, Infinity), Infinity);
    return group;
  }

  /**
   * Node v moved by (mx, my), and the nodes it would run into pushed the same way just far enough, transitively,
   * as [node, dx, dy] triples. Null when the push would move more than MAX_PUSH nodes.
   */
  private pushGroup(v: number, mx: number, my: number): number[] | null {
    const len = Math.hypot(mx, my);
    if (len < 1e-9) return null;
    const ux = mx / len;
    const uy = my / len;
    const g = this.gap;
    const group = [v, mx, my];
    const mark = ++this.stamp;
    this.inGroup[v] = mark;
    for (let at = 0; at < group.length; at += 3) {
      const p = group[at];
      const px = this.cx[p] + group[at + 1];
      const py = this.cy[p] + group[at + 2];
      const hw = this.hw[p];
      const hh = this.hh[p];
      const found: number[] = [];
      this.boxGrid.query(px - hw - g, py - hh - g, px + hw + g, py + hh + g, (w) => {
        if (this.inGroup[w] === mark) return;
        if (Math.abs(this.cx[w] - px) >= hw + this.hw[w] + g || Math.abs(this.cy[w] - py) >= hh + this.hh[w] + g)
          return;
        // The least push along (ux, uy) that separates w from p on either axis.
        let tau = Infinity;
        if (Math.abs(ux) > 1e-6)
          tau = Math.min(tau, (hw + this.hw[w] + g - Math.sign(ux) * (this.cx[w] - px)) / Math.abs(ux));
        if (Math.abs(uy) > 1e-6)
          tau = Math.min(tau, (hh + this.hh[w] + g - Math.sign(uy) * (this.cy[w] - py)) / Math.abs(uy));
        if (tau > 0 && tau < Infinity) found.push(w, tau + 0.5);
      });
      for (let i = 0; i < found.length; i += 2) {
        const w = found[i];
        if (this.inGroup[w] === mark) continue;
        if (group.length >= MAX_PUSH * 3) return null;
        this.inGroup[w] = mark;
        group.push(w, ux * found[i + 1], uy * found[i + 1]);
      }
    }
    return group;
  }

  /**
   * The change in overlaps (× OVERLAP_COST) and hits when the group moves, given its hits before; the count stops
   * once the hits after pass `limit` (the move is of no use then). The move is kept only when `keep`.
   */
  private tryMove(group: number[], keep: boolean, hitsBefore: number, bestDelta: number): number {
    const overlapsBefore = this.groupOverlaps(group);
    const lengthBefore = this.groupLength(group);
    // The grids keep the group where it was while it is tried; the counts look the group's nodes up directly.
    for (let i = 0; i < group.length; i += 3) {
      this.cx[group[i]] += group[i + 1];
      this.cy[group[i]] += group[i + 2];
    }
    const overlapsAfter = this.groupOverlaps(group);
    const stretch = (this.groupLength(group) - lengthBefore) * this.lengthWeight;
    // A move is of use only with a delta below zero and below the best so far: the count stops past that.
    const limit = overlapsAfter < overlapsBefore ? Infinity : hitsBefore + Math.min(bestDelta, 0) - stretch;
    const delta =
      overlapsAfter > overlapsBefore
        ? OVERLAP_COST
        : (overlapsAfter - overlapsBefore) * OVERLAP_COST + this.groupHits(group, limit) - hitsBefore + stretch;
    for (let i = 0; i < group.length; i += 3) {
      const v = group[i];
      if (keep) {
        this.indexBox(v);
        for (const l of this.incident[v]) this.indexLink(l);
      } else {
        this.cx[v] -= group[i + 1];
        this.cy[v] -= group[i + 2];
      }
    }
    return delta;
  }

  /** Total length of the edges at the group's nodes (centre to centre). */
  private groupLength(group: number[]): number {
    const mark = ++this.stamp;
    let sum = 0;
    for (let i = 0; i < group.length; i += 3) {
      for (const l of this.incident[group[i]]) {
        if (this.linkSeen[l] === mark) continue;
        this.linkSeen[l] = mark;
        sum += Math.hypot(this.cx[this.lt[l]] - this.cx[this.ls[l]], this.cy[this.lt[l]] - this.cy[this.ls[l]]);
      }
    }
    return sum;
  }

  /** Marks the group's nodes with a fresh stamp and returns it. */
  private markGroup(group: number[]): number {
    const mark = ++this.stamp;
    for (let i = 0; i < group.length; i += 3) this.inGroup[group[i]] = mark;
    return mark;
  }

  /** Box overlaps that involve any node of the group, each counted once. */
  private groupOverlaps(group: number[]): number {
    const mark = this.markGroup(group);
    const g = this.gap;
    let count = 0;
    const overlap = (v: number, k: number) =>
      Math.abs(this.cx[k] - this.cx[v]) < this.hw[v] + this.hw[k] + g - 0.01 &&
      Math.abs(this.cy[k] - this.cy[v]) < this.hh[v] + this.hh[k] + g - 0.01;
    for (let i = 0; i < group.length; i += 3) {
      const v = group[i];
      const x = this.cx[v];
      const y = this.cy[v];
      const m = this.hw[v] + g;
      const n = this.hh[v] + g;
      this.boxGrid.query(x - m, y - n, x + m, y + n, (k) => {
        if (this.inGroup[k] !== mark && overlap(v, k)) count++;
      });
      for (let j = i + 3; j < group.length; j += 3) if (overlap(v, group[j])) count++;
    }
    return count;
  }

  /** (edge, node) hits that involve any node of the group, each counted once (or a number past `limit`). */
  private groupHits(group: number[], limit: number): number {
    const mark = this.markGroup(group);
    let count = 0;
    const c = this.clearance;
    for (let i = 0; i < group.length; i += 3) {
      const v = group[i];
      const x = this.cx[v];
      const y = this.cy[v];
      // The group's edges through any node (the group's own nodes are checked directly: the grid has them stale).
      for (const l of this.incident[v]) {
        if (count > limit) return count;
        if (this.linkSeen[l] === mark) continue;
        this.linkSeen[l] = mark;
        const s = this.ls[l];
        const t = this.lt[l];
        const ax = this.cx[s];
        const ay = this.cy[s];
        const bx = this.cx[t];
        const by = this.cy[t];
        this.boxGrid.querySegment(ax, ay, bx, by, (k) => {
          if (k !== s && k !== t && this.inGroup[k] !== mark && this.crosses(ax, ay, bx, by, k, this.cx[k], this.cy[k]))
            count++;
        });
        for (let j = 0; j < group.length; j += 3) {
          const k = group[j];
          if (k !== s && k !== t && this.crosses(ax, ay, bx, by, k, this.cx[k], this.cy[k])) count++;
        }
      }
      // Other edges through the group's nodes (their cells are current: none of their ends moved).
      const hw = this.hw[v] + c;
      const hh = this.hh[v] + c;
      this.linkGrid.query(x - hw, y - hh, x + hw, y + hh, (l) => {
        const s = this.ls[l];
        const t = this.lt[l];
        if (
          this.inGroup[s] !== mark &&
          this.inGroup[t] !== mark &&
          this.crosses(this.cx[s], this.cy[s], this.cx[t], this.cy[t], v, x, y)
        )
          count++;
      });
    }
    return count;
  }

  private indexBox(v: number): void {
    const m = this.gap + this.clearance;
    this.boxGrid.set(
      v,
      this.cx[v] - this.hw[v] - m,
      this.cy[v] - this.hh[v] - m,
      this.cx[v] + this.hw[v] + m,
      this.cy[v] + this.hh[v] + m,
    );
  }

  private indexLink(l: number): void {
    const s = this.ls[l];
    const t = this.lt[l];
    this.linkGrid.set(
      l,
      Math.min(this.cx[s], this.cx[t]),
      Math.min(this.cy[s], this.cy[t]),
      Math.max(this.cx[s], this.cx[t]),
      Math.max(this.cy[s], this.cy[t]),
    );
  }

  /** True when segment a→b passes through node k's box (centred at (kx, ky), grown by the clearance). */
  private crosses(ax: number, ay: number, bx: number, by: number, k: number, kx: number, ky: number): boolean {
    return segmentThroughBox(ax, ay, bx, by, kx, ky, this.hw[k] + this.clearance, this.hh[k] + this.clearance);
  }
}

/** Liang–Barsky: does the segment a→b pass through the open box centred at (cx, cy) with half sizes hw × hh? */
export function segmentThroughBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  hw: number,
  hh: number,
): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  // Each side of the box: p·t ≤ q keeps the point inside.
  for (let i = 0; i < 4; i++) {
    const p = i === 0 ? -dx : i === 1 ? dx : i === 2 ? -dy : dy;
    const q = i === 0 ? ax - (cx - hw) : i === 1 ? cx + hw - ax : i === 2 ? ay - (cy - hh) : cy + hh - ay;
    if (p === 0) {
      if (q <= 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return t1 - t0 > 1e-9;
}
