// Straight edges between node borders for the force and circle layouts. Several edges between the same two nodes
// fan out by angle as quadratic curves, so none hides another; a self loop is a small curve on the node's corner.
import { borderPoint, type Point, type Rect } from './geometry';
import type { PreparedGraph } from './prepare';
import type { RoutedEdge } from './types';

/** Spacing between the peaks of fanned parallel edges (px). */
const FAN_STEP = 26;
const CURVE_SAMPLES = 12;

export function straightEdges(
  graph: PreparedGraph,
  boxes: readonly Rect[],
  edgeIndexes?: readonly number[],
): RoutedEdge[] {
  const list = edgeIndexes ?? graph.edges.map((_, i) => i);
  const groups = new Map<string, number[]>();
  for (const i of list) {
    const { s, t } = graph.edges[i];
    const key = s < t ? `${s}|${t}` : `${t}|${s}`;
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  }
  const out: RoutedEdge[] = [];
  for (const i of list) {
    const e = graph.edges[i];
    const a = boxes[e.s];
    const b = boxes[e.t];
    if (e.s === e.t) {
      out.push({ id: e.id, ...selfLoop(a) });
      continue;
    }
    const key = e.s < e.t ? `${e.s}|${e.t}` : `${e.t}|${e.s}`;
    const group = groups.get(key)!;
    const k = group.indexOf(i);
    // Offsets are measured in the direction low index → high index so both directions share one fan.
    const flip = e.s < e.t ? 1 : -1;
    const offset = (k - (group.length - 1) / 2) * FAN_STEP * flip;
    out.push({ id: e.id, ...route(a, b, offset) });
  }
  return out;
}

const centre = (r: Rect): Point => [r.x + r.width / 2, r.y + r.height / 2];

function route(a: Rect, b: Rect, offset: number): { points: Point[]; path?: string } {
  const ca = centre(a);
  const cb = centre(b);
  if (Math.abs(offset) < 1e-6) {
    const p = borderPoint(a, cb);
    const q = borderPoint(b, ca);
    return { points: [p, q] };
  }
  const dx = cb[0] - ca[0];
  const dy = cb[1] - ca[1];
  const len = Math.hypot(dx, dy) || 1;
  const normal: Point = [-dy / len, dx / len];
  // The control point sits at twice the wanted peak offset (a quadratic curve reaches half-way to it).
  const ctrl: Point = [(ca[0] + cb[0]) / 2 + normal[0] * offset * 2, (ca[1] + cb[1]) / 2 + normal[1] * offset * 2];
  const p = borderPoint(a, ctrl);
  const q = borderPoint(b, ctrl);
  const points: Point[] = [];
  for (let i = 0; i <= CURVE_SAMPLES; i++) {
    const t = i / CURVE_SAMPLES;
    const u = 1 - t;
    points.push([u * u * p[0] + 2 * u * t * ctrl[0] + t * t * q[0], u * u * p[1] + 2 * u * t * ctrl[1] + t * t * q[1]]);
  }
  const f = (v: number) => Math.round(v * 10) / 10;
  return { points, path: `M${f(p[0])} ${f(p[1])}Q${f(ctrl[0])} ${f(ctrl[1])} ${f(q[0])} ${f(q[1])}` };
}

function selfLoop(r: Rect): { points: Point[]; path: string } {
  const start: Point = [r.x + r.width - 12, r.y];
  const end: Point = [r.x + r.width, r.y + 12];
  const ctrl: Point = [r.x + r.width + 22, r.y - 22];
  const points: Point[] = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const u = 1 - t;
    points.push([
      u * u * start[0] + 2 * u * t * ctrl[0] + t * t * end[0],
      u * u * start[1] + 2 * u * t * ctrl[1] + t * t * end[1],
    ]);
  }
  return { points, path: `M${start[0]} ${start[1]}Q${ctrl[0]} ${ctrl[1]} ${end[0]} ${end[1]}` };
}
