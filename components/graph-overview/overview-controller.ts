// The workbench side of the whole-document overview (issue 16): the "Overview / 全局" toggle in the graph pane of a
// document larger than one view window, the overview element (loaded with a dynamic import() on first use, so it
// is not part of the first load), its data by revision (GET …/overview, kept while the revision stands), label
// texts on demand, and the two hand-overs: the detailed view's `zoom-out-limit` shows the overview around the nodes
// that were on screen, and the overview's `overview-focus` loads exactly its nodes (GET …/overview/nodes) as the
// detailed view.
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { OverviewData, OverviewLabels } from '../../core/layout/overview-data';
import type { KgEdge, KgNode } from '../../core/schema';
import type { ApiClient } from '../shared/api-client';
import { strings, type Lang } from '../shared/i18n';
import type { GraphOverview, OverviewFocusDetail } from './graph-overview.component';

/** What the controller needs of the workbench. */
export interface OverviewDeps {
  client: () => ApiClient | null;
  /** The open document: its id, revision and size, and whether it comes from the API. */
  document: () => { documentId: string; revision: number; nodeCount: number } | null;
  apiMode: () => boolean;
  /** Node ids shown in the detailed view now (the overview centres on them when it takes over). */
  shownIds: () => string[];
  /** Shows exactly these nodes in the detailed view. */
  showRegion: (nodes: KgNode[], edges: KgEdge[]) => void;
  select: (nodeId: string) => void;
  fail: (error: unknown) => void;
}

export interface OverviewMarks {
  selectedIds: readonly string[];
  hitIds: readonly string[];
  insightIds: readonly string[];
}

const path = (documentId: string, rest = '') => `/api/documents/${encodeURIComponent(documentId)}/overview${rest}`;

export class OverviewController implements ReactiveController {
  shown = false;
  data: OverviewData | null = null;
  loading = false;
  private abort: AbortController | null = null;
  /** The overview element this controller renders (its own markup, marked with `ref`). */
  private readonly overview = createRef<GraphOverview>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly deps: OverviewDeps,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.abort?.abort();
  }

  /** Whether the document is larger than one window (and served by the API, which computes the overview). */
  get available(): boolean {
    const doc = this.deps.document();
    return !!doc && this.deps.apiMode() && doc.nodeCount > GRAPH_VIEW_LIMIT;
  }

  private get element(): GraphOverview | null {
    return this.overview.value ?? null;
  }

  /** The toggle's two places: in the graph view's toolbar (slot `toolbar`) while the detailed view shows, and over
   * the overview while it shows. */
  private readonly toolbarToggle = createRef<HTMLButtonElement>();
  private readonly overlayToggle = createRef<HTMLButtonElement>();

  toggle = async () => {
    if (this.shown) this.hide();
    else void this.show();
    // The pressed button moved to its other place: the focus follows it.
    await this.host.updateComplete;
    (this.shown ? this.overlayToggle : this.toolbarToggle).value?.focus();
  };

  hide(): void {
    this.shown = false;
    this.host.requestUpdate();
  }

  /** Shows the overview, around `aroundIds` when given. */
  async show(aroundIds: readonly string[] = []): Promise<void> {
    const doc = this.deps.document();
    const client = this.deps.client();
    if (!doc || !client || !this.available) return;
    this.shown = true;
    this.host.requestUpdate();
    try {
      await import('./graph-overview');
      if (!this.data || this.data.documentId !== doc.documentId || this.data.revision !== doc.revision) {
        this.abort?.abort();
        const abort = new AbortController();
        this.abort = abort;
        this.loading = true;
        this.host.requestUpdate();
        this.data = await client.getJson<OverviewData>(path(doc.documentId), abort.signal);
      }
    } catch (error) {
      this.shown = false;
      this.deps.fail(error);
    } finally {
      this.loading = false;
      this.host.requestUpdate();
    }
    if (!this.shown || !aroundIds.length) return;
    await this.host.updateComplete;
    const el = this.element;
    if (el) {
      await el.updateComplete;
      el.showAround(aroundIds);
    }
  }

  /** The detailed view was zoomed out past its floor: the overview takes over around what was on screen. */
  onZoomOutLimit = () => {
    if (this.available && !this.shown) void this.show(this.deps.shownIds());
  };

  private labelSource = async (ords: number[]): Promise<Record<string, string>> => {
    const client = this.deps.client();
    const data = this.data;
    if (!client || !data) return {};
    const answer = await client.getJson<OverviewLabels>(
      path(data.documentId, `/labels?revision=${data.revision}&ords=${ords.join(',')}`),
    );
    return answer.texts;
  };

  private onFocus = async (event: CustomEvent<OverviewFocusDetail>) => {
    const client = this.deps.client();
    const data = this.data;
    const el = this.element;
    if (!client || !data || !el?.model) return;
    const model = el.model;
    const ords = event.detail.nodeIds.map((id) => model.indexOf(id)).filter((i) => i >= 0);
    try {
      const answer = await client.getJson<{ nodes: KgNode[]; edges: KgEdge[] }>(
        path(data.documentId, `/nodes?revision=${data.revision}&ords=${ords.join(',')}`),
      );
      this.deps.showRegion(answer.nodes, answer.edges);
      this.shown = false;
      this.host.requestUpdate();
      if (event.detail.selectedId) this.deps.select(event.detail.selectedId);
    } catch (error) {
      this.deps.fail(error);
    }
  };

  /** The "Overview" toggle as a child of the graph view, placed in its toolbar after the layout menu (slot
   * `toolbar`): the toolbar lays it out beside the menu and wraps on a narrow pane, so it never covers the menu
   * (issue 26; it used to float over the pane's corner, on the menu). Nothing while the overview shows. */
  renderToolbarToggle(lang: Lang) {
    if (!this.available || this.shown) return nothing;
    const s = strings(lang).overview;
    return html`<button type="button" slot="toolbar" class="overview-toggle" aria-pressed="false" title=${s.toggleTitle}
      ${ref(this.toolbarToggle)} @click=${this.toggle}>${s.toggle}</button>`;
  }

  /** While shown: the overview over the graph pane, with the toggle back to the detailed view in its corner. */
  render(lang: Lang, marks: OverviewMarks, theme: string | null) {
    if (!this.available || !this.shown) return nothing;
    const s = strings(lang).overview;
    const toggle = html`<button type="button" class="overview-toggle" aria-pressed="true" title=${s.toggleTitle}
      style="position:absolute;top:.4rem;right:.4rem;z-index:7" ${ref(this.overlayToggle)} @click=${this.toggle}>${s.detail}</button>`;
    return html`${toggle}
      <div style="position:absolute;inset:0;z-index:6;background:var(--kg-bg,#fff)">
        ${
          this.data && !this.loading
            ? html`<kg-graph-overview ${ref(this.overview)} style="position:absolute;inset:0" ui-lang=${lang} theme=${theme ?? ''} .data=${this.data}
              .selectedIds=${marks.selectedIds} .hitIds=${marks.hitIds} .insightIds=${marks.insightIds} .labelSource=${this.labelSource}
              @overview-focus=${this.onFocus}></kg-graph-overview>`
            : html`<p class="muted" role="status">${s.loading}</p>`
        }
      </div>`;
  }
}
