// The request and the result of a graph query (docs/contracts/graph-query.md#request-and-result), shared by the Worker route, the browser's
// static mode and the answer task that builds on it. Types only.
import type { Evidence, KgEdge, KgNode } from '../schema/graph';
import type { EntailmentStatus, GroundingStatus, NodeType, Relation } from '../schema/vocabulary';

export type QueryDirection = 'both' | 'in' | 'out';

/** A validated request (core/query/request.ts): lists are never undefined, defaults applied. */
export interface QueryRequest {
  /** The trimmed query text; '' when none. */
  query: string;
  nodeIds: string[];
  types: NodeType[];
  relations: Relation[];
  sectionIds: string[];
  groundingStatuses: GroundingStatus[];
  entailmentStatuses: EntailmentStatus[];
  limit: number;
  hops: number;
  direction: QueryDirection;
  maxNodes: number;
  maxEdges: number;
  expectedRevision?: number;
}

/** Why a node matched, as a stable code (labels in both languages: describeReason in reasons.ts). */
export type MatchReason =
  | 'explicit_id'
  | 'relation_endpoint'
  | 'id_exact'
  | 'text_exact'
  | 'text_contains'
  | 'quote_contains'
  | 'section'
  | 'type'
  /** A concept anchor whose term the query names (core/query/text.ts namesTerm). */
  | 'concept_term'
  /** A statement that names a concept anchor the query matched (the concept layer's mentions widen retrieval). */
  | 'mention'
  | `coverage:${number}`
  | 'filter';

export interface QueryMatch {
  nodeId: string;
  score: number;
  reasons: MatchReason[];
}

export type QueryEvidence = Evidence;

/** A node as a query returns it: capped text, at most 2 evidence items, its section's title. */
export interface QueryNode extends Omit<KgNode, 'evidence'> {
  evidence: QueryEvidence[];
  documentId: string;
  sourceId: string | null;
  chunkId: string | null;
  sectionTitle?: string;
}

export interface QueryEdge extends Omit<KgEdge, 'evidence'> {
  evidence: QueryEvidence[];
  documentId: string;
  sourceId: string | null;
  chunkId: string | null;
}

export interface QuerySourceInfo {
  id: string | null;
  documentId: string;
  title: string;
  chars: number;
  paragraphCount: number;
  sectionCount: number;
  sections: { id: string; title: string; startParagraph: number; endParagraph: number }[];
  revision: number;
}

export interface QueryView {
  kind: 'consumption';
  query: string;
  directMatches: string[];
  relationCandidateEdges: number;
  totalNodes: number;
  totalEdges: number;
  returnedNodes: number;
  returnedEdges: number;
  hops: number;
  direction: QueryDirection;
  truncated: boolean;
}

/**
 * A mention among the returned nodes: statement `nodeId` names concept anchor `conceptId` as `term`, verbatim in
 * unit `paragraph` (quote = the term). Not a relation: it is never among `edges`, never counted as one.
 */
export interface QueryMention {
  id: string;
  nodeId: string;
  conceptId: string;
  term: string;
  paragraph: number;
  quote: string;
}

/** A canonical unit cited by the returned nodes and edges (never the whole source text). */
export interface QuerySourceUnit {
  paragraph: number;
  text: string;
  nodeIds: string[];
  edgeIds: string[];
}

export interface QueryMetrics {
  candidateMatches: number;
  relationCandidateEdges: number;
  directMatches: number;
  returnedNodes: number;
  returnedEdges: number;
  sourceUnits: number;
  sourceRefsOmitted: number;
  contextChars: number;
  contextBudget: number;
  hops: number;
}

export interface GraphQueryResult {
  queryId: string;
  documentId: string;
  revision: number;
  query: string;
  matches: QueryMatch[];
  graph: {
    summary: string;
    source: QuerySourceInfo;
    nodes: QueryNode[];
    edges: QueryEdge[];
    /** The mentions with both ends among `nodes`; absent when there are none (graphs without a concept layer). */
    mentions?: QueryMention[];
    view: QueryView;
  };
  sourceUnits: QuerySourceUnit[];
  metrics: QueryMetrics;
}
