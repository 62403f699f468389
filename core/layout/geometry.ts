// Plane geometry shared by the layouts, the label placer and the quality score. Rectangles are top-left based.
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Point = [number, number];

/** True when the two rectangles share interior area larger than `tolerance` on both axes. */
export function rectsOverlap(a: Rect, b: Rect, tolerance = 0.5): boolean {
  return (
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > tolerance &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > tolerance
  );
}

/** True when the segment a→b passes through the interior of `r` shrunk by `inset` (Liang–Barsky clipping). */
export function segmentHitsRect(a: Point, b: Point, r: Rect, inset = 1): boolean {
  const x0 = r.x + inset;
  const y0 = r.y + inset;
  const x1 = r.x + r.width - inset;
  const y1 = r.y + r.height - inset;
  if (x1 <= x0 || y1 <= y0) return false;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q > 0;
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  if (!clip(-dx, a[0] - x0) || !clip(dx, x1 - a[0]) || !clip(-dy, a[1] - y0) || !clip(dy, y1 - a[1])) return false;
  return t1 - t0 > 1e-9;
}

function orient(a: Point, b: Point, c: Point): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

/** True when the segments cross at a single interior point (touching ends and collinear overlaps do not count). */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const eps = 1e-7;
  const d1 = orient(c, d, a);
  const d2 = orient(c, d, b);
  const d3 = orient(a, b, c);
  const d4 = orient(a, b, d);
  return ((d1 > eps && d2 < -eps) || (d1 < -eps && d2 > eps)) && ((d3 > eps && d4 < -eps) || (d3 < -eps && d4 > eps));
}

export function segmentLength(a: Point, b: Point): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

export function polylineLength(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += segmentLength(points[i - 1], points[i]);
  return sum;
}

/** The point at arc-length fraction t of the polyline, and the direction of the segment it lies on. */
export function pointAlong(points: readonly Point[], t: number): { point: Point; dir: Point } {
  const total = polylineLength(points);
  let left = total * Math.min(1, Math.max(0, t));
  for (let i = 1; i < points.length; i++) {
    const len = segmentLength(points[i - 1], points[i]);
    if (left <= len || i === points.length - 1) {
      const f = len > 0 ? Math.min(1, left / len) : 0;
      const [ax, ay] = points[i - 1];
      const [bx, by] = points[i];
      const dir: Point = len > 0 ? [(bx - ax) / len, (by - ay) / len] : [1, 0];
      return { point: [ax + (bx - ax) * f, ay + (by - ay) * f], dir };
    }
    left -= len;
  }
  return { point: points[0] ?? [0, 0], dir: [1, 0] };
}

/** Where the ray from the centre of `r` towards `toward` leaves the rectangle (plus `pad`). */
export function borderPoint(r: Rect, toward: Point, pad = 0): Point {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const dx = toward[0] - cx;
  const dy = toward[1] - cy;
  if (dx === 0 && dy === 0) return [cx, cy];
  const hw = r.width / 2 + pad;
  const hh = r.height / 2 + pad;
  const s = Math.min(dx === 0 ? Infinity : hw / Math.abs(dx), dy === 0 ? Infinity : hh / Math.abs(dy));
  return [cx + dx * s, cy + dy * s];
}

/** Number of vertices where the polyline turns by more than `minDegrees` (sampled curves do not count as bends). */
export function countBends(points: readonly Point[], minDegrees = 15): number {
  let bends = 0;
  const limit = Math.cos((minDegrees * Math.PI) / 180);
  for (let i = 1; i < points.length - 1; i++) {
    const ax = points[i][0] - points[i - 1][0];
    const ay = points[i][1] - points[i - 1][1];
    const bx = points[i + 1][0] - points[i][0];
    const by = points[i + 1][1] - points[i][1];
    const la = Math.hypot(ax, ay);
    const lb = Math.hypot(bx, by);
    if (la < 1e-6 || lb < 1e-6) continue;
    if ((ax * bx + ay * by) / (la * lb) < limit) bends++;
  }
  return bends;
}
