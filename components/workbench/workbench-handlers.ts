// What the workbench does when its parts speak: every event handler in one place, so workbench.ts reads as the
// element's outline. Handlers are arrow functions (bound once) so templates can pass them directly.
import type { TaskStatus } from '../../core/schema';
import type { FeedConnection } from '../shared/task-feed-controller';
import type { LayoutAlgorithm } from '../../core/layout/types';
import type { ExtractRequest } from '../input-panel/input-panel';
import type { ExportKind } from '../export-menu/export-menu';
import { saveBlob } from '../shared/download';
import { emit } from '../shared/events';
import { exportFileName } from '../../core/export/graph-export';
import { t } from '../shared/i18n';
import { clampHeight, clampSplit } from './ui-state';
import type { KgWorkbench } from './workbench';

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

  constructor(private readonly wb: KgWorkbench) {}

  // ── Header, history, input ─────────────────────────────────────────────────────────────────────────────────────

  toggleInput = () => (this.wb.inputOpen = !this.wb.inputOpen || !this.wb.doc.info);

  toggleHistory = () => {
    this.wb.history.toggle();
    if (this.wb.history.open && this.wb.client) void this.wb.history.refresh(this.wb.client);
  };

  switchLanguage = () => (this.wb.lang = this.wb.uiLang === 'zh' ? 'en' : 'zh');

  openFromHistory = (e: Detail<{ documentId: string }>) => {
    this.wb.history.open = false;
    void this.wb.openDocument(e.detail.documentId);
  };

  deleteFromHistory = (e: Detail<{ documentId: string }>) => this.remove([e.detail.documentId]);

  clearHistory = (e: Detail<{ documentIds: string[] }>) => this.remove(e.detail.documentIds);

  private async remove(ids: string[]) {
    const { wb } = this;
    if (!wb.client) return;
    await wb.history.remove(wb.client, ids);
    const current = wb.doc.info?.documentId;
    if (current && ids.includes(current)) {
      wb.doc.close();
      wb.selection.clear();
      wb.ui.set({ lastDocumentId: '' });
      wb.inputOpen = true;
    }
  }

  pickModel = (e: Detail<{ model: string }>) => this.wb.ui.set({ model: e.detail.model });

  extract = async (e: Detail<ExtractRequest>) => {
    const { wb } = this;
    if (!wb.client) return;
    wb.notice = null;
    await wb.extraction.submit(wb.client, e.detail);
  };

  /** "Append to this graph": the text extends the open document as its next revision. */
  append = async (e: Detail<ExtractRequest>) => {
    const { wb } = this;
    const info = wb.doc.info;
    if (!wb.client || !info) return;
    wb.notice = null;
    await wb.extraction.append(wb.client, info.documentId, info.revision, e.detail);
  };

  /** "Extract selection as its own graph": the selected source text becomes a new document. */
  extractSelection = async (e: Detail<{ text: string }>) => {
    const { wb } = this;
    if (!wb.client) return;
    const title = t(wb.uiLang, 'selectionTitle', { title: wb.doc.info?.title ?? '' }).slice(0, 200);
    wb.notice = null;
    await wb.extraction.submit(wb.client, { title, text: e.detail.text, model: wb.extraction.model });
  };

  cancel = (e: Detail<{ taskId: string }>) => {
    if (this.wb.client) void this.wb.extraction.cancel(this.wb.client, e.detail.taskId);
  };

  /** A lost connection is said once, as a status line, and taken back when the feed is live again. */
  taskConnection(state: FeedConnection): void {
    const { wb } = this;
    if (state === 'reconnecting') {
      if (!wb.notice || wb.notice.info)
        wb.notice = { code: 'reconnecting', message: t(wb.uiLang, 'reconnecting'), info: true };
    } else if (wb.notice?.code === 'reconnecting') {
      wb.notice = null;
    }
  }

  taskDone(task: TaskStatus): void {
    const { wb } = this;
    emit(wb, 'kg-task-done', { task });
    if (wb.client) void wb.history.refresh(wb.client);
    if (task.status === 'succeeded') {
      wb.inputPanel?.reset();
      void wb.openDocument(task.documentId).then(() => wb.extraction.dismiss());
    } else if (task.status === 'failed' && task.error) {
      emit(wb, 'kg-error', { code: task.error.code, message: task.error.message });
    }
  }

  /** After a document (or a new revision of it) is shown. */
  async afterLoad(): Promise<void> {
    const { wb } = this;
    const active = wb.doc.info?.activeTask;
    if (active && wb.client && !wb.extraction.running && (active.status === 'queued' || active.status === 'running')) {
      wb.extraction.follow(wb.client, active);
    }
    await this.loadInsights();
  }

  async loadInsights(): Promise<void> {
    const { wb } = this;
    const source = wb.doc.source;
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
    const { wb } = this;
    if (moveFocus) this.returnFocus = deepActiveElement();
    const node = wb.selection.selectNode(nodeId);
    wb.cardSide = this.sideAwayFrom(nodeId);
    emit(wb, 'kg-node-select', { nodeId, node, units: [...wb.selection.currentUnits] });
    if (moveFocus) void wb.updateComplete.then(() => wb.renderRoot.querySelector('kg-detail-card')?.focus());
  }

  /** The half of the graph pane that does not hold the node (uses the graph view's data-node-id hook). */
  private sideAwayFrom(nodeId: string): 'left' | 'right' {
    const pane = this.wb.renderRoot.querySelector('.graph-pane')?.getBoundingClientRect();
    const node = this.wb.graphView?.shadowRoot
      ?.querySelector(`[data-node-id="${CSS.escape(nodeId)}"]`)
      ?.getBoundingClientRect();
    if (!pane || !node) return 'right';
    return node.left + node.width / 2 > pane.left + pane.width / 2 ? 'left' : 'right';
  }

  dismiss = () => this.closeCard();

  edgeSelect = (e: Detail<{ edgeId: string }>) => {
    const edge = this.wb.doc.graph?.edges.find((x) => x.id === e.detail.edgeId);
    if (edge) this.wb.selection.selectEdge(edge);
  };

  layoutChange = (e: Detail<{ layout: LayoutAlgorithm }>) => this.wb.ui.set({ layout: e.detail.layout });

  closeCard = () => {
    this.wb.selection.closeCard();
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back?.isConnected) back.focus();
  };

  onKeydown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.wb.selection.card) {
      e.preventDefault();
      this.closeCard();
    }
  };

  // ── Source ─────────────────────────────────────────────────────────────────────────────────────────────────────

  unitClick = async (e: Detail<{ unit: number }>) => {
    const { wb } = this;
    const n = e.detail.unit;
    const inView = new Set(wb.doc.graph?.nodes.map((x) => x.id) ?? []);
    const ids = wb.selection.selectUnit(n, inView);
    emit(wb, 'kg-unit-select', { unit: n, nodeIds: ids });
    if (ids.length === 0) {
      wb.notice = { code: 'info', message: t(wb.uiLang, 'noNodesForUnit', { n }), info: true };
    } else if (!ids.some((id) => inView.has(id))) {
      // Known from another view: load the subgraph around it so it can be shown.
      await wb.doc.search(ids[0]);
      wb.selection.selectUnit(n, new Set(wb.doc.graph?.nodes.map((x) => x.id) ?? []));
    }
  };

  cardLocate = (e: Detail<{ units: number[] }>) => {
    const first = e.detail.units[0];
    if (first !== undefined) void this.wb.sourcePane?.reveal(first);
  };

  diagnosticOpen = (e: Detail<{ nodeId: string }>) => this.wb.selection.selectNode(e.detail.nodeId, { reveal: false });

  sourceError = (e: Detail<{ error: unknown }>) => this.wb.fail(e.detail.error);

  // ── View: pages, search, sections, export ──────────────────────────────────────────────────────────────────────

  viewPage = (e: Detail<{ offset: number }>) => void this.wb.doc.showWindow(e.detail.offset);

  viewQuery = async (e: Detail<{ q: string }>) => {
    const { wb } = this;
    const q = e.detail.q;
    await wb.doc.search(q);
    // A node id finds exactly that node: select it and locate it in the source, as if clicked.
    if (q && wb.doc.graph?.nodes.some((n) => n.id === q)) {
      this.selectNode(q, false);
      await wb.updateComplete;
      void wb.graphView?.focusNodes([q], { flash: true });
    }
  };

  viewSection = (e: Detail<{ sectionId: string | null }>) => void this.wb.doc.setSection(e.detail.sectionId);

  viewUngrounded = (e: Detail<{ shown: boolean }>) => this.wb.ui.set({ ungroundedShown: e.detail.shown });

  /** A narrow workbench's pane tabs; the graph refits to its new room when it is shown again. */
  showPane = (pane: 'source' | 'graph' | 'insights') => {
    this.wb.narrowPane = pane;
  };

  exportFile = async (e: Detail<{ format: ExportKind }>) => {
    const { wb } = this;
    const info = wb.doc.info;
    const source = wb.doc.source;
    if (!info || !source) return;
    wb.exporting = true;
    try {
      if (e.detail.format === 'png' || e.detail.format === 'svg') {
        // The whole drawn graph (the window or section shown) with the document title and a legend.
        const view = wb.graphView;
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
      wb.fail(error);
    } finally {
      wb.exporting = false;
    }
  };

  // ── Sizes, insights ────────────────────────────────────────────────────────────────────────────────────────────

  splitMove = (e: Detail<{ phase: 'start' | 'move' | 'end'; delta: number }>) => {
    const { wb } = this;
    const width = wb.renderRoot.querySelector('.panes')?.getBoundingClientRect().width ?? 1;
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
    if (e.detail.phase === 'start')
      this.dragBase = wb.renderRoot.querySelector('.panes')?.getBoundingClientRect().height ?? 480;
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
    void this.wb.updateComplete.then(() => requestAnimationFrame(() => this.wb.graphView?.fit()));
  }

  insightSelect = (e: Detail<{ insightId: string; nodeIds: string[]; edgeIds: string[] }>) => {
    const { wb } = this;
    const inView = new Set(wb.doc.graph?.nodes.map((x) => x.id) ?? []);
    wb.selection.selectEvidence(e.detail.nodeIds ?? [], e.detail.edgeIds ?? [], inView);
  };
}
