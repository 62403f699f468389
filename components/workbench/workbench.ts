import { ContextProvider } from '@lit/context';
import { LitElement, html, nothing } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { LayoutAlgorithm } from '../../core/layout/types';
import '../input-panel/input-panel';
import type { ShownEstimate } from '../input-panel/input-panel';
import '../task-progress/task-progress';
import '../source-pane/source-pane';
import '../trace-events/trace-events';
import { TraceController } from './trace-controller';
import '../detail-card/detail-card';
import '../view-controls/view-controls';
import '../export-menu/export-menu';
import '../diagnostics-list/diagnostics-list';
import '../splitter/splitter';
import { ApiClient, ApiError } from '../shared/api-client';
import { ApiDocumentSource } from '../shared/document-source';
import { emit } from '../shared/events';
import { errorParts, langFromTag, resolveLang, t, type Lang } from '../shared/i18n';
import { LocalStateController } from '../shared/local-state';
import { StaticDocumentSource, loadGraphFile } from '../shared/static-source';
import { localWriteCapabilities } from '../shared/write-capabilities';
import { DocumentController } from './document-controller';
import { ExtractionController } from './extraction-controller';
import { HistoryController } from './history-controller';
import { SelectionController } from './selection-controller';
import { UI_DEFAULTS, type UiState } from './ui-state';
import { renderResult } from './workbench-result';
import { workbenchStyles } from './workbench.styles';
import { WorkbenchHandlers } from './workbench-handlers';
import { UrlStateController } from './url-state';
import { provenanceLine } from '../shared/provenance';
import { OverviewController } from '../graph-overview/overview-controller';
import type { IssueMarks, KgTrustTools } from '../trust-tools/trust-tools';
import { followAskSelection } from './ask-navigation';
import { type PaneEffects, type WorkbenchContext, workbenchContext } from './context';
import type { Notice, ShellRefs, WorkbenchShell } from './shell';

const NO_MARKS: IssueMarks = { nodes: new Map(), edges: new Map() };

declare global {
  interface HTMLElementTagNameMap {
    'kg-workbench': KgWorkbench;
  }
}

