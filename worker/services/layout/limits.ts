// Bounds of a layout request. ELK needs roughly linear memory in nodes + edges + labels but superlinear time; these
// bounds keep one layout well inside a Worker isolate (128 MB heap) and its CPU budget. The 800-node window of
// /graph is the same budget.
import { KgError } from '../../../core/errors';
import type { LayoutGraph } from '../../../core/layout/types';

export const LAYOUT_LIMITS = {
  nodes: 800,
  edges: 3000,
  labelChars: 200,
  idChars: 200,
  /** Largest node box a caller may give (px). */
  boxSide: 4000,
  /** Bytes of a POST body: 800 nodes and 3,000 edges with full labels, JSON-escaped, fit with room to spare. */
  bodyBytes: 6_000_000,
} as const;

/** Throws `layout_too_large` when the graph is beyond what one layout may cost. */
export function assertLayoutSize(graph: LayoutGraph): void {
  if (graph.nodes.length > LAYOUT_LIMITS.nodes) {
    throw new KgError('layout_too_large', `${graph.nodes.length} nodes; the limit is ${LAYOUT_LIMITS.nodes}.`);
  }
  if (graph.edges.length > LAYOUT_LIMITS.edges) {
    throw new KgError('layout_too_large', `${graph.edges.length} edges; the limit is ${LAYOUT_LIMITS.edges}.`);
  }
  const longLabel = [...graph.nodes, ...graph.edges].find((item) => (item.label?.length ?? 0) > LAYOUT_LIMITS.labelChars);
  if (longLabel) {
    throw new KgError('layout_too_large', `The label of ${longLabel.id.slice(0, 60)} exceeds ${LAYOUT_LIMITS.labelChars} characters.`);
  }
}
