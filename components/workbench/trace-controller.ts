// An agent trace in the workbench (issue 13): its events in place of the source paragraphs, navigation both ways
// (an event selects its nodes; a selected node marks its events), and live follow — while a trace is open, its
// revision is checked every few seconds and a grown trace is shown without a reload.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TraceEventSpan } from '../../core/trace';
import type { WorkbenchContext } from './context';

declare global {
  interface HTMLElementEventMap {
    'kg-trace-grew': CustomEvent<{ documentId: string; revision: number }>;
  }
}

/** What following a trace needs of the workbench beyond its context. */
export interface TraceDeps {
  /** Unit `n` chosen as if clicked in the source pane (its nodes selected; loaded when outside the view). */
  selectUnit(n: number): Promise<void>;
  /** The harness's event source (`traceEventSource`), or null. */
  eventSource(): (() => unknown[] | Promise<unknown[]>) | null;
  /** Sends events to the open trace as an append task. */
  appendEvents(events: unknown[]): Promise<boolean>;
  /** A task runs here: live follow waits for it. */
  busy(): boolean;
  /** Shows the document again, at its newest revision. */
  reopen(documentId: string): Promise<void>;
}

/** How often an open trace looks for new revisions (only while the page is visible and nothing runs here). */
export const TRACE_FOLLOW_MS = 3_000;

export class TraceController implements ReactiveController {
  events: TraceEventSpan[] | null = null;
  /** documentId@revision the events belong to. */
  private loadedKey = '';
  private loading = '';
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;
  /** The trace seen growing while open here: something is feeding it, so the pane may say it follows. */
  private grewDoc = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: WorkbenchContext,
    private readonly deps: TraceDeps,
  ) {
    host.addController(this);
  }

  /**
   * Does anything feed this trace? A harness's event source, or growth seen while it was open. A trace opened from a
   * file, or one nobody appends to, is not "followed": the pane says so only while it is true.
   */
  live(hasEventSource: boolean): boolean {
    return hasEventSource || (this.grewDoc !== '' && this.grewDoc === this.ctx.doc.info?.documentId);
  }

  get isTrace(): boolean {
    return this.ctx.doc.info?.sourceKind === 'trace' && !!this.ctx.doc.source?.traceEvents;
  }

  hostConnected(): void {
    this.timer = setInterval(() => void this.follow(), TRACE_FOLLOW_MS);
  }

  hostDisconnected(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  hostUpdated(): void {
    const info = this.ctx.doc.info;
    if (!this.isTrace || !info) {
      if (this.events) {
        this.events = null;
        this.loadedKey = '';
        this.host.requestUpdate();
      }
      return;
    }
    const key = `${info.documentId}@${info.revision}`;
    if (key === this.loadedKey || key === this.loading) return;
    this.loading = key;
    void this.ctx.doc.source!.traceEvents!().then(
      (answer) => {
        if (this.loading !== key) return;
        this.events = answer.events;
        this.loadedKey = key;
        this.loading = '';
        this.host.requestUpdate();
      },
      (error: unknown) => {
        this.loading = '';
        this.ctx.fail(error);
      },
    );
  }

  /** An event was chosen: select the nodes of its units (the first unit with nodes leads). */
  select = async (e: CustomEvent<{ seq: number; firstUnit: number; lastUnit: number }>) => {
    const { firstUnit, lastUnit } = e.detail;
    const { doc, selection } = this.ctx;
    let lead = firstUnit;
    for (let n = firstUnit; n <= lastUnit; n++) {
      if (doc.nodesOfUnit(n).length) {
        lead = n;
        break;
      }
    }
    await this.deps.selectUnit(lead);
    // Every unit of the event is the current source, not only the one that led the selection.
    const units = new Set<number>();
    for (let n = firstUnit; n <= lastUnit; n++) units.add(n);
    selection.currentUnits = units;
    this.host.requestUpdate();
  };

  /**
   * "Append new events": the host (an agent harness) gives the trace's events through `traceEventSource`; the server
   * keeps only those after the last seq in the graph, so the host may hand over its whole trace every time.
   */
  appendNew = async () => {
    const source = this.deps.eventSource();
    if (!this.ctx.client || !this.ctx.doc.info || !source) return;
    try {
      await this.deps.appendEvents(await source());
    } catch (error) {
      this.ctx.fail(error);
    }
  };

  /** Live follow: a trace that grew (an agent appended events) is shown at its new revision. */
  private async follow(): Promise<void> {
    const { ctx } = this;
    const info = ctx.doc.info;
    if (!this.isTrace || !info || !ctx.client || this.checking || this.deps.busy()) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    this.checking = true;
    try {
      const latest = await ctx.client.document(info.documentId);
      if (latest.revision > info.revision && ctx.doc.info?.documentId === info.documentId) {
        this.grewDoc = info.documentId;
        await this.deps.reopen(info.documentId);
        ctx.notify('kg-trace-grew', { documentId: info.documentId, revision: latest.revision });
      }
    } catch {
      // A missed check is retried at the next tick; a lasting failure shows on the reader's next action.
    } finally {
      this.checking = false;
    }
  }
}