/**
 * @summary Text in, knowledge graph out: paste a text, extract, then read the graph beside its source with every
 * node linked to the units it came from. Shows a stored document (`api`, `document-id`) or an exported graph file
 * with no backend at all (`src`).
 * @attr api - Base URL of the kg-workbench Worker ('' or absent: the page's own origin).
 * @attr document-id - A stored document to show.
 * @attr capability - A read capability (`kgc_…`, README "Access") sent as the bearer token: lets a page show one
 *   document of a Worker that has keys configured without holding any key; it can never change anything.
 * @attr src - URL of an exported graph (JSON export format); the workbench then makes no API call at all.
 * @attr ask - A question to open in the "Ask this graph" panel and ask once the document is shown (a shared question).
 * @attr lang - 'en' or 'zh'; defaults to the page's <html lang>.
 * @attr theme - 'light' or 'dark'; without it the workbench follows the reader's system (prefers-color-scheme).
 * @attr node - A node to open selected (with `document-id`): shown in the graph, its unit in the source.
 * @attr unit - A source unit to open selected (when no `node`).
 * @attr section - A section to open the view limited to.
 * @attr view - The node window to open: an offset ('800') or a search ('q:entropy').
 * @attr mode - 'viewer' for reading only: no input, append, history or write action (reading, asking where the
 *   API allows it and export stay). Also on by itself with `src` or a read `capability`, which cannot write.
 * @attr layout - The graph's layout to open in: 'layered', 'force', 'circle' or 'radial' (absent: the reader's own).
 * @attr url-state - Keep the document, selection, section, view and layout in the page's URL fragment
 *   (`#doc=…&node=…&unit=…&section=…&view=…&layout=…`): reload, Back/Forward and a pasted link reopen the same
 *   place, a node with its card. Off by default (an embedder's URL is never touched); the demo page sets it.
 * @event state-change - `{ state: { doc, node, unit, section, view, layout } }` whenever where the reader is changes.
 * @event kg-node-select - `{ nodeId, node, units }` when a node is selected.
 * @event kg-unit-select - `{ unit, nodeIds }` when a source unit is selected.
 * @event kg-trace-grew - `{ documentId, revision }` when an open agent trace grew and its new revision is shown.
 * @event kg-task-progress - `{ task }` on every progress message of a running extraction.
 * @event kg-task-done - `{ task }` when an extraction succeeded, failed or was cancelled.
 * @event kg-error - `{ code, message }` for every failure shown.
 * @csspart header - The top bar.
 * @csspart input - The input area.
 * @csspart summary - The one-line summary of the result.
 * @csspart source - The source pane.
 * @csspart graph - The graph pane.
 * @csspart card - The detail card.
 * @csspart insights - The insights panel.
 * @csspart trust - The trust tools: verification, questions, the fix log and candidates.
 * @csspart ask - The "Ask this graph" panel.
 * @cssproperty --kg-bg - Background (default #ffffff; dark #15191e).
 * @cssproperty --kg-surface - Raised surfaces and buttons (default #f6f7f9).
 * @cssproperty --kg-fg - Text colour (default #1d232a).
 * @cssproperty --kg-muted - Secondary text (default #5b6670).
 * @cssproperty --kg-border - Borders and dividers (default #d5dae0).
 * @cssproperty --kg-accent - Primary buttons, selection (default #2563eb).
 * @cssproperty --kg-accent-fg - Text on the accent colour (default #ffffff).
 * @cssproperty --kg-highlight - Background of the selected node's source units (default #fff3bf).
 * @cssproperty --kg-danger - Errors and deletion (default #b42318).
 * @cssproperty --kg-focus - Focus ring (default #1d4ed8).
 * @cssproperty --kg-radius - Corner radius (default 6px).
 * @cssproperty --kg-font - Font family (default system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', sans-serif).
 * @cssproperty --kg-result-height - Default height of the result panes (default: the window's remaining height).
 */
export class KgWorkbench extends LitElement implements WorkbenchShell {
  static override properties = {
    api: { type: String },
    documentId: { type: String, attribute: 'document-id' },
    capability: { type: String },
    mode: { type: String, reflect: true },
    src: { type: String },
    ask: { type: String },
    lang: { type: String, reflect: true },
    theme: { type: String, reflect: true },
    apiToken: { attribute: false },
    notice: { state: true, attribute: false },
    estimate: { state: true, attribute: false },
    inputOpen: { state: true, attribute: false },
    exporting: { state: true, attribute: false },
    insightsData: { state: true, attribute: false },
    liveSplit: { state: true, attribute: false },
    liveHeight: { state: true, attribute: false },
    cardSide: { state: true, attribute: false },
    narrowPane: { state: true, attribute: false },
    issueMarks: { state: true, attribute: false },
    stateNode: { type: String, attribute: 'node' },
    stateUnit: { type: String, attribute: 'unit' },
    stateSection: { type: String, attribute: 'section' },
    stateView: { type: String, attribute: 'view' },
    stateLayout: { type: String, attribute: 'layout' },
  };

