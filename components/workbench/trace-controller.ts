// An agent trace in the workbench (issue 13): its events in place of the source paragraphs, navigation both ways
// (an event selects its nodes; a selected node marks its events), and live follow — while a trace is open, its
// revision is checked every few seconds and a grown trace is shown without a reload.
import type { ReactiveController } from 'lit';
import type { TraceEventSpan } from '../../core/trace';
import { emit } from '../shared/events/emit';
import type { KgWorkbench } from './workbench';

declare global {
  interface HTMLElementEventMap {
    'kg-trace-grew': CustomEvent<{ documentId: string; revision: number }>;
  }
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

  constructor(private readonly wb: KgWorkbench) {
    wb.addController(this);
  }

  get isTrace(): boolean {
    return this.wb.doc.info?.sourceKind === 'trace' && !!this.wb.doc.source?.traceEvents;
  }

  hostConnected(): void {
    this.timer = setInterval(() => void this.follow(), TRACE_FOLLOW_MS);
  }

  hostDisconnected(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  hostUpdated(): void {
    const info = this.wb.doc.info;
    if (!this.isTrace || !info) {
      if (this.events) {
        this.events = null;
        this.loadedKey = '';
        this.wb.requestUpdate();
      }
      return;
    }
    const key = `${info.documentId}@${info.revision}`;
    if (key === this.loadedKey || key === this.loading) return;
    this.loading = key;
    void this.wb.doc.source!.traceEvents!().then(
      (answer) => {
        if (this.loading !== key) return;
        this.events = answer.events;
        this.loadedKey = key;
        this.loading = '';
        this.wb.requestUpdate();
      },
      (error: unknown) => {
        this.loading = '';
        this.wb.fail(error);
      },
    );
  }

  /** An event was chosen: select the nodes of its units (the first unit with nodes leads). */
  select = async (e: CustomEvent<{ seq: number; firstUnit: number; lastUnit: number }>) => {
    const { firstUnit, lastUnit } = e.detail;
    const { doc, selection } = this.wb;
    let lead = firstUnit;
    for (let n = firstUnit; n <= lastUnit; n++) {
      if (doc.nodesOfUnit(n).length) {
        lead = n;
        break;
      }
    }
    await this.wb.handlers.unitClick(new CustomEvent('kg-source-unit-click', { detail: { unit: lead } }));
    // Every unit of the event is the current source, not only the one that led the selection.
    const units = new Set<number>();
    for (let n = firstUnit; n <= lastUnit; n++) units.add(n);
    selection.currentUnits = units;
    this.wb.requestUpdate();
  };

  /**
   * "Append new events": the host (an agent harness) gives the trace's events through `traceEventSource`; the server
   * keeps only those after the last seq in the graph, so the host may hand over its whole trace every time.
   */
  appendNew = async () => {
    const { wb } = this;
    const info = wb.doc.info;
    if (!wb.client || !info || !wb.traceEventSource) return;
    wb.notice = null;
    try {
      const events = await wb.traceEventSource();
      await wb.extraction.appendTraceEvents(wb.client, info.documentId, info.revision, events);
    } catch (error) {
      wb.fail(error);
    }
  };

  /** Live follow: a trace that grew (an agent appended events) is shown at its new revision. */
  private async follow(): Promise<void> {
    const { wb } = this;
    const info = wb.doc.info;
    if (!this.isTrace || !info || !wb.client || this.checking || wb.extraction.running) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    this.checking = true;
    try {
      const latest = await wb.client.document(info.documentId);
      if (latest.revision > info.revision && wb.doc.info?.documentId === info.documentId) {
        await wb.openDocument(info.documentId);
        emit(wb, 'kg-trace-grew', { documentId: info.documentId, revision: latest.revision });
      }
    } catch {
      // A missed check is retried at the next tick; a lasting failure shows on the reader's next action.
    } finally {
      this.checking = false;
    }
  }
}
