// The reactive properties of <kg-graph-view> and their defaults (graph-view.component.ts adds the behaviour).
// Reactive properties are declared (not initialised as class fields) so Lit's accessors are never shadowed,
// whatever the compiler's class-field semantics; the constructor sets the defaults.
import { LitElement } from 'lit';
import type { LayoutAlgorithm, LayoutResult } from '../../core/layout/types';
import type { KgEdge, KgNode, Mention } from '../../core/schema/graph';
import type { Severity } from '../../core/verify/types';
import type { Lang } from './i18n';
import type { LayeredLayout } from './layout-runner';

export const EMPTY_SET: ReadonlySet<string> = new Set();
export const NO_ISSUES: ReadonlyMap<string, Severity> = new Map();

export class GraphViewProperties extends LitElement {
  static override properties = {
    nodes: { attribute: false },
    edges: { attribute: false },
    mentions: { attribute: false },
    concepts: { attribute: false },
    layout: { reflect: true },
    layoutResult: { attribute: false },
    layeredLayout: { attribute: false },
    selectedNodeId: { attribute: 'selected-node-id' },
    selectedEdgeId: { attribute: 'selected-edge-id' },
    highlightNodeIds: { attribute: false },
    highlightEdgeIds: { attribute: false },
    issueNodeSeverity: { attribute: false },
    issueEdgeSeverity: { attribute: false },
    lang: {},
    theme: { reflect: true },
    hideUngrounded: { type: Boolean, reflect: true, attribute: 'hide-ungrounded' },
    hideMentions: { type: Boolean, reflect: true, attribute: 'hide-mentions' },
    labelLines: { type: Number, attribute: 'label-lines' },
    rovingId: { state: true },
    zoomPercent: { state: true },
  };

  declare nodes: KgNode[];
  declare edges: KgEdge[];
  /** Mentions (statement → concept anchor, issue 25): drawn light, apart from the relations. */
  declare mentions: Mention[];
  /** Concept anchors outside `nodes` that mentions name (GraphView.concepts): drawn so the mentions have an end. */
  declare concepts: KgNode[];
  declare layout: LayoutAlgorithm;
  /** A layout computed elsewhere for the current nodes, edges and `layout` (e.g. cached by the shell); drawn as is. */
  declare layoutResult: LayoutResult | null;
  declare layeredLayout: LayeredLayout | undefined;
  declare selectedNodeId: string | null;
  /** The selected edge: its label chip is always shown. Set by a click on the edge unless the event is cancelled. */
  declare selectedEdgeId: string | null;
  declare highlightNodeIds: ReadonlySet<string>;
  declare highlightEdgeIds: ReadonlySet<string>;
  /** Open verification issues' targets and their worst severity (coloured in the graph). */
  declare issueNodeSeverity: ReadonlyMap<string, Severity>;
  declare issueEdgeSeverity: ReadonlyMap<string, Severity>;
  declare lang: Lang;
  declare theme: 'light' | 'dark' | null;
  declare hideUngrounded: boolean;
  /** Hides the mentions and the concepts outside the window they brought (attribute `hide-mentions`). */
  declare hideMentions: boolean;
  /** Lines of node text drawn at most (1–4, default 4): 2 suits sentence-long nodes; the tooltip has the full text. */
  declare labelLines: number;
  /** The node holding the roving tabindex (the one Tab lands on). */
  declare rovingId: string | null;
  declare zoomPercent: number;

  constructor() {
    super();
    this.nodes = [];
    this.edges = [];
    this.mentions = [];
    this.concepts = [];
    this.layout = 'layered';
    this.layoutResult = null;
    this.layeredLayout = undefined;
    this.selectedNodeId = null;
    this.selectedEdgeId = null;
    this.highlightNodeIds = EMPTY_SET;
    this.highlightEdgeIds = EMPTY_SET;
    this.issueNodeSeverity = NO_ISSUES;
    this.issueEdgeSeverity = NO_ISSUES;
    this.lang = 'en';
    this.theme = null;
    this.hideUngrounded = false;
    this.hideMentions = false;
    this.labelLines = 4;
    this.rovingId = null;
    this.zoomPercent = 100;
  }
}
