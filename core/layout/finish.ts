// The last steps every layout shares: edge labels, then a shift so the drawing starts at the margin and the
// result's width and height cover every node, edge point and label chip.
import { placeEdgeLabels } from './labels';
import type { LayoutGraph, LayoutResult } from './types';

export const LAYOUT_MARGIN = 20;

export function finishLayout(result: LayoutResult, graph: LayoutGraph, margin = LAYOUT_MARGIN): LayoutResult {
  return normalize(placeEdgeLabels(inInputOrder(result, graph), graph), margin);
}

/** Nodes and edges in the order the caller gave them, whatever order the layout produced them in. */
function inInputOrder(result: LayoutResult, graph: LayoutGraph): LayoutResult {
  const nodeRank = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const edgeRank = new Map(graph.edges.map((e, i) => [e.id, i]));
  const rank = (m: Map<string, number>, id: string) => m.get(id) ?? Number.MAX_SAFE_INTEGER;
  return {
    ...result,
    nodes: [...result.nodes].sort((a, b) => rank(nodeRank, a.id) - rank(nodeRank, b.id)),
    edges: [...result.edges].sort((a, b) => rank(edgeRank, a.id) - rank(edgeRank, b.id)),
  };
}

export function normalize(result: LayoutResult, margin = LAYOUT_MARGIN): LayoutResult {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const cover = (x: number, y: number, w = 0, h = 0) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  };
  for (const n of result.nodes) cover(n.x, n.y, n.width, n.height);
  for (const e of result.edges) {
    for (const [x, y] of e.points) cover(x, y);
    if (e.label) cover(e.label.x, e.label.y, e.label.width, e.label.height);
  }
  if (!Number.isFinite(x0)) return { width: 2 * margin, height: 2 * margin, nodes: [], edges: [] };
  const dx = margin - x0;
  const dy = margin - y0;
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    width: r(x1 - x0 + 2 * margin),
    height: r(y1 - y0 + 2 * margin),
    nodes: result.nodes.map((n) => ({ ...n, x: r(n.x + dx), y: r(n.y + dy) })),
    edges: result.edges.map((e) => ({
      ...e,
      points: e.points.map(([x, y]) => [r(x + dx), r(y + dy)] as [number, number]),
      ...(e.path ? { path: shiftPath(e.path, dx, dy) } : {}),
      ...(e.label ? { label: { ...e.label, x: r(e.label.x + dx), y: r(e.label.y + dy) } } : {}),
    })),
  };
}

/** Shifts absolute SVG path data written by our layouts (M, L, Q, A commands with absolute coordinates). */
export function shiftPath(path: string, dx: number, dy: number): string {
  const r = (v: number) => Math.round(v * 10) / 10;
  return path.replace(/([MLQA])([^MLQA]*)/g, (_m, cmd: string, args: string) => {
    const nums = args
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (cmd === 'A') {
      // rx ry rotation large-arc sweep x y
      const [rx, ry, rot, large, sweep, x, y] = nums;
      return `A${rx} ${ry} ${rot} ${large} ${sweep} ${r(x + dx)} ${r(y + dy)}`;
    }
    const moved = nums.map((v, i) => r(v + (i % 2 === 0 ? dx : dy)));
    return `${cmd}${moved.join(' ')}`;
  });
}
