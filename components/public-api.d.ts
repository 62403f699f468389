// The public types of the npm package `kg-workbench` (both entries: `kg-workbench` registers the elements,
// `kg-workbench/elements` does not). Kept by hand so the package's types stand alone (no lit, no project paths);
// components/public-api.check.ts holds them to the real classes and schemas at every `tsc -b`, so they cannot drift.
// scripts/build.mjs copies this file to dist/npm/kg-workbench.d.ts and adds the global tag and event maps.

export type NodeType =
  | 'fact'
  | 'claim'
  | 'inference'
  | 'concept'
  | 'definition'
  | 'example'
  | 'counter_example'
  | 'rule';
export type Relation =
  | 'supports'
  | 'example'
  | 'counter_example'
  | 'defines'
  | 'infers'
  | 'causes'
  | 'is_a'
  | 'contains'
  | 'driven_by'
  | 'not_is'
  | 'analogy'
  | 'aims_at';
/** grounded: quote found verbatim in the cited unit; candidate: anchor only; unsupported: quote not authenticated. */
export type GroundingStatus = 'grounded' | 'candidate' | 'unsupported';
export type EntailmentStatus = 'verified' | 'unsupported' | 'uncertain' | 'unverified';

/** Where a node or relation is said in the source: a numbered content unit and its verbatim text. */
export interface Evidence {
  documentId: string;
  sourceId: string;
  chunkId: string;
  /** 1-based content unit number (the anchor). */
  paragraph: number;
  quote: string;
}

export interface KgNode {
  id: string;
  type: NodeType;
  text: string;
  /** Anchor unit; null when the node could not be anchored. */
  paragraph: number | null;
  quote: string;
  evidence: Evidence[];
  groundingStatus: GroundingStatus;
  entailmentStatus: EntailmentStatus;
  confidence?: number;
  sectionId?: string;
}

export interface KgEdge {
  id: string;
  fromNodeId: string;
  toNodeId: string;
  relation: Relation;
  evidence: Evidence[];
}

export type LayoutAlgorithm = 'layered' | 'force' | 'circle' | 'radial';

/**
 * `<kg-workbench>`: text in, knowledge graph out. Attributes: `api`, `document-id`, `capability`, `src` (a static
 * graph file, no server), `ask`, `lang` ('en' | 'zh'), `theme` ('light' | 'dark'). See custom-elements.json for its
 * events, parts and CSS custom properties.
 */
export declare class KgWorkbench extends HTMLElement {
  /** Base URL of the kg-workbench Worker (null or '': the page's own origin). */
  api: string | null;
  /** A stored document to show (attribute `document-id`). */
  documentId: string | null;
  /** A read capability (`kgc_…`) sent as the bearer token: shows one document, can change nothing. */
  capability: string | null;
  /** URL of a static graph file (the JSON export format, graph.schema.json); no API call is made. */
  src: string | null;
  /** A question to open in the "Ask this graph" panel. */
  ask: string | null;
  lang: string;
  theme: 'light' | 'dark' | null;
  /** Bearer token for a Worker that has KG_API_TOKEN set (a property only, never an attribute). */
  apiToken: string | null;
  /** For an agent harness: returns a trace's events in the shapes POST /api/traces accepts. */
  traceEventSource: (() => unknown[] | Promise<unknown[]>) | null;
  /** Appends events to the open agent trace; resolves false when no trace is open. */
  appendTraceEvents(events: unknown[]): Promise<boolean>;
  /** Shows a stored document. */
  openDocument(documentId: string): Promise<void>;
}

/** `<kg-graph-view>`: the graph pane on its own (data by properties). */
export declare class KgGraphView extends HTMLElement {
  nodes: KgNode[];
  edges: KgEdge[];
  layout: LayoutAlgorithm;
  lang: 'en' | 'zh';
  selectedNodeId: string | null;
  theme?: 'light' | 'dark' | null;
  readonly zoom: number;
  setZoom(scale: number): void;
  fit(): void;
  focusNodes(ids: readonly string[], options?: { flash?: boolean }): Promise<void>;
  toPng(scale?: number, options?: { title?: string }): Promise<Blob>;
  toSvg(options?: { title?: string }): Promise<Blob>;
}

/** `<kg-insights-panel>`: the insights of a document (used inside the workbench). */
export declare class KgInsightsPanel extends HTMLElement {
  data: unknown;
}

/** Defines every kg-* element (the `kg-workbench` entry calls it on import); elements already defined are left alone. */
export declare function defineElements(): void;
/** The kg-* tags the loaded modules declare. */
export declare function declaredTags(): string[];

export type KgNodeSelectEvent = CustomEvent<{ nodeId: string; node: KgNode | null; units: number[] }>;
export type KgUnitSelectEvent = CustomEvent<{ unit: number; nodeIds: string[] }>;
export type KgErrorEvent = CustomEvent<{ code: string; message: string }>;
