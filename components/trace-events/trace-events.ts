import { LitElement, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { eventPrefixLength } from '../../core/trace/labels';
import type { TraceEventSpan } from '../../core/trace';
import { emit } from '../shared/events/emit';
import { strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { traceEventsStyles } from './trace-events.styles';

declare global {
  interface HTMLElementTagNameMap {
    'kg-trace-events': KgTraceEvents;
  }
  interface HTMLElementEventMap {
    'kg-trace-event-select': CustomEvent<{ seq: number; firstUnit: number; lastUnit: number }>;
    'kg-trace-append': CustomEvent<Record<string, never>>;
  }
}

/**
 * @summary An agent trace, event by event (`data-seq="<n>"`), each with its kind badge (turn, user, reply, tool call,
 * tool result), in place of the source pane's paragraphs. Choosing an event selects its nodes; the events of the
 * selected node are marked current and scrolled into view.
 * @event kg-trace-event-select - An event was chosen `{ seq, firstUnit, lastUnit }`.
 * @event kg-trace-append - The reader asked to append the trace's new events (shown with `can-append`).
 * @csspart event - One trace event.
 */
export class KgTraceEvents extends LitElement {
  static override properties = {
    lang: { type: String },
    events: { attribute: false },
    currentUnits: { attribute: false },
    following: { type: Boolean },
    canAppend: { type: Boolean, attribute: 'can-append' },
    busy: { type: Boolean },
  };

  declare lang: Lang;
  declare events: readonly TraceEventSpan[];
  declare currentUnits: ReadonlySet<number>;
  /** Shows that new events of the trace will appear on their own. */
  declare following: boolean;
  /** Offers "Append new events" (the host gave the workbench a source of the trace's events). */
  declare canAppend: boolean;
  /** A task runs on the document: appending waits. */
  declare busy: boolean;

  static override styles = [controls, traceEventsStyles];

  constructor() {
    super();
    this.lang = 'en';
    this.events = [];
    this.currentUnits = new Set();
    this.following = false;
    this.canAppend = false;
    this.busy = false;
  }

  private isCurrent(e: TraceEventSpan): boolean {
    for (const n of this.currentUnits) if (n >= e.firstUnit && n <= e.lastUnit) return true;
    return false;
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (!changed.has('currentUnits') || this.currentUnits.size === 0) return;
    const first = this.renderRoot.querySelector('li[aria-current="true"]');
    first?.scrollIntoView({ block: 'nearest', behavior: 'auto' });
  }

  private choose(e: TraceEventSpan) {
    emit(this, 'kg-trace-event-select', { seq: e.seq, firstUnit: e.firstUnit, lastUnit: e.lastUnit });
  }

  override render() {
    const s = strings(this.lang).traceEvents;
    return html`<div class="head">
        <h2>${s.heading}</h2>
        ${this.following ? html`<span class="following" role="status">${s.following}</span>` : nothing}
        ${
          this.canAppend
            ? html`<button type="button" class="append" ?disabled=${this.busy} @click=${() => emit(this, 'kg-trace-append', {})}>${s.append}</button>`
            : nothing
        }
      </div>
      <div class="scroller">
        ${
          this.events.length === 0
            ? html`<p class="muted">${s.empty}</p>`
            : html`<ol aria-label=${s.list}>
              ${repeat(
                this.events,
                (e) => e.seq,
                (e) => {
                  const current = this.isCurrent(e);
                  // The `#seq label` prefix is shown as the badge and the number: the text shows the event's content.
                  const text = e.preview.slice(eventPrefixLength(e.preview)) || s.kinds[e.type];
                  return html`<li part="event" data-seq=${e.seq} data-kind=${e.type} aria-current=${current ? 'true' : 'false'}>
                    <button type="button" class="event" @click=${() => this.choose(e)}>
                      <span class="kind" data-kind=${e.type}>${s.kinds[e.type]}</span>
                      <span class="text">${text}</span>
                      <span class="seq">#${e.seq}</span>
                    </button>
                  </li>`;
                },
              )}
            </ol>`
        }
      </div>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-trace-events', KgTraceEvents);
