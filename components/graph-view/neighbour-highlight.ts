// Hover or focus on a node emphasises it and its neighbours (the nodes one relation or mention away, and those
// relations and mentions) and dims the rest. Marked on the drawn elements directly (`data-near`, and `data-dim` on
// the canvas), like the hovered edge: no re-render of 800 nodes for a pointer move.
import type { Scene } from './scene';

export interface Neighbourhood {
  nodes: Set<string>;
  edges: Set<string>;
  mentions: Set<string>;
}

/** The node, its neighbours and the links between them, in the drawn scene. */
export function neighbourhoodIn(scene: Scene | null, id: string): Neighbourhood | null {
  if (!scene?.nodeById.has(id)) return null;
  const hood: Neighbourhood = { nodes: new Set([id]), edges: new Set(), mentions: new Set() };
  for (const e of scene.edges) {
    if (e.edge.fromNodeId !== id && e.edge.toNodeId !== id) continue;
    hood.edges.add(e.id);
    hood.nodes.add(e.edge.fromNodeId);
    hood.nodes.add(e.edge.toNodeId);
  }
  for (const m of scene.mentions ?? []) {
    if (m.mention.nodeId !== id && m.mention.conceptId !== id) continue;
    hood.mentions.add(m.id);
    hood.nodes.add(m.mention.nodeId);
    hood.nodes.add(m.mention.conceptId);
  }
  return hood;
}

/** Marks a neighbourhood on the drawn elements, or clears the marks (null). */
export function markNeighbourhood(root: ParentNode, canvas: Element | null, hood: Neighbourhood | null): void {
  for (const el of root.querySelectorAll('[data-near]')) el.removeAttribute('data-near');
  if (!hood || !canvas) {
    canvas?.removeAttribute('data-dim');
    return;
  }
  const mark = (selector: string) => root.querySelector(selector)?.setAttribute('data-near', '');
  for (const id of hood.nodes) mark(`[data-node-id="${CSS.escape(id)}"]`);
  for (const id of hood.edges) {
    mark(`[data-edge-id="${CSS.escape(id)}"]`);
    mark(`.labels [data-label-for="${CSS.escape(id)}"]`);
  }
  for (const id of hood.mentions) mark(`[data-mention-id="${CSS.escape(id)}"]`);
  canvas.setAttribute('data-dim', '');
}
