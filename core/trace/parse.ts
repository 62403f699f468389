// The trace text → its events, read back from the canonical text alone (labels.ts explains the `#seq` prefix):
// every blank-line-separated line that starts with `#<seq> ` and a known label. Units map to events by offset.
import type { ContentUnit } from '../schema/units';
import { EVENT_HEAD as HEAD, LINE_PATTERNS, type TraceEventType } from './labels';
import { TRACE_SEPARATOR, type TraceEventRef } from './serialize';

export function parseTrace(text: string): TraceEventRef[] {
  const refs: TraceEventRef[] = [];
  let start = 0;
  while (start <= text.length) {
    const next = text.indexOf(TRACE_SEPARATOR, start);
    const end = next === -1 ? text.length : next;
    const line = text.slice(start, end);
    const head = HEAD.exec(line);
    if (head) {
      const rest = line.slice(head[0].length);
      const type = LINE_PATTERNS.find((p) => p.pattern.test(rest))?.type;
      if (type) refs.push({ seq: Number(head[1]), type, start, end });
    }
    if (next === -1) break;
    start = next + TRACE_SEPARATOR.length;
  }
  return refs;
}

/** The largest seq in the trace (-1 for none): an append takes only events after it. */
export function lastSeq(refs: readonly TraceEventRef[]): number {
  let max = -1;
  for (const r of refs) if (r.seq > max) max = r.seq;
  return max;
}

/** Each unit's event: the one whose line contains the unit's start (units never span two lines of a trace). */
export function unitEvents(units: readonly ContentUnit[], refs: readonly TraceEventRef[]): Map<number, TraceEventRef> {
  const out = new Map<number, TraceEventRef>();
  let i = 0;
  for (const unit of units) {
    while (i < refs.length && refs[i].end <= unit.start) i++;
    const ref = refs[i];
    if (ref && ref.start <= unit.start && unit.start < ref.end) out.set(unit.n, ref);
  }
  return out;
}

/** Each unit's event type, read from the canonical trace text (what extractors need). */
export function unitEventTypes(units: readonly ContentUnit[], text: string): Map<number, TraceEventType> {
  const out = new Map<number, TraceEventType>();
  for (const [n, ref] of unitEvents(units, parseTrace(text))) out.set(n, ref.type);
  return out;
}

/** The language a trace text was serialised in (its labels), so appended events are labelled alike. */
export function traceTextLang(text: string): 'en' | 'zh' {
  return /^#\d+ (?:—— 回合|用户消息：|AI 回复：|调用工具 |工具结果：)/m.test(text) ? 'zh' : 'en';
}

export interface TraceEventSpan {
  seq: number;
  type: TraceEventType;
  /** Unit numbers the event's line was segmented into (inclusive). */
  firstUnit: number;
  lastUnit: number;
  /** The start of the event's line, for lists (at most 160 characters). */
  preview: string;
}

/** The trace's events with the units each one covers (the source pane's event list). */
export function eventSpans(text: string, units: readonly ContentUnit[]): TraceEventSpan[] {
  const refs = parseTrace(text);
  const byStart = new Map<number, TraceEventSpan>();
  for (const [n, ref] of unitEvents(units, refs)) {
    const span = byStart.get(ref.start);
    if (span) span.lastUnit = Math.max(span.lastUnit, n);
    else
      byStart.set(ref.start, {
        seq: ref.seq,
        type: ref.type,
        firstUnit: n,
        lastUnit: n,
        preview: text.slice(ref.start, Math.min(ref.end, ref.start + 160)),
      });
  }
  return [...byStart.values()].sort((a, b) => a.firstUnit - b.firstUnit);
}
