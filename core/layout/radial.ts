// Radial layout: per connected component, the best-connected node at the centre and the others on rings by
// breadth-first distance, each subtree in its own angular wedge. Edges run radial-out → arc → radial-in through
// the free band between two rings, each arc on its own lane so arcs never lie on top of each other.
import { packComponents, type ComponentLayout } from './compose';
import { finishLayout } from './finish';
import { borderPoint, type Point, type Rect } from './geometry';
import { hubOf, prepareGraph, type PreparedGraph } from './prepare';
import { spreadOnCircle } from './ring-spread';
import { straightEdges } from './straight-edges';
import type { LayoutGraph, LayoutResult, RoutedEdge } from './types';

export interface RadialOptions {
  /** Free space between boxes on one ring (px). */
  gap?: number;
  /** Minimum width of the band between two rings, where arcs run (px). */
  band?: number;
}

const LANE_STEP = 9;
const ARC_STEP = Math.PI / 18;

export function layoutRadial(graph: LayoutGraph, options: RadialOptions = {}): LayoutResult {
  const g = prepareGraph(graph);
  const boxes: Rect[] = g.nodes.map((n) => ({ x: 0, y: 0, width: n.width, height: n.height }));
  const centre = graph.centre === undefined ? -1 : g.nodes.findIndex((n) => n.id === graph.centre);
  const parts = g.components.map((members) =>
    radialComponent(g, members, boxes, options.gap ?? 24, options.band ?? 36, centre),
  );
  return finishLayout(packComponents(parts), graph);
}

interface Polar {
  depth: number;
  angle: number;
}

function radialComponent(
  g: PreparedGraph,
  members: number[],
  boxes: Rect[],
  gap: number,
  minBand: number,
  centre: number,
): ComponentLayout {
  const hub = centre >= 0 && members.includes(centre) ? centre : hubOf(members, g.adjacency);
  const { depth, children, rings } = bfsTree(g, hub);
  const polar = new Map<number, Polar>();
  polar.set(hub, { depth: 0, angle: 0 });
  // Wedges proportional to the number of leaves below each node.
  const leaves = new Map<number, number>();
  const countLeaves = (v: number): number => {
    let sum = 0;
    for (const c of children.get(v) ?? []) sum += countLeaves(c);
    const n = Math.max(1, sum);
    leaves.set(v, n);
    return n;
  };
  // Iterative post-order would avoid deep recursion; BFS trees of an 800-node window are shallow enough.
  countLeaves(hub);
  const ideal = new Map<number, number>([[hub, 0]]);
  const assign = (v: number, from: number, to: number) => {
    let at = from;
    const total = leaves.get(v)!;
    for (const c of children.get(v) ?? []) {
      const share = ((to - from) * leaves.get(c)!) / total;
      ideal.set(c, at + share / 2);
      assign(c, at, at + share);
      at += share;
    }
  };
  assign(hub, 0, 2 * Math.PI);

  const halfDiag = (v: number) => Math.hypot(boxes[v].width, boxes[v].height) / 2;
  const radius: number[] = [0];
  const outer: number[] = [halfDiag(hub)];
  const lanes: Array<Map<number, number>> = [];
  const laneCount: number[] = [];
  const routes: Array<{ a: number; b: number; edge: number; band: number }> = [];
  for (let d = 1; d < rings.length; d++) {
    const ring = rings[d];
    const ext = Math.max(...ring.map(halfDiag));
    const need = ring.map((v) => 2 * halfDiag(v) + gap);
    let r = Math.max(outer[d - 1] + minBand + ext, need.reduce((a, b) => a + b, 0) / (2 * Math.PI));
    const angles = spreadOnCircle(
      ring.map((v) => ideal.get(v)!),
      need,
      r,
    );
    r = angles.radius;
    ring.forEach((v, i) => polar.set(v, { depth: d, angle: angles.angles[i] }));
    radius[d] = r;
    outer[d] = r + ext;
  }
  // Edges: between adjacent rings through the band between them; on one ring through the band just outside it.
  const inside = new Set(members);
  const bandEdges: Array<Array<{ edge: number; from: number; to: number }>> = rings.map(() => []);
  g.edges.forEach((e, i) => {
    if (!inside.has(e.s) || e.s === e.t) return;
    const [a, b] = depth.get(e.s)! <= depth.get(e.t)! ? [e.s, e.t] : [e.t, e.s];
    if (depth.get(a) === 0) return; // hub edges are straight spokes
    const band = depth.get(a)!;
    bandEdges[band].push({ edge: i, from: polar.get(a)!.angle, to: polar.get(b)!.angle });
    routes.push({ a, b, edge: i, band });
  });
  for (let d = 0; d < rings.length; d++) {
    const assigned = assignLanes(bandEdges[d]);
    lanes[d] = assigned.lanes;
    laneCount[d] = assigned.count;
  }
  // Widen bands that hold many lanes, moving outer rings out (this keeps every angle valid).
  let shift = 0;
  for (let d = 1; d < rings.length; d++) {
    const width = Math.max(minBand, (laneCount[d - 1] + 1) * LANE_STEP);
    radius[d] += shift;
    const ext = Math.max(...rings[d].map(halfDiag));
    const lack = outer[d - 1] + width + ext - radius[d];
    if (lack > 0) {
      radius[d] += lack;
      shift += lack;
    }
    outer[d] = radius[d] + ext;
  }
  for (const v of members) {
    const p = polar.get(v)!;
    boxes[v].x = radius[p.depth] * Math.cos(p.angle) - boxes[v].width / 2;
    boxes[v].y = radius[p.depth] * Math.sin(p.angle) - boxes[v].height / 2;
  }
  const bandRadius = (d: number, lane: number) => {
    const inner = outer[d];
    const width =
      d + 1 < rings.length
        ? radius[d + 1] - Math.max(...rings[d + 1].map(halfDiag)) - inner
        : Math.max(minBand, (laneCount[d] + 1) * LANE_STEP);
    return inner + ((lane + 1) * width) / (laneCount[d] + 1);
  };
  const edges: RoutedEdge[] = [];
  const spokes = g.edges
    .map((_, i) => i)
    .filter((i) => {
      const e = g.edges[i];
      return inside.has(e.s) && (e.s === e.t || depth.get(e.s) === 0 || depth.get(e.t) === 0);
    });
  edges.push(...straightEdges(g, boxes, spokes));
  for (const route of routes) {
    const e = g.edges[route.edge];
    const r = bandRadius(route.band, lanes[route.band].get(route.edge)!);
    const path = arcRoute(boxes[route.a], polar.get(route.a)!.angle, boxes[route.b], polar.get(route.b)!.angle, r);
    if (e.s !== route.a) path.points.reverse();
    edges.push({ id: e.id, points: path.points, path: e.s === route.a ? path.svg : reverseSvg(path) });
  }
  return {
    nodes: members.map((v) => ({
      id: g.nodes[v].id,
      x: boxes[v].x,
      y: boxes[v].y,
      width: boxes[v].width,
      height: boxes[v].height,
    })),
    edges,
  };
}

