// The baseline: the plain whole-graph ELK layered call a user would write, with default options. It gets the same
// node boxes (from the node text) and the same label chips (text and size) as ours, so only the layout differs.
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ElkEngine } from '../../core/layout/layered';
import { edgeLabelSize, nodeSize } from '../../core/layout/text-size';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';

export async function baselineLayered(graph: LayoutGraph, elk: ElkEngine): Promise<LayoutResult> {
  const input: ElkNode = {
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'layered' },
    children: graph.nodes.map((n) => ({
      id: n.id,
      ...(n.width && n.height ? { width: n.width, height: n.height } : nodeSize(n.label ?? n.id, n.type)),
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      ...(e.label ? { labels: [{ text: e.label, ...edgeLabelSize(e.label) }] } : {}),
    })),
  };
  const out = await elk.layout(input);
  return {
    width: out.width ?? 0,
    height: out.height ?? 0,
    nodes: (out.children ?? []).map((c) => ({
      id: c.id,
      x: c.x ?? 0,
      y: c.y ?? 0,
      width: c.width ?? 0,
      height: c.height ?? 0,
    })),
    edges: (out.edges ?? []).map((raw) => {
      const e = raw as ElkExtendedEdge;
      const points: Array<[number, number]> = [];
      for (const s of e.sections ?? [])
        for (const p of [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) points.push([p.x, p.y]);
      const l = e.labels?.[0];
      return {
        id: e.id,
        points,
        ...(l ? { label: { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } } : {}),
      };
    }),
  };
}
