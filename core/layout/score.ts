// The quality of any laid-out graph, as numbers: what overlaps what, what crosses what, and how much ink and room
// the drawing uses. Used by the tests (zero overlaps, zero edges through nodes) and by the layout benchmark.
import {
  countBends,
  polylineLength,
  rectsOverlap,
  segmentHitsRect,
  segmentsCross,
  type Point,
  type Rect,
} from './geometry';
import { RectGrid, segmentBox } from './grid';
import type { LayoutGraph, LayoutResult } from './types';

export interface LayoutScore {
  /** Pairs of node boxes that overlap. */
  nodeOverlaps: number;
  /** (edge, node) pairs where the edge runs through a node that is not one of its ends. */
  edgesThroughNodes: number;
  /** Pairs of visible edge-label chips that overlap. */
  labelOverlaps: number;
  /** (visible label, node) pairs that overlap. */
  labelNodeOverlaps: number;
  /** Pairs of segments of different edges that cross. */
  edgeCrossings: number;
  /** Sum of the edges' drawn lengths (px). */
  totalEdgeLength: number;
  /** Turns sharper than 15° along the edges (sampled curves do not count). */
  bends: number;
  /** width × height of the drawing (px²). */
  area: number;
  /** Labels hidden because no free place was found (shown on hover or selection). */
  hiddenLabels: number;
}

interface Seg extends Rect {
  edge: number;
  a: Point;
  b: Point;
}

export function scoreLayout(result: LayoutResult, graph: LayoutGraph): LayoutScore {
  const ends = new Map(graph.edges.map((e) => [e.id, [e.source, e.target]]));
  const nodeGrid = new RectGrid<Rect & { id: string }>(128);
  let nodeOverlaps = 0;
  for (const n of result.nodes) {
    for (const j of nodeGrid.near(n)) if (rectsOverlap(n, nodeGrid.items[j])) nodeOverlaps++;
    nodeGrid.add(n);
  }

  let edgesThroughNodes = 0;
  let totalEdgeLength = 0;
  let bends = 0;
  const segGrid = new RectGrid<Seg>(128);
  let edgeCrossings = 0;
  result.edges.forEach((e, edge) => {
    totalEdgeLength += polylineLength(e.points);
    bends += countBends(e.points);
    const [source, target] = ends.get(e.id) ?? [];
    const hit = new Set<string>();
    for (let i = 1; i < e.points.length; i++) {
      const a = e.points[i - 1];
      const b = e.points[i];
      const box = segmentBox(a, b);
      for (const j of nodeGrid.near(box)) {
        const n = nodeGrid.items[j];
        if (n.id === source || n.id === target || hit.has(n.id)) continue;
        if (segmentHitsRect(a, b, n, 1)) hit.add(n.id);
      }
      for (const j of segGrid.near(box)) {
        const s = segGrid.items[j];
        if (s.edge !== edge && segmentsCross(a, b, s.a, s.b)) edgeCrossings++;
      }
    }
    edgesThroughNodes += hit.size;
    // Segments join the index only after the whole edge was checked, so an edge never crosses itself.
    for (let i = 1; i < e.points.length; i++)
      segGrid.add({ ...segmentBox(e.points[i - 1], e.points[i]), edge, a: e.points[i - 1], b: e.points[i] });
  });

  const labelGrid = new RectGrid<Rect>(64);
  let labelOverlaps = 0;
  let labelNodeOverlaps = 0;
  let hiddenLabels = 0;
  for (const e of result.edges) {
    if (!e.label) continue;
    if (e.label.hidden) {
      hiddenLabels++;
      continue;
    }
    for (const j of labelGrid.near(e.label)) if (rectsOverlap(e.label, labelGrid.items[j])) labelOverlaps++;
    for (const j of nodeGrid.near(e.label)) if (rectsOverlap(e.label, nodeGrid.items[j])) labelNodeOverlaps++;
    labelGrid.add(e.label);
  }
  return {
    nodeOverlaps,
    edgesThroughNodes,
    labelOverlaps,
    labelNodeOverlaps,
    edgeCrossings,
    totalEdgeLength: Math.round(totalEdgeLength),
    bends,
    area: Math.round(result.width * result.height),
    hiddenLabels,
  };
}
