// What the ask panel sends and reads: the graph-query request and result (docs/contracts/graph-query.md#request-and-result) and the answer task's
// result (docs/contracts/answers.md#request-and-result), as far as the panel uses them. Structural on purpose: the core types of the query and answer
// modules assign to these, and a malformed answer is read defensively (read* below) rather than trusted.
import type { EntailmentStatus, GroundingStatus, KgEdge, KgNode, NodeType } from '../../core/schema';

export interface GraphQueryRequest {
  expectedRevision?: number;
  query?: string;
  nodeIds?: string[];
  types?: NodeType[];
  sectionIds?: string[];
  groundingStatuses?: GroundingStatus[];
  entailmentStatuses?: EntailmentStatus[];
  limit?: number;
  hops?: number;
}

export interface QueryMatch {
  nodeId: string;
  score: number;
  reasons: string[];
}

/** A projected node (docs/contracts/graph-query.md#projection): a KgNode with at most two evidence items, plus the section title. */
export type QueryNode = KgNode & { sectionTitle?: string };
/** A projected edge: its id may be absent in the seed's projection; the panel then names it by its ends. */
export type QueryEdge = Omit<KgEdge, 'id'> & { id?: string };

export interface GraphQueryResult {
  queryId: string;
  documentId: string;
  revision: number;
  matches: QueryMatch[];
  graph: { nodes: QueryNode[]; edges: QueryEdge[]; view?: { truncated?: boolean } };
  sourceUnits: { paragraph: number; text: string; nodeIds: string[]; edgeIds: string[] }[];
}

export type AnswerStatus = 'answered' | 'insufficient' | 'out_of_scope';

export interface AnswerCitation {
  id: string;
  targetKind: 'node' | 'edge' | 'source';
  targetId: string;
  nodeId?: string | null;
  nodeIds: string[];
  paragraph: number | null;
  quote: string;
  nodeText?: string | null;
  nodeType?: string | null;
  fromNodeId?: string | null;
  toNodeId?: string | null;
  fromNodeText?: string | null;
  toNodeText?: string | null;
  relation?: string | null;
  groundingStatus?: string | null;
  entailmentStatus?: string | null;
}

export interface AnswerPart {
  id: string;
  text: string;
  evidenceIds: string[];
}

export interface GraphAnswerResult {
  status: AnswerStatus;
  answer: string;
  parts: AnswerPart[];
  citations: AnswerCitation[];
  followUps: string[];
  question: string;
  documentId: string;
  revision: number;
  /** The answerer: 'builtin:extractive' (no model) or a model id. */
  model: string;
  /** 'extractive' for the offline answerer, never called a model. */
  answerer: 'model' | 'extractive' | null;
}

export interface AnswerRequest {
  question: string;
  expectedRevision?: number;
  types?: NodeType[];
  sectionIds?: string[];
  groundingStatuses?: GroundingStatus[];
  entailmentStatuses?: EntailmentStatus[];
  model?: string;
}

/** The offline answerer's id: labelled "extractive", never "model". */
export const EXTRACTIVE_ANSWERER = 'builtin:extractive';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A task result read as an answer; null when it is not one (then the panel says so instead of breaking). */
export function readAnswer(value: unknown): GraphAnswerResult | null {
  const v = value as Partial<Record<keyof GraphAnswerResult, unknown>> | null;
  if (!v || typeof v !== 'object') return null;
  const status =
    v.status === 'answered' || v.status === 'insufficient' || v.status === 'out_of_scope' ? v.status : null;
  if (!status) return null;
  const citations: AnswerCitation[] = (Array.isArray(v.citations) ? v.citations : []).flatMap(
    (c: Record<string, unknown>) => {
      if (!c || typeof c.id !== 'string') return [];
      const kind = c.targetKind === 'edge' || c.targetKind === 'source' ? c.targetKind : 'node';
      return [
        {
          id: c.id,
          targetKind: kind,
          targetId: str(c.targetId),
          nodeId: strOrNull(c.nodeId),
          nodeIds: strings(c.nodeIds),
          paragraph: typeof c.paragraph === 'number' && Number.isFinite(c.paragraph) ? c.paragraph : null,
          quote: str(c.quote),
          nodeText: strOrNull(c.nodeText),
          nodeType: strOrNull(c.nodeType),
          fromNodeId: strOrNull(c.fromNodeId),
          toNodeId: strOrNull(c.toNodeId),
          fromNodeText: strOrNull(c.fromNodeText),
          toNodeText: strOrNull(c.toNodeText),
          relation: strOrNull(c.relation),
          groundingStatus: strOrNull(c.groundingStatus),
          entailmentStatus: strOrNull(c.entailmentStatus),
        },
      ];
    },
  );
  const parts: AnswerPart[] = (Array.isArray(v.parts) ? v.parts : []).flatMap(
    (p: Record<string, unknown>, i: number) =>
      p && typeof p.text === 'string'
        ? [{ id: str(p.id) || `part-${i + 1}`, text: p.text, evidenceIds: strings(p.evidenceIds) }]
        : [],
  );
  return {
    status,
    answer: str(v.answer),
    parts,
    citations,
    followUps: strings(v.followUps),
    question: str(v.question),
    documentId: str(v.documentId),
    revision: typeof v.revision === 'number' ? v.revision : 0,
    model: str(v.model),
    answerer: v.answerer === 'model' || v.answerer === 'extractive' ? v.answerer : null,
  };
}

/** An edge's id as the graph view knows it, or a stable name from its ends when the projection has none. */
export function edgeKey(edge: Pick<QueryEdge, 'id' | 'fromNodeId' | 'toNodeId' | 'relation'>): string {
  return edge.id ?? `${edge.fromNodeId}>${edge.toNodeId}:${edge.relation}`;
}
