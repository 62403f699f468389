// Edge-label placement shared by every layout. Each chip tries spots along its own edge (the layout's own spot
// first, then around the middle and further out, on the line and beside it), skipping any spot that covers a node
// or an already placed chip; among free spots it prefers one crossed by fewer other edges. When no free spot is
// within reading distance of the edge, the chip is hidden and shown only on hover or selection of that edge.
import { pointAlong, rectsOverlap, segmentHitsRect, type Point, type Rect } from './geometry';
import { RectGrid, segmentBox } from './grid';
import { MENTION_LINK, relationRole, roleRank } from './relations';
import { edgeLabelSize } from './text-size';
import type { LayoutGraph, LayoutResult, PlacedLabel, RoutedEdge } from './types';

const ALONG = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.12, 0.88];
/** Gap between a chip beside its edge and the edge line. */
const BESIDE_GAP = 3;

interface SegmentRef extends Rect {
  edge: number;
  a: Point;
  b: Point;
}

export function placeEdgeLabels(result: LayoutResult, graph: LayoutGraph): LayoutResult {
  const labelText = new Map(graph.edges.map((e) => [e.id, e.label]));
  const nodeGrid = new RectGrid<Rect>(128);
  for (const n of result.nodes) nodeGrid.add(n);
  const segGrid = new RectGrid<SegmentRef>(128);
  result.edges.forEach((e, edge) => {
    for (let i = 1; i < e.points.length; i++) {
      const a = e.points[i - 1];
      const b = e.points[i];
      segGrid.add({ ...segmentBox(a, b), edge, a, b });
    }
  });
  const placed = new RectGrid<Rect>(64);
  const order = result.edges
    .map((e, i) => ({ i, rank: roleRank(relationRole(labelText.get(e.id))) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i);
  const labels: Array<PlacedLabel | undefined> = new Array(result.edges.length);
  for (const { i } of order) {
    const edge = result.edges[i];
    const text = labelText.get(edge.id);
    if (!text || text === MENTION_LINK || edge.points.length < 2) continue;
    const size = edgeLabelSize(text);
    let best: Rect | null = null;
    let bestCost = Infinity;
    for (const spot of candidates(edge, size)) {
      if (collides(spot, nodeGrid) || collides(spot, placed)) continue;
      const cost = crossingsOf(spot, i, segGrid);
      if (cost < bestCost) {
        best = spot;
        bestCost = cost;
        if (cost === 0) break;
      }
    }
    if (best) {
      placed.add(best);
      labels[i] = round(best);
    } else {
      labels[i] = { ...round(candidates(edge, size)[0]), hidden: true };
    }
  }
  return { ...result, edges: result.edges.map((e, i) => withLabel(e, labels[i])) };
}

function withLabel(edge: RoutedEdge, label: PlacedLabel | undefined): RoutedEdge {
  const { label: _old, ...rest } = edge;
  return label ? { ...rest, label } : rest;
}

function candidates(edge: RoutedEdge, size: { width: number; height: number }): Rect[] {
  const out: Rect[] = [];
  const { width: w, height: h } = size;
  if (edge.label) {
    const cx = edge.label.x + edge.label.width / 2;
    const cy = edge.label.y + edge.label.height / 2;
    out.push({ x: cx - w / 2, y: cy - h / 2, width: w, height: h });
  }
  for (const t of ALONG) {
    const { point, dir } = pointAlong(edge.points, t);
    const normal: Point = [-dir[1], dir[0]];
    const off = Math.abs(normal[0]) * (w / 2) + Math.abs(normal[1]) * (h / 2) + BESIDE_GAP;
    for (const k of [0, 1, -1]) {
      const cx = point[0] + normal[0] * off * k;
      const cy = point[1] + normal[1] * off * k;
      out.push({ x: cx - w / 2, y: cy - h / 2, width: w, height: h });
    }
  }
  return out;
}

function collides(spot: Rect, grid: RectGrid<Rect>): boolean {
  for (const i of grid.near(spot)) if (rectsOverlap(spot, grid.items[i], 0.5)) return true;
  return false;
}

function crossingsOf(spot: Rect, own: number, segGrid: RectGrid<SegmentRef>): number {
  let n = 0;
  for (const i of segGrid.near(spot)) {
    const s = segGrid.items[i];
    if (s.edge !== own && segmentHitsRect(s.a, s.b, spot, 0.5)) n++;
  }
  return n;
}

function round(r: Rect): PlacedLabel {
  return { x: Math.round(r.x * 10) / 10, y: Math.round(r.y * 10) / 10, width: r.width, height: r.height };
}
