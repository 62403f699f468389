// Bounds of a layout request. ELK's memory grows about linearly with nodes + edges, its time faster: measured in
// local workerd on knowledge-graph shaped graphs of 800 nodes, 924 edges take 3-4 s, 1,373 edges 5 s, 1,701 edges
// 9 s and 2,045 edges 22 s. 1,600 edges keeps one layout well inside the CPU budget of a Worker request (30 s by
// default) and its 128 MB heap; a denser window is `layout_too_large` (ask for a smaller window instead). The
// 800-node window of /graph is the node budget.
import { KgError } from '../../../core/errors';
import { GRAPH_VIEW_LIMIT } from '../../../core/limits';
import type { LayoutGraph } from '../../../core/layout/types';
import { estimateLayoutCost, type LayoutCost } from './cost';

/**
 * Work units one layout may cost (see cost.ts). Calibrated on this project's 2-core build machine under heavy shared
 * load, where one unit took 2.1-4.4 ms of ELK time (about 0.6 ms when idle: an 800-node, 924-edge window of 6,500
 * units took 3-4 s in workerd, docs/layout.md#elk-cost). 10,000 units admits the usual 800-node document window (about 1.2 edges
 * per node: 6,500-8,000 units) and refuses what made one request take 13-47 s (a single 600-node component with
 * 999 edges: 14,100; 800 nodes with 1,378 edges: 11,900), so no layout holds a CPU for more than about 7 s idle.
 */
export const LAYOUT_BUDGET = 10_000;

export const LAYOUT_LIMITS = {
  nodes: GRAPH_VIEW_LIMIT,
  edges: 1600,
  labelChars: 200,
  idChars: 200,
  /** Largest node box a caller may give (px). */
  boxSide: 4000,
  /** Bytes of a POST body: 800 nodes and 1,600 edges with full labels, JSON-escaped, fit with room to spare. */
  bodyBytes: 4_000_000,
} as const;

/** Throws `layout_too_large` when the graph is beyond what one layout may cost. */
export function assertLayoutSize(graph: LayoutGraph): void {
  if (graph.nodes.length > LAYOUT_LIMITS.nodes) {
    throw new KgError('layout_too_large', `${graph.nodes.length} nodes; the limit is ${LAYOUT_LIMITS.nodes}.`);
  }
  if (graph.edges.length > LAYOUT_LIMITS.edges) {
    throw new KgError(
      'layout_too_large',
      `${graph.edges.length} edges; the limit is ${LAYOUT_LIMITS.edges}. Lay out a smaller window.`,
    );
  }
  const longLabel = [...graph.nodes, ...graph.edges].find(
    (item) => (item.label?.length ?? 0) > LAYOUT_LIMITS.labelChars,
  );
  if (longLabel) {
    throw new KgError(
      'layout_too_large',
      `The label of ${longLabel.id.slice(0, 60)} exceeds ${LAYOUT_LIMITS.labelChars} characters.`,
    );
  }
}

/** Throws `layout_too_large` when the estimated work is over LAYOUT_BUDGET; returns the estimate otherwise. */
export function assertLayoutBudget(graph: LayoutGraph, budget = LAYOUT_BUDGET): LayoutCost {
  const cost = estimateLayoutCost(graph);
  if (cost.units > budget) {
    throw new KgError(
      'layout_too_large',
      `Estimated layout work ${cost.units} units is over the budget of ${budget} (largest connected part: ${cost.largest.nodes} nodes, ${cost.largest.edges} edges). Lay out a smaller window.`,
    );
  }
  return cost;
}
