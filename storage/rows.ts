// The one mapping between D1 rows and the graph's shapes: row → node, row → edge, row → unit. Every reader
// (windows, queries, the append base, exports) goes through these, so a column added once shows up everywhere.
import type { ContentUnit, Evidence, KgEdge, KgNode, Mention } from '../core/schema';
import type { edges, evidence, mentions, nodes, units } from './schema';

export type NodeRow = typeof nodes.$inferSelect;
export type EdgeRow = typeof edges.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export type EvidenceRow = typeof evidence.$inferSelect;
export type MentionRow = typeof mentions.$inferSelect;

export function toNode(r: NodeRow, ev: Evidence[]): KgNode {
  return {
    id: r.id,
    type: r.type as KgNode['type'],
    text: r.text,
    paragraph: r.paragraph,
    quote: r.quote,
    evidence: ev,
    groundingStatus: r.grounding as KgNode['groundingStatus'],
    entailmentStatus: r.entailment as KgNode['entailmentStatus'],
    ...(r.confidence === null ? {} : { confidence: r.confidence }),
    ...(r.sectionId === null ? {} : { sectionId: r.sectionId }),
  };
}

export function toEdge(r: EdgeRow, ev: Evidence[]): KgEdge {
  return { id: r.id, fromNodeId: r.fromId, toNodeId: r.toId, relation: r.relation as KgEdge['relation'], evidence: ev };
}

export function toUnit(r: UnitRow): ContentUnit {
  const { documentId: _d, page, ...unit } = r;
  // Only a PDF's units have a page; the others carry no page field at all.
  return (page === null || page === undefined ? unit : { ...unit, page }) as ContentUnit;
}

export function toEvidence(documentId: string, r: EvidenceRow): Evidence {
  return { documentId, sourceId: r.sourceId, chunkId: r.chunkId, paragraph: r.paragraph, quote: r.quote };
}

/** A mention row: its one evidence item is the term in the statement's unit. */
export function toMention(documentId: string, r: MentionRow): Mention {
  return {
    id: r.id,
    nodeId: r.nodeId,
    conceptId: r.conceptId,
    term: r.term,
    evidence: [{ documentId, sourceId: r.sourceId, chunkId: r.chunkId, paragraph: r.paragraph, quote: r.quote }],
  };
}
