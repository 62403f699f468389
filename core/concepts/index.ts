// The concept layer: anchors (concept nodes for the terms a text keeps naming) and mentions (statement → anchor),
// computed by one pure function over nodes and units, so a model-made graph gets the same layer as the built-in
// extractor's. PLACEHOLDER INTERFACE for parallel work: the real implementation replaces this body.
import type { KgGraph } from '../schema/graph';
import type { ContentUnit } from '../schema/units';

export interface ConceptLayerOptions {
  /** false: only link statements to anchors that already exist (hand edits, recompute); default true. */
  newAnchors?: boolean;
  /** At most this many mentions per statement (default 4). */
  mentionsPerStatement?: number;
}

/** Returns the graph with its concept layer: anchors added to `nodes`, `mentions` recomputed. Idempotent. */
export function withConceptLayer(graph: KgGraph, _units: ContentUnit[], _options: ConceptLayerOptions = {}): KgGraph {
  return { ...graph, mentions: graph.mentions ?? [] };
}
