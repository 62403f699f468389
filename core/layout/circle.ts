// Circle layout: each connected component on its own circle, nodes in depth-first order from the best-connected
// node (so linked nodes sit next to each other and chords stay short), arc space proportional to each box's size.
import { packComponents, type ComponentLayout } from './compose';
import { finishLayout } from './finish';
import type { Rect } from './geometry';
import { hubOf, prepareGraph, type PreparedGraph } from './prepare';
import { straightEdges } from './straight-edges';
import type { LayoutGraph, LayoutResult } from './types';

export interface CircleOptions {
  /** Free space between neighbouring boxes along the circle (px). */
  gap?: number;
}

export function layoutCircle(graph: LayoutGraph, options: CircleOptions = {}): LayoutResult {
  const gap = options.gap ?? 28;
  const g = prepareGraph(graph);
  const boxes: Rect[] = g.nodes.map((n) => ({ x: 0, y: 0, width: n.width, height: n.height }));
  const parts: ComponentLayout[] = g.components.map((members) => {
    const order = depthFirstOrder(g, members);
    placeOnCircle(order, boxes, gap);
    return componentLayout(g, members, boxes);
  });
  return finishLayout(packComponents(parts), graph);
}

export function depthFirstOrder(g: PreparedGraph, members: readonly number[]): number[] {
  const seen = new Set<number>();
  const order: number[] = [];
  const visit = (start: number) => {
    const stack = [start];
    while (stack.length) {
      const v = stack.pop()!;
      if (seen.has(v)) continue;
      seen.add(v);
      order.push(v);
      // Push in reverse so the first neighbour (flow relations first) is visited first.
      const next = g.adjacency[v].map((n) => n.node).filter((n) => !seen.has(n));
      for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
    }
  };
  visit(hubOf(members, g.adjacency));
  for (const v of members) if (!seen.has(v)) visit(v);
  return order;
}

function placeOnCircle(order: readonly number[], boxes: Rect[], gap: number): void {
  if (order.length === 1) return;
  const need = order.map((v) => Math.hypot(boxes[v].width, boxes[v].height) + gap);
  const circumference = need.reduce((a, b) => a + b, 0);
  const radius = Math.max(circumference / (2 * Math.PI), Math.max(...need) / 2);
  let along = 0;
  order.forEach((v, k) => {
    const angle = (2 * Math.PI * (along + need[k] / 2)) / circumference - Math.PI / 2;
    along += need[k];
    boxes[v].x = radius * Math.cos(angle) - boxes[v].width / 2;
    boxes[v].y = radius * Math.sin(angle) - boxes[v].height / 2;
  });
}

/** The placed nodes of one component and the edges among them, in that component's coordinates. */
export function componentLayout(g: PreparedGraph, members: readonly number[], boxes: readonly Rect[]): ComponentLayout {
  const inside = new Set(members);
  const edgeIndexes = g.edges.map((_, i) => i).filter((i) => inside.has(g.edges[i].s));
  return {
    nodes: members.map((v) => ({
      id: g.nodes[v].id,
      x: boxes[v].x,
      y: boxes[v].y,
      width: boxes[v].width,
      height: boxes[v].height,
    })),
    edges: straightEdges(g, boxes, edgeIndexes),
  };
}
