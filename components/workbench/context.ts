// The workbench's context: the part of <kg-workbench> that its controllers, its render helpers and the elements
// inside it (the trust tools) may use — the API client, the shown document, the selection, the language, what the
// panes do when asked to show something, and ways to speak (notify, fail) and to ask for a render. It is an
// interface, so none of them imports the element (workbench.ts) and a test hands them a fake.
//
// How it travels: the workbench's own controllers get it as a constructor argument (they are created by the
// workbench, with the one object it builds); an element rendered inside the workbench consumes it with @lit/context
// (`workbenchContext`), so an element added later (a panel, a mode) needs no property threaded through the host's
// template, and the workbench's template does not grow with what the element needs.
import { createContext } from '@lit/context';
import type { AskSelectDetail } from '../ask-panel/events';
import type { ApiClient, ModelInfo } from '../shared/api-client';
import type { DetailOf } from '../shared/events/emit';
/**
 * The workbench's public events, which `notify` dispatches (their modules declare them in HTMLElementEventMap).
 * @global Re-exported so that a compilation which reaches this context reads those declarations.
 */
export type { KgErrorEvent, KgNodeSelectEvent, KgTaskDoneEvent, KgUnitSelectEvent } from '../shared/events';
import type { Lang } from '../shared/i18n';
import type { DocumentController } from './document-controller';
import type { SelectionController } from './selection-controller';

/** The shown document: its summary, the graph view and the nodes loaded so far, and the ways to change the view.
 * (Opening and closing documents stay the workbench's.) */
export type ShownDocument = Pick<
  DocumentController,
  | 'source'
  | 'info'
  | 'graph'
  | 'offset'
  | 'query'
  | 'sectionId'
  | 'section'
  | 'region'
  | 'loading'
  | 'error'
  | 'known'
  | 'unitLoader'
  | 'layeredLayout'
  | 'typesOfUnit'
  | 'nodesOfUnit'
  | 'unitsOfNode'
  | 'refresh'
  | 'showWindow'
  | 'search'
  | 'setSection'
  | 'showFound'
  | 'showRegion'
>;

/** What the reader has picked, in both panes. */
export type Selection = Pick<
  SelectionController,
  | 'selectedNodeId'
  | 'selectedUnit'
  | 'currentUnits'
  | 'highlightNodeIds'
  | 'highlightEdgeIds'
  | 'card'
  | 'selectNode'
  | 'selectUnit'
  | 'selectEdge'
  | 'selectEvidence'
  | 'closeCard'
  | 'clear'
>;

export type Pane = 'source' | 'graph' | 'insights';

/** What the panes do when asked (the workbench holds their elements; nobody else looks them up). */
export interface PaneEffects {
  /** Scrolls the source pane to unit `n`. */
  revealUnit(n: number): Promise<void>;
  /** Centres and flashes nodes in the graph view. */
  focusNodes(ids: readonly string[]): Promise<void>;
  /** Scrolls the graph pane into the page's view. */
  scrollToGraph(): void;
  /** A narrow workbench (its panes as tabs) shows this pane; a wide one shows every pane anyway. */
  showPane(pane: Pane): void;
}

/** Something to show, as the ask panel names it: a node, a relation or a unit. */
export type ShowTarget = AskSelectDetail;

export interface WorkbenchContext {
  /** The API client; null for a static file (`src`) and before the workbench started. */
  readonly client: ApiClient | null;
  /** The interface language. */
  readonly lang: Lang;
  readonly doc: ShownDocument;
  readonly selection: Selection;
  readonly panes: PaneEffects;
  /** The workbench shows a static file: no API, nothing can change. */
  readonly staticMode: boolean;
  /** The shown document may be changed here: an API key, or in open mode its write capability held in this
   * browser. A read capability (an embed) or a static file never writes. */
  readonly canWrite: boolean;
  /** The models of GET /api/models, and the extractor picked in the input panel (null before they are read). */
  readonly models: readonly ModelInfo[];
  readonly pickedModel: string | null;
  /** Shows a node, relation or unit (loaded by a query for its id when outside the view), its unit in the source;
   * `report` says what happens meanwhile (locating…, a failure) and null when it is done. */
  follow(target: ShowTarget, report: (text: string | null) => void): Promise<void>;
  /** Dispatches one of the workbench's public events (kg-error, kg-node-select, state-change, …) from the element. */
  notify<K extends keyof HTMLElementEventMap>(type: K, detail: DetailOf<K>): void;
  /** Shows a failure in the workbench's notice line (and reports it as kg-error). */
  fail(error: unknown): void;
  /** Asks the workbench to render again (after a change to the document or the selection it cannot see). */
  requestUpdate(): void;
  /** Resolves when the workbench has rendered what was asked before. */
  readonly updateComplete: Promise<unknown>;
}

/** The key under which the workbench provides its context to the elements inside it. */
export const workbenchContext = createContext<WorkbenchContext>(Symbol('kg-workbench-context'));