  declare api: string | null;
  declare documentId: string | null;
  /** A read capability for one document (an embed); sent as the bearer token when no apiToken is set. */
  declare capability: string | null;
  /** 'viewer': read only (see `viewer`); anything else is the full workbench where the credential allows it. */
  declare mode: string | null;
  declare src: string | null;
  /** A question to ask about the shown document (a shared link: `#doc=…&ask=…` on the demo page). */
  declare ask: string | null;
  declare lang: string;
  declare theme: 'light' | 'dark' | null;
  /** Bearer token for a Worker that has KG_API_TOKEN set (a property only, never an attribute). */
  declare apiToken: string | null;
  /** A failure (or, with `info`, a plain message) shown above the result. */
  declare notice: Notice | null;
  /** The input panel's last estimate (POST /api/estimate). */
  declare estimate: ShownEstimate | null;
  declare inputOpen: boolean;
  declare exporting: boolean;
  declare insightsData: unknown;
  declare liveSplit: number | null;
  declare liveHeight: number | null;
  /** The detail card sits on the side of the graph pane away from the node it describes. */
  declare cardSide: 'left' | 'right';
  /** The pane a narrow workbench (a phone) shows: its panes become tabs. */
  declare narrowPane: 'source' | 'graph' | 'insights';
  /** Open verification issues' targets, drawn in the graph (the trust tools say which). */
  declare issueMarks: IssueMarks;
  declare stateNode: string | null;
  declare stateUnit: string | null;
  declare stateSection: string | null;
  declare stateView: string | null;
  declare stateLayout: string | null;

  static override styles = workbenchStyles;

  /** The elements of the template the workbench talks to (set by Lit's `ref` as they render). */
  readonly refs: ShellRefs = {
    panes: createRef(),
    graphPane: createRef(),
    graphView: createRef(),
    sourcePane: createRef(),
    inputPanel: createRef(),
    detailCard: createRef(),
    result: createRef(),
    askPanel: createRef(),
  };
  readonly ui = new LocalStateController<UiState>(this, 'ui', UI_DEFAULTS);
  readonly doc = new DocumentController(this, (e) => this.fail(e));
  private readonly panes: PaneEffects = {
    revealUnit: (n) => this.refs.sourcePane.value?.reveal(n) ?? Promise.resolve(),
    focusNodes: (ids) => this.refs.graphView.value?.focusNodes(ids, { flash: true }) ?? Promise.resolve(),
    scrollToGraph: () => this.refs.graphPane.value?.scrollIntoView({ block: 'nearest' }),
    showPane: (pane) => this.handlers.showPane(pane),
  };
  readonly selection = new SelectionController(this, this.doc, {
    revealUnit: (n) => void this.panes.revealUnit(n),
    focusNodes: (ids) => void this.panes.focusNodes(ids),
  });
  /** What the controllers, the render helpers and the elements inside (the trust tools) use of the workbench. */
  readonly context: WorkbenchContext = this.createContext();
  private readonly provider = new ContextProvider(this, { context: workbenchContext, initialValue: this.context });
  readonly extraction = new ExtractionController(this, this.ui, {
    onStarted: () => this.selection.clear(),
    onProgress: (task) => emit(this, 'kg-task-progress', { task }),
    onDone: (task) => this.handlers.taskDone(task),
    onError: (e) => this.fail(e),
    onConnection: (state) => this.handlers.taskConnection(state),
  });
  readonly history = new HistoryController(this, (e) => this.fail(e));
  readonly handlers: WorkbenchHandlers = new WorkbenchHandlers(this.context, this, () => this.doc.close());
  /** Where the reader is, as attributes, state-change events and (url-state) the URL fragment. */
  readonly urlState = new UrlStateController(this, this.context, {
    openDocument: (id) => this.openDocument(id),
    documentId: () => this.documentId,
    layout: () => this.ui.value.layout,
    setLayout: (layout) => this.ui.set({ layout }),
  });
  /** An agent trace's events, navigation between events and nodes, and live follow (issue 13). */
  readonly trace: TraceController = new TraceController(this, this.context, {
    selectUnit: (n) => this.handlers.selectUnit(n),
    eventSource: () => this.traceEventSource,
    appendEvents: (events) => this.appendTraceEvents(events),
    busy: () => this.extraction.running,
    reopen: (id) => this.openDocument(id),
  });
  /** The whole-document overview of a document larger than one window, and its hand-overs (issue 16). */
  readonly overview = new OverviewController(this, {
    client: () => this.client,
    document: () => this.doc.info,
    apiMode: () => this.doc.source?.kind === 'api',
    shownIds: () => this.doc.graph?.nodes.map((n) => n.id) ?? [],
    showRegion: (nodes, edges) => this.doc.showRegion(nodes, edges),
    select: (id) => this.selection.selectNode(id, { card: false, reveal: true }),
    fail: (e) => this.fail(e),
  });
  /**
   * For an agent harness (a property only): returns the trace's events, in the shapes POST /api/traces accepts. When
   * set, an open trace offers "Append new events", which sends them; only events after the last seq are added.
   */
  traceEventSource: (() => unknown[] | Promise<unknown[]>) | null = null;

