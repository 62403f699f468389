// The last resort for an edge that still runs through a node once the nodes are placed: the shortest polyline
// from its source to its target that bends only at the (padded) corners of the boxes in its way, found by A* over
// the corners it can see. Only the edges that hit something are rerouted, so the others stay straight.
import { borderPoint, type Point, type Rect } from './geometry';
import { segmentThroughBox } from './clear-paths';
import type { ComponentLayout } from './compose';
import { RectGrid } from './grid';

/** Free space the detour keeps from the boxes it passes (px). */
const PAD = 7;
/** How far beyond the straight line's bounding box obstacles (and corners to bend at) are looked for (px). */
const REACH = [160, 480, 1440];

interface Box {
  cx: number;
  cy: number;
  hw: number;
  hh: number;
}

type Near = (x0: number, y0: number, x1: number, y1: number) => number[];

/**
 * The shortest polyline from the centre of `boxes[s]` to the centre of `boxes[t]`, through `via` when given, that
 * passes through no other box, clipped to the two borders; null when none was found.
 */
export function detourAround(boxes: readonly Rect[], s: number, t: number, near: Near, via?: Point): Point[] | null {
  const a = centre(boxes[s]);
  const b = centre(boxes[t]);
  const legs = via
    ? [
        [a, via],
        [via, b],
      ]
    : [[a, b]];
  const path: Point[] = [a];
  for (const [from, to] of legs) {
    const leg = legAround(boxes, s, t, near, from, to);
    if (!leg) return null;
    path.push(...leg.slice(1));
  }
  path[0] = borderPoint(boxes[s], path[1]);
  path[path.length - 1] = borderPoint(boxes[t], path[path.length - 2]);
  return path;
}

function legAround(boxes: readonly Rect[], s: number, t: number, near: Near, a: Point, b: Point): Point[] | null {
  const others = (ids: number[]) => ids.filter((k) => k !== s && k !== t);
  const region = (pad: number) =>
    others(
      near(
        Math.min(a[0], b[0]) - pad,
        Math.min(a[1], b[1]) - pad,
        Math.max(a[0], b[0]) + pad,
        Math.max(a[1], b[1]) + pad,
      ),
    );
  // Visibility is checked against every box near a segment, not only those of the search region, so a leg that
  // swings wide cannot cut through a box outside it.
  const grow = PAD - 1.5;
  const clear = (ax: number, ay: number, bx: number, by: number) => {
    for (const k of near(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by))) {
      const r = boxes[k];
      if (
        k !== s &&
        k !== t &&
        segmentThroughBox(
          ax,
          ay,
          bx,
          by,
          r.x + r.width / 2,
          r.y + r.height / 2,
          r.width / 2 + grow,
          r.height / 2 + grow,
        )
      )
        return false;
    }
    return true;
  };
  if (clear(a[0], a[1], b[0], b[1])) return [a, b];
  for (const reach of REACH) {
    const obstacles: Box[] = region(reach)
      .sort((p, q) => p - q)
      .map((k) => ({
        cx: boxes[k].x + boxes[k].width / 2,
        cy: boxes[k].y + boxes[k].height / 2,
        hw: boxes[k].width / 2,
        hh: boxes[k].height / 2,
      }));
    const path = shortestPath(a, b, obstacles, clear);
    if (path) return path;
  }
  return null;
}

const centre = (r: Rect): Point => [r.x + r.width / 2, r.y + r.height / 2];

function hits(a: Point, b: Point, r: Rect, grow: number): boolean {
  return segmentThroughBox(
    a[0],
    a[1],
    b[0],
    b[1],
    r.x + r.width / 2,
    r.y + r.height / 2,
    r.width / 2 + grow,
    r.height / 2 + grow,
  );
}

/** A* from a to b over the padded corners of the obstacles; visibility is tested lazily, when a corner is expanded. */
function shortestPath(
  a: Point,
  b: Point,
  obstacles: readonly Box[],
  clear: (ax: number, ay: number, bx: number, by: number) => boolean,
): Point[] | null {
  const xs: number[] = [a[0], b[0]];
  const ys: number[] = [a[1], b[1]];
  for (const o of obstacles) {
    for (const [sx, sy] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      const x = o.cx + sx * (o.hw + PAD);
      const y = o.cy + sy * (o.hh + PAD);
      // A corner inside another padded box is no place to bend.
      if (obstacles.some((p) => Math.abs(p.cx - x) < p.hw + PAD - 0.5 && Math.abs(p.cy - y) < p.hh + PAD - 0.5))
        continue;
      xs.push(x);
      ys.push(y);
    }
  }
  const n = xs.length;
  const g = new Float64Array(n).fill(Infinity);
  const from = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const h = (i: number) => Math.hypot(xs[i] - b[0], ys[i] - b[1]);
  g[0] = 0;
  // The frontier is small (tens of corners): a linear scan for the best is simpler than a heap and fast enough.
  const open: number[] = [0];
  while (open.length) {
    let at = 0;
    for (let i = 1; i < open.length; i++) {
      const f = g[open[i]] + h(open[i]);
      const best = g[open[at]] + h(open[at]);
      if (f < best - 1e-9 || (Math.abs(f - best) <= 1e-9 && open[i] < open[at])) at = i;
    }
    const u = open[at];
    open[at] = open[open.length - 1];
    open.pop();
    if (u === 1) break;
    if (closed[u]) continue;
    closed[u] = 1;
    for (let v = 1; v < n; v++) {
      if (closed[v] || v === u) continue;
      const d = g[u] + Math.hypot(xs[v] - xs[u], ys[v] - ys[u]);
      if (d >= g[v] - 1e-9) continue;
      if (!clear(xs[u], ys[u], xs[v], ys[v])) continue;
      if (g[v] === Infinity) open.push(v);
      g[v] = d;
      from[v] = u;
    }
  }
  if (from[1] < 0) return null;
  const path: Point[] = [];
  for (let v = 1; v >= 0; v = from[v]) path.push([xs[v], ys[v]]);
  return path.reverse();
}

/** The component's edges, each one that runs through a node (other than its ends) replaced by its detour. */
export function detourBlockedEdges(
  part: ComponentLayout,
  ends: ReadonlyMap<string, readonly [string, string]>,
): ComponentLayout {
  const index = new Map(part.nodes.map((n, i) => [n.id, i]));
  const grid = new RectGrid<Rect>(160);
  for (const n of part.nodes) grid.add(n);
  const near = (x0: number, y0: number, x1: number, y1: number) =>
    grid.near({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  const edges = part.edges.map((e) => {
    const [source, target] = ends.get(e.id) ?? [];
    const s = index.get(source ?? '');
    const t = index.get(target ?? '');
    if (s === undefined || t === undefined || s === t || !blocked(e.points, part.nodes, s, t, near)) return e;
    // A fanned parallel edge keeps its own way: its detour passes the middle of its curve.
    const via = e.path ? e.points[Math.floor(e.points.length / 2)] : undefined;
    const points = detourAround(part.nodes, s, t, near, via) ?? (via ? detourAround(part.nodes, s, t, near) : null);
    return points ? { id: e.id, points } : e;
  });
  return { nodes: part.nodes, edges };
}

function blocked(points: readonly Point[], boxes: readonly Rect[], s: number, t: number, near: Near): boolean {
  for (let i = 1; i < points.length; i++) {
    const [a, b] = [points[i - 1], points[i]];
    for (const k of near(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]))) {
      if (k !== s && k !== t && hits(a, b, boxes[k], 0)) return true;
    }
  }
  return false;
}
