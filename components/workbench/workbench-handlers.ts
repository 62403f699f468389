// What the workbench does when its parts speak: every event handler in one place, so workbench.ts reads as the
// element's outline. Handlers are arrow functions (bound once) so templates can pass them directly. They take the
// workbench's context and its shell (shell.ts), never the element class.
import type { TaskStatus } from '../../core/schema';
import type { FeedConnection } from '../shared/task-feed-controller';
import type { LayoutAlgorithm } from '../../core/layout/types';
import type { ExtractRequest } from '../input-panel/input-panel';
import type { ExportKind } from '../export-menu/export-menu';
import { saveBlob } from '../shared/download';
import { exportFileName } from '../../core/export/graph-export';
import { t } from '../shared/i18n';
import { historyText } from '../shared/i18n/history';
import type { IssueMarks } from '../trust-tools/trust-tools';
import type { Pane, WorkbenchContext } from './context';
import type { WorkbenchShell } from './shell';
import { clampHeight, clampSplit } from './ui-state';

type Detail<T> = CustomEvent<T>;

/** The element focused inside nested shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}

export class WorkbenchHandlers {
  private returnFocus: HTMLElement | null = null;
  private dragBase = 0;

  constructor(
    private readonly ctx: WorkbenchContext,
    private readonly wb: WorkbenchShell,
    /** Closes the shown document (the history deleted it). */
    private readonly closeDocument: () => void,
  ) {}

  // ── Header, history, input ─────────────────────────────────────────────────────────────────────────────────────

  toggleInput = () => (this.wb.inputOpen = !this.wb.inputOpen || !this.ctx.doc.info);

  toggleHistory = () => {
    // The list is a lazy chunk (most readers never open it); <kg-history-list> upgrades when it arrives.
    void import('../history-list/history-list');
    this.wb.history.toggle();
    if (this.wb.history.open && this.ctx.client) void this.wb.history.refresh(this.ctx.client);
  };

  switchLanguage = () => (this.wb.lang = this.ctx.lang === 'zh' ? 'en' : 'zh');

  openFromHistory = (e: Detail<{ documentId: string }>) => {
    this.wb.history.open = false;
    void this.wb.openDocument(e.detail.documentId);
  };

  deleteFromHistory = (e: Detail<{ documentId: string }>) => this.remove([e.detail.documentId]);

  clearHistory = (e: Detail<{ documentIds: string[] }>) => this.remove(e.detail.documentIds);

  /** A deleted document can be restored for 30 days: a one-document deletion says so, and where. */
  restoreFromHistory = async (e: Detail<{ documentId: string }>) => {
    const { wb, ctx } = this;
    if (!ctx.client) return;
    const title = wb.history.deleted.find((d) => d.documentId === e.detail.documentId)?.title ?? '';
    if (await wb.history.restore(ctx.client, e.detail.documentId))
      wb.notice = { code: 'restored', message: historyText(ctx.lang, 'restoredToast', { title }), info: true };
  };

  private async remove(ids: string[]) {
    const { wb, ctx } = this;
    if (!ctx.client) return;
    const removed = await wb.history.remove(ctx.client, ids);
    if (removed.length === 1)
      wb.notice = {
        code: 'deleted',
        message: historyText(ctx.lang, 'deletedToast', { title: removed[0]!.title }),
        info: true,
      };
    const current = ctx.doc.info?.documentId;
    if (current && ids.includes(current)) {
      this.closeDocument();
      ctx.selection.clear();
      wb.ui.set({ lastDocumentId: '' });
      wb.inputOpen = true;
    }
  }

  pickModel = (e: Detail<{ model: string }>) => this.wb.ui.set({ model: e.detail.model });

  extract = async (e: Detail<ExtractRequest>) => {
    const { wb, ctx } = this;
    if (!ctx.client) return;
    wb.notice = null;
    await wb.extraction.submit(ctx.client, e.detail);
  };

  /** "Estimate" beside Extract: what the run would take with the selected model (nothing is created). */
  estimate = async (e: Detail<ExtractRequest>) => {
    const { wb, ctx } = this;
    if (!ctx.client) return;
    wb.notice = null;
    const { title, text, model } = e.detail;
    try {
      const estimate = await ctx.client.estimate({ text, ...(title ? { title } : {}), ...(model ? { model } : {}) });
      wb.estimate = { ...estimate, text };
    } catch (error) {
      ctx.fail(error);
    }
  };

  /** "Append to this graph": the text extends the open document as its next revision. */
  append = async (e: Detail<ExtractRequest>) => {
    const { wb, ctx } = this;
    const info = ctx.doc.info;
    if (!ctx.client || !info) return;
    wb.notice = null;
    await wb.extraction.append(ctx.client, info.documentId, info.revision, e.detail);
  };

  /** "Extract selection as its own graph": the selected source text becomes a new document. */
  extractSelection = async (e: Detail<{ text: string }>) => {
    const { wb, ctx } = this;
    if (!ctx.client) return;
    const title = t(ctx.lang, 'selectionTitle', { title: ctx.doc.info?.title ?? '' }).slice(0, 200);
    wb.notice = null;
    await wb.extraction.submit(ctx.client, { title, text: e.detail.text, model: wb.extraction.model });
  };

  cancel = (e: Detail<{ taskId: string }>) => {
    if (this.ctx.client) void this.wb.extraction.cancel(this.ctx.client, e.detail.taskId);
  };

  /** A lost connection is said once, as a status line, and taken back when the feed is live again. */
  taskConnection(state: FeedConnection): void {
    const { wb } = this;
    if (state === 'reconnecting') {
      if (!wb.notice || wb.notice.info)
        wb.notice = { code: 'reconnecting', message: t(this.ctx.lang, 'reconnecting'), info: true };
    } else if (wb.notice?.code === 'reconnecting') {
      wb.notice = null;
    }
  }

  taskDone(task: TaskStatus): void {
    const { wb, ctx } = this;
    ctx.notify('kg-task-done', { task });
    if (ctx.client) void wb.history.refresh(ctx.client);
    if (task.status === 'succeeded') {
      wb.refs.inputPanel.value?.reset();
      // The input closes with its Extract button: focus goes to the result (issue 26), not to the page's body.
      void wb
        .openDocument(task.documentId)
        .then(() => wb.extraction.dismiss())
        .then(() => wb.updateComplete)
        .then(() => {
          // Only when the focus was lost with the input (the reader may have moved on meanwhile).
          const active = deepActiveElement();
          if (!active || active === document.body || active.localName === 'kg-workbench') wb.refs.result.value?.focus();
        });
    } else if (task.status === 'failed' && task.error) {
      ctx.notify('kg-error', { code: task.error.code, message: task.error.message });
    }
  }

  /** After a document (or a new revision of it) is shown. */
  async afterLoad(): Promise<void> {
    const { wb, ctx } = this;
    const active = ctx.doc.info?.activeTask;
    if (active && ctx.client && !wb.extraction.running && (active.status === 'queued' || active.status === 'running')) {
      wb.extraction.follow(ctx.client, active);
    }
    await this.loadInsights();
  }

  async loadInsights(): Promise<void> {
    const { wb } = this;
    const source = this.ctx.doc.source;
    if (!customElements.get('kg-insights-panel') || !source?.insights) return;
    try {
      wb.insightsData = await source.insights();
    } catch {
      // Insights are optional: a document without them still shows its graph.
      wb.insightsData = null;
    }
  }

  // ── Graph ──────────────────────────────────────────────────────────────────────────────────────────────────────

  nodeSelect = (e: Detail<{ nodeId: string }>) => this.selectNode(e.detail.nodeId, false);

  nodeActivate = (e: Detail<{ nodeId: string }>) => this.selectNode(e.detail.nodeId, true);

  private selectNode(nodeId: string, moveFocus: boolean) {
    const { wb, ctx } = this;
    if (moveFocus) this.returnFocus = deepActiveElement();
    const node = ctx.selection.selectNode(nodeId);
    wb.cardSide = this.sideAwayFrom(nodeId);
    ctx.notify('kg-node-select', { nodeId, node, units: [...ctx.selection.currentUnits] });
    if (moveFocus) void wb.updateComplete.then(() => wb.refs.detailCard.value?.focus());
  }

  /** The half of the graph pane that does not hold the node (uses the graph view's data-node-id hook). */
  private sideAwayFrom(nodeId: string): 'left' | 'right' {
    const pane = this.wb.refs.graphPane.value?.getBoundingClientRect();
    const node = this.wb.refs.graphView.value?.shadowRoot
      ?.querySelector(`[data-node-id="${CSS.escape(nodeId)}"]`)
      ?.getBoundingClientRect();
    if (!pane || !node) return 'right';
    return node.left + node.width / 2 > pane.left + pane.width / 2 ? 'left' : 'right';
  }

  dismiss = () => this.closeCard();

  edgeSelect = (e: Detail<{ edgeId: string }>) => {
    const edge = this.ctx.doc.graph?.edges.find((x) => x.id === e.detail.edgeId);
    if (edge) this.ctx.selection.selectEdge(edge);
  };

  layoutChange = (e: Detail<{ layout: LayoutAlgorithm }>) => this.wb.ui.set({ layout: e.detail.layout });

  closeCard = () => {
    this.ctx.selection.closeCard();
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back?.isConnected) back.focus();
  };

  onKeydown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.ctx.selection.card) {
      e.preventDefault();
      this.closeCard();
    }
  };

  // ── Source ─────────────────────────────────────────────────────────────────────────────────────────────────────

  unitClick = async (e: Detail<{ unit: number }>) => {
    await this.selectUnit(e.detail.unit);
  };

  /** A source unit chosen (clicked, or an agent trace's event): its nodes selected, loaded when outside the view. */
  selectUnit = async (n: number) => {
    const { wb, ctx } = this;
    const inView = new Set(ctx.doc.graph?.nodes.map((x) => x.id) ?? []);
    const ids = ctx.selection.selectUnit(n, inView);
    ctx.notify('kg-unit-select', { unit: n, nodeIds: ids });
    if (ids.length === 0) {
      wb.notice = { code: 'info', message: t(ctx.lang, 'noNodesForUnit', { n }), info: true };
    } else if (!ids.some((id) => inView.has(id))) {
      // Known from another view: load the subgraph around it so it can be shown.
      await ctx.doc.search(ids[0]);
      ctx.selection.selectUnit(n, new Set(ctx.doc.graph?.nodes.map((x) => x.id) ?? []));
    }
  };

  cardLocate = (e: Detail<{ units: number[] }>) => {
    const first = e.detail.units[0];
    if (first !== undefined) void this.ctx.panes.revealUnit(first);
  };

  diagnosticOpen = (e: Detail<{ nodeId: string }>) => this.ctx.selection.selectNode(e.detail.nodeId, { reveal: false });

  sourceError = (e: Detail<{ error: unknown }>) => this.ctx.fail(e.detail.error);

  imageOpen = (e: Detail<{ startParagraph: number }>) => void this.ctx.panes.revealUnit(e.detail.startParagraph);

  /** A detail card's "Question this node / relation": the trust tools open the question box on it. */
  cardQuestion = (e: Detail<{ kind: 'node' | 'edge'; id: string }>) => {
    const tools = this.wb.trustTools;
    // The tools' chunk may still be on its way: ask once the element is defined (and so upgraded).
    void customElements.whenDefined('kg-trust-tools').then(() => tools.questionAbout(e.detail.kind, e.detail.id));
  };

  issueMarks = (e: Detail<IssueMarks>) => {
    this.wb.issueMarks = e.detail;
  };

  // ── View: pages, search, sections, export ──────────────────────────────────────────────────────────────────────

  viewPage = (e: Detail<{ offset: number }>) => void this.ctx.doc.showWindow(e.detail.offset);

  viewQuery = async (e: Detail<{ q: string }>) => {
    const { wb, ctx } = this;
    const q = e.detail.q;
    await ctx.doc.search(q);
    // A node id finds exactly that node: select it and locate it in the source, as if clicked.
    if (q && ctx.doc.graph?.nodes.some((n) => n.id === q)) {
      this.selectNode(q, false);
      await wb.updateComplete;
      void ctx.panes.focusNodes([q]);
    }
  };

  viewSection = (e: Detail<{ sectionId: string | null }>) =>
    void this.ctx.doc
      .setSection(e.detail.sectionId)
      .then(() => this.wb.updateComplete)
      .then(() => this.wb.refs.graphView.value?.refit());

  viewUngrounded = (e: Detail<{ shown: boolean }>) => this.wb.ui.set({ ungroundedShown: e.detail.shown });
  viewMentions = (e: Detail<{ shown: boolean }>) => this.wb.ui.set({ mentionsShown: e.detail.shown });

  /** A narrow workbench's pane tabs; the graph refits to its new room when it is shown again. */
  showPane = (pane: Pane) => {
    this.wb.narrowPane = pane;
  };

  exportFile = async (e: Detail<{ format: ExportKind }>) => {
    const { wb, ctx } = this;
    const info = ctx.doc.info;
    const source = ctx.doc.source;
    if (!info || !source) return;
    wb.exporting = true;
    try {
      if (e.detail.format === 'png' || e.detail.format === 'svg') {
        // The whole drawn graph (the window or section shown) with the document title and a legend.
        const view = wb.refs.graphView.value;
        if (!view) return;
        const blob =
          e.detail.format === 'png'
            ? await view.toPng(2, { title: info.title })
            : await view.toSvg({ title: info.title });
        saveBlob(blob, exportFileName(info.title, info.revision, 'json').replace(/graph\.json$/, e.detail.format));
      } else {
        saveBlob(await source.exportFile(e.detail.format), exportFileName(info.title, info.revision, e.detail.format));
      }
    } catch (error) {
      ctx.fail(error);
    } finally {
      wb.exporting = false;
    }
  };

  // ── Sizes, insights ────────────────────────────────────────────────────────────────────────────────────────────

  splitMove = (e: Detail<{ phase: 'start' | 'move' | 'end'; delta: number }>) => {
    const { wb } = this;
    const width = wb.refs.panes.value?.getBoundingClientRect().width ?? 1;
    if (e.detail.phase === 'start') this.dragBase = wb.ui.value.split;
    const value = clampSplit(this.dragBase + e.detail.delta / Math.max(width, 1));
    if (e.detail.phase === 'end') {
      wb.liveSplit = null;
      wb.ui.set({ split: value });
      this.refit();
    } else wb.liveSplit = value;
  };

  heightMove = (e: Detail<{ phase: 'start' | 'move' | 'end'; delta: number }>) => {
    const { wb } = this;
    if (e.detail.phase === 'start') this.dragBase = wb.refs.panes.value?.getBoundingClientRect().height ?? 480;
    const value = clampHeight(this.dragBase + e.detail.delta);
    if (e.detail.phase === 'end') {
      wb.liveHeight = null;
      wb.ui.set({ height: value });
    } else wb.liveHeight = value;
  };

  toggleInsights = () => {
    this.wb.ui.set({ insightsOpen: !this.wb.ui.value.insightsOpen });
    this.refit();
  };

  /** After the graph pane changed size: fit the graph to its new room. */
  private refit() {
    void this.wb.updateComplete.then(() => requestAnimationFrame(() => this.wb.refs.graphView.value?.fit()));
  }

  /** A suggested question (the insights panel): it fills the ask box, which the reader then sends (issue 26). */
  insightQuestion = (e: Detail<{ question: string }>) => void this.wb.refs.askPanel.value?.fill(e.detail.question);

  insightSelect = (e: Detail<{ insightId: string; nodeIds: string[]; edgeIds: string[] }>) => {
    const { ctx } = this;
    const inView = new Set(ctx.doc.graph?.nodes.map((x) => x.id) ?? []);
    ctx.selection.selectEvidence(e.detail.nodeIds ?? [], e.detail.edgeIds ?? [], inView);
  };
}