  /** Appends events to the open agent trace (a harness may pass its whole trace: repeats are ignored server-side). */
  appendTraceEvents(events: unknown[]): Promise<boolean> {
    const info = this.doc.info;
    if (!this.client || !info || info.sourceKind !== 'trace') return Promise.resolve(false);
    this.notice = null;
    return this.extraction.appendTraceEvents(this.client, info.documentId, info.revision, events);
  }
  client: ApiClient | null = null;
  private started = false;
  private trustToolsElement: KgTrustTools | null = null;

  constructor() {
    super();
    this.api = null;
    this.documentId = null;
    this.capability = null;
    this.src = null;
    this.ask = null;
    this.theme = null;
    this.apiToken = null;
    this.notice = null;
    this.estimate = null;
    this.inputOpen = false;
    this.exporting = false;
    this.insightsData = null;
    this.liveSplit = null;
    this.liveHeight = null;
    this.cardSide = 'right';
    this.narrowPane = 'graph';
    this.issueMarks = NO_MARKS;
    this.stateNode = null;
    this.stateUnit = null;
    this.stateSection = null;
    this.stateView = null;
    this.stateLayout = null;
  }

  /** The interface language: the `lang` attribute, else the page's. */
  get uiLang(): Lang {
    return langFromTag(this.lang) ?? resolveLang(this);
  }

  get staticMode(): boolean {
    return !!this.src;
  }

  /** Reading only: asked for (`mode="viewer"`), a static file, or a read capability — none of them can write, so
   * nothing that writes (input, append, history, edits, fixes) is offered. */
  get viewer(): boolean {
    return this.mode === 'viewer' || this.staticMode || !!this.capability;
  }

  get layout(): LayoutAlgorithm {
    return this.ui.value.layout;
  }

  /** Changes need the document's write access: an API key, or in open mode the write capability held here. A read
   * capability (an embed) or a static file never writes. */
  get canWrite(): boolean {
    const id = this.doc.info?.documentId;
    if (!id || this.viewer) return false;
    if (this.apiToken) return true;
    if (this.capability) return false;
    return !!localWriteCapabilities.get(id);
  }

  /** The trust tools, created once: the result area is re-created while a document reloads (an append, a fix), and
   * the same element placed again keeps its report, its open tab and a fact check's form. Its code is a chunk of its
   * own, loaded with the first document (kept out of the first load); the element upgrades when it arrives. */
  get trustTools(): KgTrustTools {
    if (!this.trustToolsElement) {
      void import('../trust-tools/trust-tools');
      const tools = document.createElement('kg-trust-tools');
      tools.setAttribute('exportparts', 'trust');
      tools.addEventListener('kg-issue-marks', this.handlers.issueMarks);
      this.trustToolsElement = tools;
    }
    return this.trustToolsElement;
  }

  /** The `ask` attribute's question belongs to the document named beside it (`document-id`), never to another one. */
  get sharedQuestion(): string | null {
    const shown = this.doc.info?.documentId;
    return this.ask && shown && this.documentId === shown ? this.ask : null;
  }

