// The contract between <kg-workbench> (the shell) and <kg-graph-view> (the SVG graph pane).
// The shell owns data and the API; the graph view owns drawing, layout, pan/zoom and keyboard navigation.
import type { Lang } from '../../core/i18n/lang';
import type { KgEdge, KgNode, Mention } from '../../core/schema';
import type { LayoutAlgorithm, LayoutGraph, LayoutResult } from '../../core/layout/types';
import type { Severity } from '../../core/verify/types';

export type { LayoutAlgorithm, LayoutResult };

/** Properties of <kg-graph-view> (all data via properties; simple values also as attributes). */
export interface GraphViewProps {
  nodes: KgNode[];
  edges: KgEdge[];
  /** Mentions (statement → concept anchor, issue 25): drawn thin, dashed and arrowless, never as a relation (no
   * chip, no card, not an edge for the keyboard). Optional for embedders. */
  mentions?: Mention[];
  /** Concept anchors outside `nodes` that the mentions name (GraphView.concepts), drawn as nodes. */
  concepts?: KgNode[];
  /** 'layered' | 'force' | 'circle' | 'radial' (attribute `layout`). */
  layout: LayoutAlgorithm;
  /** Computes the layered layout on the server; when absent the view falls back to a client layout. */
  layeredLayout?: (graph: LayoutGraph, signal: AbortSignal) => Promise<LayoutResult>;
  /** The selected node (rendered with aria-selected="true"). */
  selectedNodeId: string | null;
  /** Nodes and edges to emphasise (e.g. the nodes of a selected source unit, an insight's evidence). */
  highlightNodeIds: ReadonlySet<string>;
  highlightEdgeIds: ReadonlySet<string>;
  /** 'en' | 'zh' (attribute `lang`). */
  lang: Lang;
  // ---- Additions by the graph view (additive; optional for embedders) ----
  /** A layout computed elsewhere for the current nodes, edges and `layout` (e.g. cached by the shell): drawn as
   * is (its edge labels are placed with core/layout placeEdgeLabels when it has none). */
  layoutResult?: LayoutResult | null;
  /** The selected edge: its label chip is always shown. A click on an edge sets it unless the event is cancelled. */
  selectedEdgeId?: string | null;
  /** 'light' | 'dark' (attribute `theme`); without it the view follows prefers-color-scheme. */
  theme?: 'light' | 'dark' | null;
  /** Targets of open verification issues by id, with the worst severity: drawn in that severity's colour
   * (`data-issue` on the node or edge). */
  issueNodeSeverity?: ReadonlyMap<string, Severity>;
  issueEdgeSeverity?: ReadonlyMap<string, Severity>;
  /** Hides candidate and unsupported nodes with their relations (attribute `hide-ungrounded`). */
  hideUngrounded?: boolean;
  /** Hides the mentions and the concepts outside `nodes` (attribute `hide-mentions`). */
  hideMentions?: boolean;
  /** Lines of node text drawn at most, 1–4 (attribute `label-lines`, default 4); boxes are sized for them. */
  labelLines?: number;
}

/** Methods the shell calls. */
export interface GraphViewApi {
  /** Centres the node(s), optionally flashing them; resolves once the view has moved. */
  focusNodes(ids: readonly string[], options?: { flash?: boolean }): Promise<void>;
  fit(): void;
  /** Fits the whole drawing once the scene of the current data is drawn (after a section switch). */
  refit(): Promise<void>;
  /** Zoom factor in [0.1, 2]; the toolbar steps by 0.1. */
  setZoom(scale: number): void;
  readonly zoom: number;
  /** PNG of the whole drawn graph (every node of the view, not only the part on screen) with `title` above it and
   * a legend below, at `scale` × resolution (default 2; less for drawings beyond the browser's canvas limits). */
  toPng(scale?: number, options?: { title?: string }): Promise<Blob>;
  /** The same drawing as a standalone SVG document. */
  toSvg(options?: { title?: string }): Promise<Blob>;
}

/** Events the graph view dispatches (bubbling, composed). kg-graph-node-select and kg-graph-edge-select are
 * cancelable: preventDefault() keeps the current selectedNodeId / selectedEdgeId. */
export interface GraphViewEvents {
  /** A node was clicked or chosen with the keyboard. */
  'kg-graph-node-select': CustomEvent<{ nodeId: string }>;
  /** Enter on a focused node: open its detail card. */
  'kg-graph-node-activate': CustomEvent<{ nodeId: string }>;
  /** Escape inside the graph. */
  'kg-graph-dismiss': CustomEvent<Record<string, never>>;
  /** An edge was clicked or hovered-and-selected. */
  'kg-graph-edge-select': CustomEvent<{ edgeId: string }>;
  'kg-graph-zoom': CustomEvent<{ scale: number }>;
  /** The user picked another layout in the graph's menu. */
  'kg-graph-layout-change': CustomEvent<{ layout: LayoutAlgorithm }>;
  /** The reader tried to zoom out below the minimum zoom (wheel, pinch, − or the keyboard): an embedder may show a
   * whole-document overview. At most one every 500 ms. */
  'zoom-out-limit': CustomEvent<{ scale: number }>;
}