function bfsTree(g: PreparedGraph, hub: number) {
  const depth = new Map<number, number>([[hub, 0]]);
  const children = new Map<number, number[]>();
  const rings: number[][] = [[hub]];
  const queue = [hub];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head];
    const d = depth.get(v)!;
    for (const n of g.adjacency[v]) {
      if (depth.has(n.node)) continue;
      depth.set(n.node, d + 1);
      (children.get(v) ?? children.set(v, []).get(v)!).push(n.node);
      let ring = rings[d + 1];
      if (ring === undefined) {
        ring = [];
        rings[d + 1] = ring;
      }
      ring.push(n.node);
      queue.push(n.node);
    }
  }
  return { depth, children, rings };
}

/** Interval colouring of the arcs in one band: the first lane whose arcs do not overlap this one. */
function assignLanes(arcs: Array<{ edge: number; from: number; to: number }>) {
  const spans = arcs.map((a) => {
    const delta = shortest(a.from, a.to);
    const start = delta >= 0 ? a.from : a.from + delta;
    const s = ((start % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    return { edge: a.edge, start: s, end: s + Math.abs(delta) };
  });
  spans.sort((a, b) => a.start - b.start || a.edge - b.edge);
  const taken: Array<Array<[number, number]>> = [];
  const lanes = new Map<number, number>();
  const overlaps = (list: Array<[number, number]>, s: number, e: number) =>
    list.some(([a, b]) => [0, 2 * Math.PI, -2 * Math.PI].some((k) => s < b + k + 1e-3 && a + k < e + 1e-3));
  for (const span of spans) {
    let lane = taken.findIndex((list) => !overlaps(list, span.start, span.end));
    if (lane < 0) lane = taken.push([]) - 1;
    taken[lane].push([span.start, span.end]);
    lanes.set(span.edge, lane);
  }
  return { lanes, count: Math.max(1, taken.length) };
}

function shortest(from: number, to: number): number {
  let d = (to - from) % (2 * Math.PI);
  if (d > Math.PI) d -= 2 * Math.PI;
  if (d < -Math.PI) d += 2 * Math.PI;
  return d;
}

/** inner node → out along its radius to the lane → arc → in along the outer node's radius (or back in, same ring). */
function arcRoute(a: Rect, angleA: number, b: Rect, angleB: number, r: number) {
  const ray = (angle: number, len: number): Point => [Math.cos(angle) * len, Math.sin(angle) * len];
  const start = borderPoint(a, ray(angleA, r));
  const end = borderPoint(b, ray(angleB, r));
  const p1 = ray(angleA, r);
  const p2 = ray(angleB, r);
  const delta = shortest(angleA, angleB);
  const steps = Math.max(1, Math.ceil(Math.abs(delta) / ARC_STEP));
  const points: Point[] = [start, p1];
  for (let i = 1; i < steps; i++) points.push(ray(angleA + (delta * i) / steps, r));
  points.push(p2, end);
  const f = (v: number) => Math.round(v * 10) / 10;
  const sweep = delta >= 0 ? 1 : 0;
  const svg = `M${f(start[0])} ${f(start[1])}L${f(p1[0])} ${f(p1[1])}A${f(r)} ${f(r)} 0 0 ${sweep} ${f(p2[0])} ${f(p2[1])}L${f(end[0])} ${f(end[1])}`;
  return { points, svg, parts: { start, p1, p2, end, r, sweep } };
}

function reverseSvg(route: ReturnType<typeof arcRoute>): string {
  const { start, p1, p2, end, r, sweep } = route.parts;
  const f = (v: number) => Math.round(v * 10) / 10;
  return `M${f(end[0])} ${f(end[1])}L${f(p2[0])} ${f(p2[1])}A${f(r)} ${f(r)} 0 0 ${1 - sweep} ${f(p1[0])} ${f(p1[1])}L${f(start[0])} ${f(start[1])}`;
}