  /** The context, read live: each member answers for the workbench as it is now. */
  private createContext(): WorkbenchContext {
    const wb = this;
    const context: WorkbenchContext = {
      get client() {
        return wb.client;
      },
      get lang() {
        return wb.uiLang;
      },
      doc: wb.doc,
      selection: wb.selection,
      panes: wb.panes,
      get staticMode() {
        return wb.staticMode;
      },
      get canWrite() {
        return wb.canWrite;
      },
      get models() {
        return wb.extraction.models;
      },
      get pickedModel() {
        return wb.extraction.model;
      },
      follow: (target, report) => followAskSelection(context, report, target),
      notify: (type, detail) => void emit(wb, type, detail),
      fail: (error) => wb.fail(error),
      requestUpdate: () => wb.requestUpdate(),
      get updateComplete() {
        return wb.updateComplete;
      },
    };
    return context;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.started) {
      this.started = true;
      void this.start();
    }
    if (!customElements.get('kg-insights-panel')) {
      void customElements.whenDefined('kg-insights-panel').then(() => {
        this.requestUpdate();
        void this.handlers.loadInsights();
      });
    }
  }

  override updated(changed: Map<string, unknown>): void {
    // The elements that consume the context (the trust tools) follow every render of the workbench.
    this.provider.updateObservers();
    if (!this.started) return;
    if (changed.has('src') && changed.get('src') !== undefined) void this.start();
    // (The document already shown is not reopened: a page script setting document-id from the URL on Back would
    // otherwise clear the selection the URL state just restored.)
    else if (
      changed.has('documentId') &&
      changed.get('documentId') !== undefined &&
      this.documentId &&
      this.documentId !== this.doc.info?.documentId
    ) {
      void this.openDocument(this.documentId);
    } else if (
      ['stateNode', 'stateUnit', 'stateSection', 'stateView', 'stateLayout'].some(
        (k) => changed.has(k) && changed.get(k) !== undefined,
      )
    ) {
      void this.urlState.apply({ ...this.urlState.initial(), doc: this.doc.info?.documentId ?? this.documentId });
    }
  }

  private async start(): Promise<void> {
    if (this.src) {
      this.client = null;
      try {
        const data = await loadGraphFile(new URL(this.src, document.baseURI).href);
        await this.doc.open(new StaticDocumentSource(data));
      } catch (error) {
        this.fail(new ApiError('load_failed', (error as Error).message));
      }
      return;
    }
    const client = new ApiClient({
      base: this.api ?? '',
      token: () => this.apiToken || this.capability,
      // Open mode: documents created here keep their write capability in this browser (append, cancel, delete).
      writeCapabilities: localWriteCapabilities,
      lang: () => this.uiLang,
    });
    this.client = client;
    void this.extraction.loadModels(client).catch((e) => this.fail(e));
    void this.history.refresh(client);
    const resumed = this.extraction.resume(client);
    // A link (url-state fragment, or the node / unit / section / view attributes) opens exactly where it points.
    const linked = this.urlState.initial();
    const id = linked.doc || this.documentId || (!resumed ? this.ui.value.lastDocumentId : '');
    // The linked layout first (a link's whole state; the reader's own when the attributes name none).
    if (linked.layout && linked.layout !== this.ui.value.layout) this.ui.set({ layout: linked.layout });
    if (id && (linked.node || linked.unit !== null || linked.section || linked.view))
      await this.urlState.apply({ ...linked, doc: id });
    else if (id) await this.openDocument(id);
    else this.inputOpen = true;
  }

  /** Shows a stored document (from `document-id`, the history or a finished task). */
  async openDocument(documentId: string): Promise<void> {
    if (!this.client) return;
    this.selection.clear();
    this.notice = null;
    await this.doc.open(new ApiDocumentSource(this.client, documentId));
    if (!this.doc.info) {
      if (this.ui.value.lastDocumentId === documentId) this.ui.set({ lastDocumentId: '' });
      this.inputOpen = true;
      return;
    }
    this.ui.set({ lastDocumentId: documentId });
    this.inputOpen = false;
    await this.handlers.afterLoad();
  }

  /** Shows a failure in the reader's language and reports it as a kg-error event. */
  fail(error: unknown): void {
    if ((error as Error)?.name === 'AbortError') return;
    const code = error instanceof ApiError ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    this.notice = { code, message };
    emit(this, 'kg-error', { code, message });
  }

  private renderError(code: string, message: string, lang: Lang) {
    const { text, detail } = errorParts(code, message, lang);
    return html`${text}${detail ? html` <span class="muted">${detail}</span>` : nothing}`;
  }

  override render() {
    const lang = this.uiLang;
    const task = this.extraction.task;
    const hasResult = !!this.doc.info;
    const viewer = this.viewer;
    const showInput = !viewer && (this.inputOpen || !hasResult);
    return html`<div class="root" lang=${lang} @keydown=${this.handlers.onKeydown}>
      <header part="header">
        <h1>${hasResult ? this.doc.info!.title : t(lang, 'brand')}</h1>
        ${hasResult ? html`<span class="provenance muted" data-provenance>${provenanceLine(this.doc.info!, lang, this.extraction.models)}</span>` : nothing}
        <div class="actions">
          ${
            viewer
              ? this.staticMode
                ? html`<span class="muted">${t(lang, 'staticMode')}</span>`
                : nothing
              : html`${
                  hasResult
                    ? html`<button type="button" aria-expanded=${showInput ? 'true' : 'false'} @click=${this.handlers.toggleInput}>${t(lang, 'newText')}</button>`
                    : nothing
                }
                <button type="button" aria-expanded=${this.history.open ? 'true' : 'false'} @click=${this.handlers.toggleHistory}>${t(lang, 'history')}</button>`
          }
          <button type="button" aria-label=${t(lang, 'switchLanguageName')} @click=${this.handlers.switchLanguage}>${t(lang, 'switchLanguage')}</button>
        </div>
      </header>
      ${
        this.history.open && !viewer
          ? html`<kg-history-list lang=${lang} .items=${this.history.items} .deleted=${this.history.deleted} .currentId=${this.doc.info?.documentId ?? null}
            @kg-history-open=${this.handlers.openFromHistory} @kg-history-delete=${this.handlers.deleteFromHistory}
            @kg-history-clear=${this.handlers.clearHistory} @kg-history-restore=${this.handlers.restoreFromHistory}></kg-history-list>`
          : nothing
      }
      ${
        showInput
          ? html`<kg-input-panel ${ref(this.refs.inputPanel)} part="input" lang=${lang} .models=${this.extraction.models} .model=${this.extraction.model}
            ?busy=${this.extraction.running} ?can-append=${hasResult} @kg-extract-request=${this.handlers.extract}
            @kg-append-request=${this.handlers.append} .estimate=${this.estimate}
            @kg-estimate-request=${this.handlers.estimate}
            @kg-model-change=${this.handlers.pickModel}></kg-input-panel>`
          : nothing
      }
      ${
        task
          ? html`<kg-task-progress lang=${lang} .task=${task} ?cancelling=${this.extraction.cancelling}
            @kg-cancel-request=${this.handlers.cancel}></kg-task-progress>`
          : nothing
      }
      ${
        this.notice
          ? html`<p class="notice ${this.notice.info ? 'info' : ''}" role=${this.notice.info ? 'status' : 'alert'} data-error-code=${this.notice.code}>
            ${this.notice.info ? this.notice.message : this.renderError(this.notice.code, this.notice.message, lang)}
            <button type="button" aria-label=${t(lang, 'close')} @click=${() => (this.notice = null)}>×</button>
          </p>`
          : nothing
      }
      ${hasResult ? renderResult(this.context, this, this.handlers, lang) : this.doc.loading ? html`<p class="muted">${t(lang, 'loading')}</p>` : nothing}
    </div>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-workbench', KgWorkbench);
