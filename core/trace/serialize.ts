// Events → the canonical trace text (docs/contracts/traces.md#serialisation, with our `#seq` prefix): one line per event, joined by a
// blank line, each event's text clipped; events that no longer fit under the text limit are left out (counted).
import type { Lang } from '../i18n/lang';
import { APPEND_SEPARATOR } from '../units/append';
import type { TraceEvent } from './events';
import { TRACE_CLIP, TRACE_LABELS, type TraceEventType } from './labels';

/** Where an event sits in the trace text: text.slice(start, end) is its line. */
export interface TraceEventRef {
  seq: number;
  type: TraceEventType;
  start: number;
  end: number;
}

/** Events are separated by a blank line, the same separator an append joins texts with, so appended events continue the trace. */
export const TRACE_SEPARATOR = APPEND_SEPARATOR;

export interface SerialisedTrace {
  text: string;
  /** Offsets local to `text`. */
  events: TraceEventRef[];
  /** Events left out because the text would have passed `maxChars` (the ones after the first that did not fit). */
  skipped: number;
}

export function serializeTrace(events: readonly TraceEvent[], lang: Lang, maxChars: number): SerialisedTrace {
  const refs: TraceEventRef[] = [];
  let text = '';
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    let line = eventLine(event, lang);
    const start = text ? text.length + TRACE_SEPARATOR.length : 0;
    if (start + line.length > maxChars) {
      // An over-long first event is cut to fit; after that, the trace stops at the first event that does not fit.
      if (refs.length > 0 || maxChars - start < 40) return { text, events: refs, skipped: events.length - i };
      line = clip(line, maxChars - start - 1);
    }
    text = text ? text + TRACE_SEPARATOR + line : line;
    refs.push({ seq: event.seq, type: event.type, start, end: start + line.length });
  }
  return { text, events: refs, skipped: 0 };
}

export function eventLine(event: TraceEvent, lang: Lang): string {
  const labels = TRACE_LABELS[lang];
  const body = clip(event.text, TRACE_CLIP[event.type]);
  const labelled = (label: string) => (body ? `${label}${label.endsWith(':') ? ' ' : ''}${body}` : label);
  const head = `#${event.seq} `;
  switch (event.type) {
    case 'turn/start':
      return head + labels.turnStart(clip(event.turn ?? String(event.seq), TRACE_CLIP['turn/start']));
    case 'turn/end':
      return head + labels.turnEnd(clip(event.turn ?? String(event.seq), 40), clip(event.reason ?? '', 80));
    case 'user/message':
      return head + labelled(labels.user);
    case 'assistant/message':
      return head + labelled(labels.assistant);
    case 'tool/call':
      return head + labelled(labels.toolCall(clip(event.name ?? 'tool', 80)));
    case 'tool/result':
      return head + labelled(labels.toolResult);
  }
}

/** The trace's language: Chinese when Han characters make up a good share of its letters. */
export function traceLang(events: readonly TraceEvent[]): Lang {
  let han = 0;
  let latin = 0;
  for (const e of events) {
    for (const ch of e.text.slice(0, 2_000)) {
      if (/\p{Script=Han}/u.test(ch)) han++;
      else if (/[A-Za-z]/.test(ch)) latin++;
    }
  }
  return han > 0 && han * 3 >= latin ? 'zh' : 'en';
}

/** Cuts to at most `max` characters with "…", never inside a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = Math.max(0, max - 1);
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut)}…`;
}
