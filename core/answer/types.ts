// The shapes of an evidence-admitted answer (docs/contracts/answers.md#request-and-result): the request an answer task runs with, the
// evidence catalogue the answerer may cite, what an answerer proposes (a draft) and what the task returns (the
// result). Types only; shared by the Durable Object's answer task, the browser's static mode and the ask panel.
import type { GraphQueryResult, QueryRequest } from '../query/types';
import type { EntailmentStatus, GroundingStatus, NodeType, Relation } from '../schema/vocabulary';

export type AnswerStatus = 'answered' | 'insufficient' | 'out_of_scope';
export type AnswerLang = 'zh' | 'en';

/** A validated answer request: the question, the retrieval it runs (a graph query) and who answers it. */
export interface AnswerRequest {
  question: string;
  /** The graph query the answer's retrieval runs: `query` is the question, filters as the caller gave them. */
  query: QueryRequest;
  expectedRevision?: number;
  /** The model id the caller named, if any (resolved by models/answerers.ts). */
  model?: string;
}

/** One citable piece of evidence: `ev<n>`, a node's or an edge's evidence item, or a canonical source unit. */
export interface EvidenceItem {
  id: string;
  targetKind: 'node' | 'edge' | 'source';
  /** Node id, edge id, or `paragraph:<n>` for a source unit. */
  targetId: string;
  /** 1-based unit number (as the product shows it). */
  paragraph: number;
  /** Verbatim text of that unit (≤ 600 chars), checked against the canonical unit when the catalogue is built. */
  quote: string;
  documentId: string;
  sourceId: string | null;
  chunkId: string | null;
  sectionId: string | null;
  sectionTitle: string | null;
  nodeType: NodeType | null;
  nodeText: string | null;
  fromNodeId: string | null;
  toNodeId: string | null;
  fromNodeText: string | null;
  toNodeText: string | null;
  relation: Relation | null;
  /** Node: its own; edge: the weaker of its endpoints'; source: grounded (the text itself). */
  groundingStatus: GroundingStatus;
  entailmentStatus: EntailmentStatus;
  /** Nodes this evidence speaks about: the node, the two endpoints, or the nodes anchored to the unit. */
  nodeIds: string[];
  /** A node's: the concept anchors its statement names (its mentions, core/schema/graph.ts). Never a relation, never
   * cited: it only leads a "what is X" answer to the statements about X. Absent when it names none. */
  names?: string[];
}

/** What builtin:extractive answers from: the question, the catalogue, the language of the rendering. */
export interface ExtractiveInput {
  question: string;
  catalogue: readonly EvidenceItem[];
  lang: AnswerLang;
}

/** What an answerer (a model, or builtin:extractive) proposes; admission decides what of it is shown. */
export interface AnswerDraft {
  status: string;
  parts: { text: string; evidenceIds: string[] }[];
  confidence?: number;
}

export interface AnswerPart {
  /** part-1, part-2, … */
  id: string;
  /** Rendered from the admitted evidence (never the answerer's own prose). */
  text: string;
  evidenceIds: string[];
}

export interface AnswerCitation {
  id: string;
  targetKind: 'node' | 'edge' | 'source';
  targetId: string;
  /** The node to focus: the node itself, else the edge's from node, else the first node of the unit. */
  nodeId: string | null;
  nodeIds: string[];
  paragraph: number;
  quote: string;
  documentId: string;
  sourceId: string | null;
  chunkId: string | null;
  sectionId: string | null;
  sectionTitle: string | null;
  nodeType: NodeType | null;
  nodeText: string | null;
  fromNodeId: string | null;
  toNodeId: string | null;
  /** A relation's end nodes by their text, so a reader never sees an id. */
  fromNodeText: string | null;
  toNodeText: string | null;
  relation: Relation | null;
  groundingStatus: GroundingStatus;
  entailmentStatus: EntailmentStatus;
}

/** A source unit found by the answer's own fallback scan (not cited by any retrieved node or edge). */
export interface FallbackUnit {
  paragraph: number;
  text: string;
  score: number;
}

/** The graph query the answer used, with what the source fallback added. */
export interface AnswerRetrieval extends Omit<GraphQueryResult, 'sourceUnits' | 'metrics'> {
  sourceUnits: (GraphQueryResult['sourceUnits'][number] & { sourceFallback?: true })[];
  metrics: GraphQueryResult['metrics'] & {
    sourceFallbackUnits: number;
    sourceFallbackEvaluated: boolean;
    evidenceItems: number;
  };
}

/** Who answered: a configured model, or the offline extractive answerer (never called a model). */
export type AnswererKind = 'model' | 'extractive';

export interface GraphAnswerResult {
  status: AnswerStatus;
  /** The admitted parts rendered and joined by a blank line, or the fixed text of the status. */
  answer: string;
  parts: AnswerPart[];
  confidence: number;
  citations: AnswerCitation[];
  followUps: string[];
  supportingNodeIds: string[];
  question: string;
  /** The language of the rendering: Chinese when the question has Han characters, else English. */
  lang: AnswerLang;
  documentId: string;
  revision: number;
  retrieval: AnswerRetrieval | null;
  /** The model id, or builtin:extractive. */
  model: string;
  answerer: AnswererKind;
  /** What admission removed (counts only): ids not in the catalogue, parts with an unsupported clause. */
  admission: { unknownEvidenceIds: number; droppedParts: number; proposedParts: number };
  createdAt: number;
}
