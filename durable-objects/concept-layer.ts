// The concept layer (core/concepts) on every graph the object publishes: an extraction (built-in or model, append
// included) before its commit, an edit or undo with newAnchors: false. The mentions the graph held before are carried
// over as long as they still hold (core/invariants.ts mentionFault: both nodes there, the term still in the
// statement's quote), so a deleted or reworded statement leaves no dangling mention, and the layer recomputes from
// there (it is idempotent).
import { withConceptLayer, type ConceptLayerOptions } from '../core/concepts';
import { KgError } from '../core/errors';
import { checkGraph, holdingMentions } from '../core/invariants';
import type { GenerationAudit } from '../core/extract/pipeline';
import type { ContentUnit, KgGraph, Mention } from '../core/schema';

export function withLayer(
  graph: KgGraph,
  previous: readonly Mention[] | undefined,
  units: ContentUnit[],
  options: ConceptLayerOptions = {},
): KgGraph {
  const carried = holdingMentions({ ...graph, mentions: [...(previous ?? graph.mentions ?? [])] });
  return withConceptLayer({ ...graph, mentions: carried }, units, options);
}

/** An extraction's graph with its layer, through the whole-graph gate again (the layer adds anchors and mentions). */
export function layeredExtraction(
  graph: KgGraph,
  previous: readonly Mention[] | undefined,
  units: ContentUnit[],
  documentId: string,
): KgGraph {
  const layered = withLayer(graph, previous, units);
  const report = checkGraph(layered, { documentId, units });
  if (report.errors.length > 0) {
    const first = report.errors
      .slice(0, 3)
      .map((e) => e.message)
      .join(' ');
    throw new KgError('invariant_violation', `Concept layer: ${report.errors.length} error(s): ${first}`);
  }
  return layered;
}

/** The extraction's audit counting the anchors the layer added (the summary's "anchored x/y" reads it), and the layer. */
export function layeredAudit(audit: GenerationAudit, extracted: KgGraph, layered: KgGraph): GenerationAudit {
  const before = new Set(extracted.nodes.map((n) => n.id));
  const added = layered.nodes.filter((n) => !before.has(n.id));
  const grounding = { ...audit.grounding };
  for (const n of added) grounding[n.groundingStatus] += 1;
  return { ...audit, grounding, conceptLayer: { anchors: added.length, mentions: layered.mentions?.length ?? 0 } };
}
