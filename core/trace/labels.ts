// How each kind of trace event reads in the serialised trace, in both languages. One line per event:
// `#<seq> <label>` then the event's text. The `#<seq>` prefix makes the trace text self-describing: the events,
// their order and their offsets can be read back from the canonical text alone (parse.ts), so a revision needs no
// side table, and an append knows the largest seq already in the graph.
import type { Lang } from '../i18n/lang';

export const TRACE_EVENT_TYPES = [
  'turn/start',
  'turn/end',
  'user/message',
  'assistant/message',
  'tool/call',
  'tool/result',
] as const;
export type TraceEventType = (typeof TRACE_EVENT_TYPES)[number];

/** Characters kept of each event's text before it is clipped with "…" (docs/contracts/traces.md#serialisation). */
export const TRACE_CLIP: Record<TraceEventType, number> = {
  'turn/start': 80,
  'turn/end': 120,
  'user/message': 400,
  'assistant/message': 600,
  'tool/call': 200,
  'tool/result': 400,
};

interface LabelSet {
  turnStart: (turn: string) => string;
  turnEnd: (turn: string, reason: string) => string;
  user: string;
  assistant: string;
  toolCall: (name: string) => string;
  toolResult: string;
}

export const TRACE_LABELS: Record<Lang, LabelSet> = {
  en: {
    turnStart: (turn) => `Turn ${turn} started`,
    turnEnd: (turn, reason) => (reason ? `Turn ${turn} ended (${reason})` : `Turn ${turn} ended`),
    user: 'User:',
    assistant: 'Assistant:',
    toolCall: (name) => `Tool call ${name}:`,
    toolResult: 'Tool result:',
  },
  zh: {
    turnStart: (turn) => `—— 回合 ${turn} 开始 ——`,
    turnEnd: (turn, reason) => (reason ? `—— 回合 ${turn} 结束（${reason}）——` : `—— 回合 ${turn} 结束 ——`),
    user: '用户消息：',
    assistant: 'AI 回复：',
    toolCall: (name) => `调用工具 ${name}：`,
    toolResult: '工具结果：',
  },
};

/** Recognises a serialised line's event type from its label (either language); null for any other line. */
export const LINE_PATTERNS: ReadonlyArray<{ type: TraceEventType; pattern: RegExp }> = [
  { type: 'turn/start', pattern: /^(?:Turn \S+ started|—— 回合 \S+ 开始 ——)/ },
  { type: 'turn/end', pattern: /^(?:Turn \S+ ended|—— 回合 \S+ 结束)/ },
  { type: 'user/message', pattern: /^(?:User:|用户消息：)/ },
  { type: 'assistant/message', pattern: /^(?:Assistant:|AI 回复：)/ },
  { type: 'tool/call', pattern: /^(?:Tool call [^:]*:|调用工具 [^：]*：)/ },
  { type: 'tool/result', pattern: /^(?:Tool result:|工具结果：)/ },
];

/** The `#<seq> ` that opens every event line. */
export const EVENT_HEAD = /^#(\d{1,16}) /;

/** Length of the `#<seq> <label>` prefix a unit starts with (0 when it does not start an event line). */
export function eventPrefixLength(text: string): number {
  const head = EVENT_HEAD.exec(text);
  if (!head) return 0;
  const rest = text.slice(head[0].length);
  for (const { pattern } of LINE_PATTERNS) {
    const label = pattern.exec(rest);
    if (label) return head[0].length + label[0].length + (/^[ \t]/.test(rest.slice(label[0].length)) ? 1 : 0);
  }
  return 0;
}
