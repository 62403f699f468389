// The ask panel's public events. The workbench listens to them; an embedder of <kg-ask-panel> alone can too.
import type { QueryEdge, QueryNode } from './ask-types';

/** What a match or a citation points at: a node, a relation (by id or by its ends) or a source unit alone. */
export interface AskSelectDetail {
  target: 'node' | 'edge' | 'unit';
  nodeId?: string;
  edgeId?: string;
  fromNodeId?: string;
  toNodeId?: string;
  relation?: string;
  /** The cited unit (1-based), when known. */
  paragraph: number | null;
}

/** A structured search answered: the direct matches and the subgraph around them (neighbours are context). */
export interface AskResultsDetail {
  query: string;
  matchIds: string[];
  nodes: QueryNode[];
  edges: QueryEdge[];
}

/** A question to share: the link reopens it (`#doc=…&ask=…` on the page that was showing it). */
export interface AskShareDetail {
  documentId: string;
  question: string;
  link: string;
}

declare global {
  interface HTMLElementEventMap {
    'kg-ask-select': CustomEvent<AskSelectDetail>;
    'kg-ask-results': CustomEvent<AskResultsDetail>;
    'kg-ask-share': CustomEvent<AskShareDetail>;
  }
}
