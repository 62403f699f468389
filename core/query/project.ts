// Projection of what a query returns (docs/contracts/graph-query.md#projection): capped texts, at most two evidence items per
// node or edge, the document and section an item belongs to. Nothing here reads the source text.
import type { KgEdge, KgNode, Section } from '../schema';
import { QUERY_LIMITS as L } from './limits';
import type { QueryDocumentInfo } from './source';
import type { QueryEdge, QueryEvidence, QueryNode, QuerySourceInfo } from './types';

const cap = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function evidenceOf(list: KgNode['evidence']): QueryEvidence[] {
  return list.slice(0, L.evidencePerItem).map((e) => ({ ...e, quote: cap(e.quote, L.quoteChars) }));
}

export function projectNode(node: KgNode, doc: QueryDocumentInfo, titles: ReadonlyMap<string, string>): QueryNode {
  const evidence = evidenceOf(node.evidence);
  const title = node.sectionId ? titles.get(node.sectionId) : undefined;
  return {
    ...node,
    id: cap(node.id, L.idChars),
    text: cap(node.text, L.nodeTextChars),
    quote: cap(node.quote, L.quoteChars),
    evidence,
    documentId: doc.documentId,
    sourceId: evidence[0]?.sourceId ?? doc.sourceId,
    chunkId: evidence[0]?.chunkId ?? null,
    ...(title !== undefined ? { sectionTitle: cap(title, L.titleChars) } : {}),
  };
}

export function projectEdge(edge: KgEdge, doc: QueryDocumentInfo): QueryEdge {
  const evidence = evidenceOf(edge.evidence);
  return {
    ...edge,
    evidence,
    documentId: doc.documentId,
    sourceId: evidence[0]?.sourceId ?? doc.sourceId,
    chunkId: evidence[0]?.chunkId ?? null,
  };
}

export function projectSource(doc: QueryDocumentInfo): QuerySourceInfo {
  return {
    id: doc.sourceId,
    documentId: doc.documentId,
    title: cap(doc.title, L.titleChars),
    chars: doc.chars,
    paragraphCount: doc.unitCount,
    sectionCount: doc.sections.length,
    sections: doc.sections.slice(0, L.sections).map((s: Section) => ({
      id: s.id,
      title: cap(s.title, L.titleChars),
      startParagraph: s.firstUnit,
      endParagraph: s.lastUnit,
    })),
    revision: doc.revision,
  };
}
