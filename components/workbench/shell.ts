// The workbench element's own parts that its template (workbench-result.ts) and its event handlers
// (workbench-handlers.ts) use beyond the context: the shell's state (the notice, the open input, sizes being dragged,
// the card's side, the narrow pane, the issue marks), its other controllers, and refs to the elements it renders
// (Lit's `ref`: nobody looks them up by class name). An interface that KgWorkbench implements, so these files, which
// are the element's own template and handlers split out for length, do not import workbench.ts.
import type { Ref } from 'lit/directives/ref.js';
import type { GraphViewApi, GraphViewProps } from '../graph-view/contract';
import type { OverviewController } from '../graph-overview/overview-controller';
import type { KgAskPanel } from '../ask-panel/ask-panel';
import type { KgInputPanel, ShownEstimate } from '../input-panel/input-panel';
import type { LocalStateController } from '../shared/local-state';
import type { KgSourcePane } from '../source-pane/source-pane';
import type { IssueMarks, KgTrustTools } from '../trust-tools/trust-tools';
import type { Pane, WorkbenchContext } from './context';
import type { ExtractionController } from './extraction-controller';
import type { HistoryController } from './history-controller';
import type { TraceController } from './trace-controller';
import type { UiState } from './ui-state';

export type GraphViewElement = HTMLElement & GraphViewProps & GraphViewApi;

/** The elements of the workbench's template that its code talks to. */
export interface ShellRefs {
  panes: Ref<HTMLElement>;
  graphPane: Ref<HTMLElement>;
  graphView: Ref<GraphViewElement>;
  sourcePane: Ref<KgSourcePane>;
  inputPanel: Ref<KgInputPanel>;
  detailCard: Ref<HTMLElement>;
  /** The result area (focused after an extraction) and the ask panel (a suggested question fills it). */
  result: Ref<HTMLElement>;
  askPanel: Ref<KgAskPanel>;
}

/** A failure (or, with `info`, a plain message) shown above the result. */
export interface Notice {
  code: string;
  message: string;
  info?: boolean;
}

export interface WorkbenchShell {
  readonly context: WorkbenchContext;
  readonly refs: ShellRefs;
  /** The trust tools: one element for the workbench's life, placed in the result area whenever it is shown. */
  readonly trustTools: KgTrustTools;
  readonly ui: LocalStateController<UiState>;
  readonly history: HistoryController;
  readonly extraction: ExtractionController;
  readonly trace: TraceController;
  readonly overview: OverviewController;
  notice: Notice | null;
  /** The input panel's last estimate (POST /api/estimate). */
  estimate: ShownEstimate | null;
  inputOpen: boolean;
  exporting: boolean;
  insightsData: unknown;
  liveSplit: number | null;
  liveHeight: number | null;
  cardSide: 'left' | 'right';
  narrowPane: Pane;
  /** Open issues' targets, drawn in the graph (from the trust tools' `kg-issue-marks`). */
  issueMarks: IssueMarks;
  /** The `lang` attribute (the language switch sets it). */
  lang: string;
  readonly theme: 'light' | 'dark' | null;
  /** The `ask` attribute's question, when it belongs to the shown document. */
  readonly sharedQuestion: string | null;
  /** An agent harness's trace events (the `traceEventSource` property). */
  readonly traceEventSource: (() => unknown[] | Promise<unknown[]>) | null;
  readonly updateComplete: Promise<unknown>;
  openDocument(documentId: string): Promise<void>;
}
