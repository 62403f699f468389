// The concept layer: anchors (concept nodes for the terms a text keeps naming) and mentions (statement → anchor),
// computed by one pure function over nodes and units, so a model-made graph gets the same layer as the built-in
// extractor's. English noun phrases grouped by head word (english.ts), names (names.ts), Chinese words and
// compounds (chinese.ts); which become anchors (select.ts); the layer itself (layer.ts).
import type { KgGraph } from '../schema/graph';
import type { ContentUnit } from '../schema/units';
import { buildConceptLayer, type ConceptLayerOptions } from './layer';

export { type ConceptLayerOptions, isLayerAnchor } from './layer';
export { type Connectivity, connectivity } from './connectivity';

/** Returns the graph with its concept layer: anchors added to `nodes`, `mentions` recomputed. Idempotent. */
export function withConceptLayer(graph: KgGraph, units: ContentUnit[], options: ConceptLayerOptions = {}): KgGraph {
  return buildConceptLayer(graph, units, options);
}
