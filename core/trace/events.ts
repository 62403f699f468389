// Trace events as callers send them, in two shapes, normalised to one: the agent harness's `{ seq, type, data }`
// (text gathered from nested `content`) and a plain `{ seq, kind, text, ts? }`. Events of other harness types
// (progress, session bookkeeping) carry no content for a graph and are ignored, counted.
import { z } from 'zod';
import { stripControls, visibleOrEmpty } from '../text/well-formed';
import type { TraceEventType } from './labels';

export interface TraceEvent {
  seq: number;
  type: TraceEventType;
  /** The event's content, whitespace collapsed (not yet clipped). */
  text: string;
  /** tool/call: the tool's name; turn/*: the turn number; turn/end: the reason. */
  name?: string;
  turn?: string;
  reason?: string;
}

/** At most this many events in one request (a longer trace is sent in several appends). */
export const MAX_TRACE_EVENTS = 5_000;

const Seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const HarnessEvent = z.object({ seq: Seq, type: z.string().min(1).max(100), data: z.unknown().optional() });
const PlainEvent = z.object({
  seq: Seq,
  kind: z.enum(['user', 'assistant', 'tool_call', 'tool_result']),
  text: z.string(),
  name: z.string().max(200).optional(),
  ts: z.union([z.number(), z.string()]).optional(),
});
export const TraceEventInput = z.union([PlainEvent, HarnessEvent]);
export const TraceEventsInput = z.array(TraceEventInput).min(1).max(MAX_TRACE_EVENTS);
export type TraceEventInput = z.infer<typeof TraceEventInput>;

const PLAIN_TYPES: Record<string, TraceEventType> = {
  user: 'user/message',
  assistant: 'assistant/message',
  tool_call: 'tool/call',
  tool_result: 'tool/result',
};
const HARNESS_TYPES = new Set<string>([
  'turn/start',
  'turn/end',
  'user/message',
  'assistant/message',
  'tool/call',
  'tool/result',
]);

export interface NormalisedEvents {
  /** Distinct by seq (the first of each seq wins), in seq order. */
  events: TraceEvent[];
  /** Events of types that carry nothing for a graph. */
  ignored: number;
  /** Repeats of a seq within the request. */
  duplicates: number;
}

export function normaliseEvents(input: readonly TraceEventInput[]): NormalisedEvents {
  const bySeq = new Map<number, TraceEvent>();
  let ignored = 0;
  let duplicates = 0;
  for (const raw of input) {
    const event = 'kind' in raw ? fromPlain(raw) : fromHarness(raw);
    if (!event) {
      ignored++;
      continue;
    }
    if (bySeq.has(event.seq)) duplicates++;
    else bySeq.set(event.seq, event);
  }
  return { events: [...bySeq.values()].sort((a, b) => a.seq - b.seq), ignored, duplicates };
}

function fromPlain(raw: z.infer<typeof PlainEvent>): TraceEvent | null {
  const type = PLAIN_TYPES[raw.kind];
  const text = collapse(raw.text);
  if (type === 'tool/call') return { seq: raw.seq, type, text, name: label(raw.name ?? '') || 'tool' };
  return text ? { seq: raw.seq, type, text } : null;
}

function fromHarness(raw: z.infer<typeof HarnessEvent>): TraceEvent | null {
  if (!HARNESS_TYPES.has(raw.type)) return null;
  const type = raw.type as TraceEventType;
  const data = (raw.data ?? {}) as Record<string, unknown>;
  if (type === 'turn/start' || type === 'turn/end') {
    const turn = label(String(data.turn ?? data.index ?? data.turnIndex ?? '')) || String(raw.seq);
    return {
      seq: raw.seq,
      type,
      text: '',
      turn,
      ...(type === 'turn/end' ? { reason: label(String(data.reason ?? data.stopReason ?? '')) } : {}),
    };
  }
  if (type === 'tool/call') {
    const name = label(String(data.name ?? data.tool ?? data.toolName ?? '')) || 'tool';
    const args = data.arguments ?? data.args ?? data.input ?? data.parameters;
    const text = collapse(
      typeof args === 'string' ? args : args === undefined ? gatherText(data.content) : JSON.stringify(args),
    );
    return { seq: raw.seq, type, text, name };
  }
  const text = collapse(gatherText(data.content ?? data.text ?? data.output ?? data.result ?? data.message));
  return text ? { seq: raw.seq, type, text } : null;
}

/** Text gathered recursively from `content[].text` and nested `content` (and plain strings). */
export function gatherText(value: unknown, depth = 0): string {
  if (depth > 8 || value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value
      .map((v) => gatherText(v, depth + 1))
      .filter(Boolean)
      .join(' ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const own = typeof o.text === 'string' ? o.text : '';
    const nested = o.content === undefined ? '' : gatherText(o.content, depth + 1);
    return [own, nested].filter(Boolean).join(' ');
  }
  return '';
}

/**
 * Whitespace collapsed; text with nothing visible in it is empty (core/text/well-formed.ts), so such an event is
 * ignored like an empty one. Names, turns and reasons are labels: they keep no controls.
 */
const collapse = (s: string) => visibleOrEmpty(s.replace(/\s+/g, ' ').trim());
const label = (s: string) => collapse(stripControls(s));
