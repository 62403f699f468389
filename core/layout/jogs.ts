// ELK's router and its interactive placement sometimes shift a run of an orthogonal route sideways by a pixel or
// two (spacing rounding between neighbouring runs), which draws a wobble of two bends where the reader sees a
// straight line. Such a jog is taken out: the shorter of the two runs beside it moves onto the other's line. A run
// that ends at a node moves only when both do (a two-bend route between two nodes) and its end stays on the node's
// side: the edge then leaves or enters the node a pixel or two further along.
import type { Point, Rect } from './geometry';

/** Jogs shorter than this (px) are taken out. */
export const JOG = 3;

/** `ends`: the boxes of the edge's source and target, where its first and last points lie. */
export function unjog(points: readonly Point[], ends?: readonly [Rect, Rect], tolerance = JOG): Point[] {
  const p = points.map(([x, y]) => [x, y] as Point);
  for (let i = 1; i + 2 < p.length; i++) {
    if (p[i][0] !== p[i + 1][0] && p[i][1] !== p[i + 1][1]) continue;
    // The coordinate the jog changes, and the one the runs beside it change.
    const axis: 0 | 1 = p[i][0] === p[i + 1][0] ? 1 : 0;
    const other: 0 | 1 = axis === 0 ? 1 : 0;
    if (Math.abs(p[i + 1][axis] - p[i][axis]) >= tolerance || Math.abs(p[i + 1][axis] - p[i][axis]) === 0) continue;
    // The runs before and after the jog are parallel to each other and across the jog's axis (a Z, not a U).
    if (p[i - 1][axis] !== p[i][axis] || p[i + 1][axis] !== p[i + 2][axis]) continue;
    if (Math.sign(p[i][other] - p[i - 1][other]) !== Math.sign(p[i + 2][other] - p[i + 1][other])) continue;
    // A run that ends at a node stays where it meets the node; else the shorter run moves.
    const firstFixed = i - 1 === 0;
    const lastFixed = i + 2 === p.length - 1;
    const before = Math.abs(p[i][other] - p[i - 1][other]);
    const after = Math.abs(p[i + 2][other] - p[i + 1][other]);
    if (firstFixed && lastFixed) {
      // Both runs end at a node: the shorter one moves if its end stays on its node's side.
      const moveFirst = before < after;
      const box = ends?.[moveFirst ? 0 : 1];
      const to = p[moveFirst ? i + 1 : i][axis];
      const [lo, hi] = box
        ? axis === 0
          ? [box.x, box.x + box.width]
          : [box.y, box.y + box.height]
        : [Infinity, -Infinity];
      if (to < lo + 1 || to > hi - 1) continue;
    }
    if (firstFixed && lastFixed ? before < after : lastFixed || (!firstFixed && before < after)) {
      p[i - 1][axis] = p[i + 1][axis];
      p[i][axis] = p[i + 1][axis];
    } else {
      p[i + 1][axis] = p[i][axis];
      p[i + 2][axis] = p[i][axis];
    }
  }
  return simplify(p);
}

/** Without repeated points and points in the middle of a straight run. */
function simplify(p: Point[]): Point[] {
  const out: Point[] = [];
  for (const q of p) {
    const last = out[out.length - 1];
    if (last && last[0] === q[0] && last[1] === q[1]) continue;
    const prev = out[out.length - 2];
    if (prev && last && ((prev[0] === last[0] && last[0] === q[0]) || (prev[1] === last[1] && last[1] === q[1])))
      out.pop();
    out.push(q);
  }
  return out;
}
