// Client layouts lay out each connected component in its own coordinates; this packs the pieces into one drawing.
import { shiftPath } from './finish';
import { packBoxes } from './pack';
import type { LayoutResult, PlacedNode, RoutedEdge } from './types';

export interface ComponentLayout {
  nodes: PlacedNode[];
  edges: RoutedEdge[];
}

export const COMPONENT_GAP = 48;

export function packComponents(parts: readonly ComponentLayout[], gap = COMPONENT_GAP): LayoutResult {
  const boxes = parts.map(bounds);
  const packing = packBoxes(boxes, gap);
  const nodes: PlacedNode[] = [];
  const edges: RoutedEdge[] = [];
  parts.forEach((part, i) => {
    const dx = packing.positions[i].x - boxes[i].x;
    const dy = packing.positions[i].y - boxes[i].y;
    for (const n of part.nodes) nodes.push({ ...n, x: n.x + dx, y: n.y + dy });
    for (const e of part.edges) {
      edges.push({
        ...e,
        points: e.points.map(([x, y]) => [x + dx, y + dy] as [number, number]),
        ...(e.path ? { path: shiftPath(e.path, dx, dy) } : {}),
        ...(e.label ? { label: { ...e.label, x: e.label.x + dx, y: e.label.y + dy } } : {}),
      });
    }
  });
  return { width: packing.width, height: packing.height, nodes, edges };
}

function bounds(part: ComponentLayout) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const n of part.nodes) {
    x0 = Math.min(x0, n.x);
    y0 = Math.min(y0, n.y);
    x1 = Math.max(x1, n.x + n.width);
    y1 = Math.max(y1, n.y + n.height);
  }
  for (const e of part.edges) {
    for (const [x, y] of e.points) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
