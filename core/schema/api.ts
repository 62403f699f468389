// Shapes of the HTTP API's answers, shared by the Worker that sends them and the browser that reads them.
// Types only: nothing here reaches the browser bundle.
import type { KgEdge, KgNode, Mention } from './graph';
import type { TaskStatus } from './task';
import type { ContentUnit, Section } from './units';
import type { NodeType, SourceKind } from './vocabulary';

export interface ModelInfo {
  id: string;
  provider: string;
  model: string;
  label: string;
  /** Image input: true, false, or unknown. */
  image: boolean | 'unknown';
  default: boolean;
}

export interface DocumentSummary {
  documentId: string;
  title: string;
  revision: number;
  nodeCount: number;
  edgeCount: number;
  chars: number;
  updatedAt: number;
  /** 'text', or 'trace' for an agent's execution trace (its units map to trace events). */
  sourceKind: SourceKind;
  /** The extractor or model that made the graph (`builtin:heuristic` for the built-in one). */
  model?: string;
  /** Deleted documents only (GET /api/documents?deleted=1): when it was deleted, and when it will be purged. */
  deletedAt?: number;
  purgeAt?: number;
}

export { SOURCE_KINDS, type SourceKind } from './vocabulary';

export interface DocumentDetail extends DocumentSummary {
  createdAt: number;
  model: string;
  sourceId: string | null;
  unitCount: number;
  summary: string;
  sections: Section[];
  audit: unknown;
  activeTask: TaskStatus | null;
}

export interface GraphViewInfo {
  kind: 'window' | 'query';
  nodeOffset: number;
  nodeLimit: number;
  totalNodes: number;
  totalEdges: number;
  truncated: boolean;
  query?: string;
  matchedNodes?: number;
  /** Set when the view is limited to one section. */
  section?: string;
  sectionNodes?: number;
}

export interface GraphView {
  nodes: KgNode[];
  edges: KgEdge[];
  /** Mentions touching the nodes of this view (apart from the relations; never counted as one). */
  mentions?: Mention[];
  /** Concept anchors named by this view's statements that lie outside its node window (so mentions can be drawn);
   * `nodes` stays exactly the window. */
  concepts?: KgNode[];
  view: GraphViewInfo;
}

/** A unit as the API serves it: with the types of the nodes anchored to it (badges for any page). */
export type SourceUnit = ContentUnit & { nodeTypes?: NodeType[] };
