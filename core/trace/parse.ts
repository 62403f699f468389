// The trace text → its events, read back from the canonical text alone (labels.ts explains the `#seq` prefix):
// every blank-line-separated line that starts with `#<seq> ` and a known label. Units map to events by offset.
import type { ContentUnit } from '../schema/units';
import { LINE_PATTERNS } from './labels';
import { TRACE_SEPARATOR, type TraceEventRef } from './serialize';

const HEAD = /^#(\d{1,16}) /;

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
