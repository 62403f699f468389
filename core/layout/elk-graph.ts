// Conversion between our graph and ELK's JSON graph: one connected component in, placed nodes and orthogonal
// routes out. Pure (no ELK import here): the caller owns the ELK instance, so the same code runs in the Worker,
// in Node tests and in the benchmark.
import type { ElkExtendedEdge, ElkLabel, ElkNode, LayoutOptions } from 'elkjs/lib/elk-api';
import type { ComponentLayout } from './compose';
import type { Point } from './geometry';
import type { PreparedGraph } from './prepare';
import { unjog } from './jogs';
import { edgeLabelSize } from './text-size';
import type { RoutedEdge } from './types';

/** What a layout engine must offer: elkjs's `ELK#layout`. */
export interface ElkEngine {
  layout(graph: ElkNode): Promise<ElkNode>;
}

export function elkComponent(
  g: PreparedGraph,
  order: readonly number[],
  rootOptions: LayoutOptions,
  edgeOptions: (edge: PreparedGraph['edges'][number]) => LayoutOptions | undefined,
  /** Options of each label chip given to ELK; null gives ELK no labels (it reserves no room for them). */
  labelOptions: LayoutOptions | null = {},
): ElkNode {
  const inside = new Set(order);
  const edges: ElkExtendedEdge[] = [];
  g.edges.forEach((e, i) => {
    if (!inside.has(e.s)) return;
    const labels: ElkLabel[] | undefined =
      e.label && e.role !== 'light' && labelOptions
        ? [{ id: `l${i}`, text: e.label, ...edgeLabelSize(e.label), layoutOptions: labelOptions }]
        : undefined;
    const options = edgeOptions(e);
    edges.push({
      id: `e${i}`,
      sources: [`n${e.s}`],
      targets: [`n${e.t}`],
      ...(labels ? { labels } : {}),
      ...(options ? { layoutOptions: options } : {}),
    });
  });
  return {
    id: `c${order[0]}`,
    layoutOptions: rootOptions,
    children: order.map((v) => ({ id: `n${v}`, width: g.nodes[v].width, height: g.nodes[v].height })),
    edges,
  };
}

const SNAP = 0.5;

/** Reads ELK's answer back: nodes by index, each edge as a polyline of its sections, and ELK's label spot. */
export function fromElk(g: PreparedGraph, laid: ElkNode): ComponentLayout {
  const nodes = (laid.children ?? []).map((c) => {
    const v = Number(c.id.slice(1));
    return {
      id: g.nodes[v].id,
      x: c.x ?? 0,
      y: c.y ?? 0,
      width: c.width ?? g.nodes[v].width,
      height: c.height ?? g.nodes[v].height,
    };
  });
  const boxes = new Map((laid.children ?? []).map((c, i) => [c.id, nodes[i]]));
  const edges: RoutedEdge[] = (laid.edges ?? []).map((raw) => {
    const e = raw as ElkExtendedEdge;
    const index = Number(e.id.slice(1));
    const points: Point[] = [];
    for (const s of e.sections ?? []) {
      for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) {
        const last = points[points.length - 1];
        // ELK's post-compaction can leave a segment a hair off its axis (0.05 px): snap it, so routes stay orthogonal.
        const x = last && Math.abs(last[0] - p.x) < SNAP ? last[0] : p.x;
        const y = last && Math.abs(last[1] - p.y) < SNAP ? last[1] : p.y;
        if (!last || last[0] !== x || last[1] !== y) points.push([x, y]);
      }
    }
    const l = e.labels?.[0];
    const label =
      l && l.x !== undefined && l.y !== undefined
        ? { x: l.x, y: l.y, width: l.width ?? 0, height: l.height ?? 0 }
        : undefined;
    const ends = [boxes.get(`n${g.edges[index].s}`), boxes.get(`n${g.edges[index].t}`)];
    return {
      id: g.edges[index].id,
      points: unjog(points, ends[0] && ends[1] ? [ends[0], ends[1]] : undefined),
      ...(label ? { label } : {}),
    };
  });
  return { nodes, edges };
}
