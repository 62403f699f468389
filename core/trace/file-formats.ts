// A trace file as people have one, turned into the trace events the API takes (events.ts): OpenAI chat messages
// (`role`, `content`, `tool_calls`, `role: "tool"` results), Anthropic messages (content blocks `text`, `tool_use`,
// `tool_result`), or the product's own event list — each as one JSON document (an array, or an object holding
// `messages` or `events`) or as JSON Lines (one message or event per line). The format is read from the content, not
// the file name. System prompts and reasoning blocks are not part of what the agent did and are left out, counted.
import { KgError } from '../errors';
import type { TraceEventInput } from './events';

export type TraceFileFormat = 'openai' | 'anthropic' | 'events';

export interface TraceFile {
  format: TraceFileFormat;
  events: TraceEventInput[];
  /** Messages or blocks left out: system prompts, reasoning, images. */
  skipped: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file's records: one JSON document's messages or events, or one per line of JSON Lines. */
function records(text: string): unknown[] {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw fileError('The trace file is empty.', '轨迹文件是空的。');
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch {
    whole = undefined;
  }
  if (whole !== undefined) {
    if (Array.isArray(whole)) return whole;
    if (isObject(whole)) {
      for (const key of ['messages', 'events', 'conversation', 'trace'] as const)
        if (Array.isArray(whole[key])) return whole[key] as unknown[];
      return [whole];
    }
    throw notRead();
  }
  const out: unknown[] = [];
  trimmed.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    try {
      out.push(JSON.parse(line));
    } catch {
      throw fileError(
        `The trace file is neither JSON nor JSON Lines: line ${i + 1} is not JSON.`,
        `轨迹文件既不是 JSON 也不是 JSON Lines：第 ${i + 1} 行不是 JSON。`,
      );
    }
  });
  return out;
}

const blocksOf = (content: unknown): Json[] => (Array.isArray(content) ? content.filter(isObject) : []);

function detect(list: readonly unknown[]): TraceFileFormat | null {
  const objects = list.filter(isObject);
  if (objects.length === 0) return null;
  if (objects.some((r) => typeof r.seq === 'number' && ('kind' in r || 'type' in r))) return 'events';
  if (!objects.some((r) => typeof r.role === 'string')) return null;
  const anthropic = objects.some((r) =>
    blocksOf(r.content).some((b) => b.type === 'tool_use' || b.type === 'tool_result' || b.type === 'thinking'),
  );
  return anthropic ? 'anthropic' : 'openai';
}

/** Text of a content value: a string, or the text parts of a list (`text`, `input_text`, `output_text`). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return blocksOf(content)
    .filter((b) => typeof b.text === 'string' && (b.type === undefined || /text$/.test(String(b.type))))
    .map((b) => b.text as string)
    .join('\n');
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

export function traceEventsFromFile(text: string): TraceFile {
  const list = records(text);
  const format = detect(list);
  if (!format) throw notRead();
  if (format === 'events') return { format, events: list.filter(isObject) as TraceEventInput[], skipped: 0 };
  const events: TraceEventInput[] = [];
  let skipped = 0;
  const push = (kind: 'user' | 'assistant' | 'tool_call' | 'tool_result', body: string, name?: string) =>
    events.push({ seq: events.length + 1, kind, text: body, ...(name ? { name: name.slice(0, 200) } : {}) });
  for (const r of list) {
    if (!isObject(r) || typeof r.role !== 'string') {
      skipped++;
      continue;
    }
    const role = r.role;
    if (role === 'system' || role === 'developer') {
      skipped++;
      continue;
    }
    if (format === 'openai') {
      if (role === 'tool' || role === 'function') push('tool_result', textOf(r.content), asText(r.name) || undefined);
      else if (role === 'user') push('user', textOf(r.content));
      else if (role === 'assistant') {
        const said = textOf(r.content);
        if (said.trim()) push('assistant', said);
        for (const call of Array.isArray(r.tool_calls) ? r.tool_calls.filter(isObject) : []) {
          const fn = isObject(call.function) ? call.function : {};
          push('tool_call', asText(fn.arguments), asText(fn.name) || 'tool');
        }
      } else skipped++;
      continue;
    }
    // Anthropic: a message's blocks in order; a plain string content is one text block.
    const blocks = typeof r.content === 'string' ? [{ type: 'text', text: r.content }] : blocksOf(r.content);
    for (const b of blocks) {
      if (b.type === 'text') push(role === 'assistant' ? 'assistant' : 'user', asText(b.text));
      else if (b.type === 'tool_use') push('tool_call', asText(b.input), asText(b.name) || 'tool');
      else if (b.type === 'tool_result')
        push('tool_result', `${b.is_error === true ? '[error] ' : ''}${textOf(b.content)}`);
      else skipped++;
    }
  }
  if (events.length === 0) throw notRead();
  return { format, events, skipped };
}

function fileError(en: string, zh: string): KgError {
  return new KgError('invalid_input', { en, zh });
}

function notRead(): KgError {
  return fileError(
    'The trace file holds no messages or events this reader knows: OpenAI chat messages, Anthropic messages or kg-workbench trace events, as JSON or JSON Lines.',
    '轨迹文件中没有可识别的消息或事件：支持 OpenAI 聊天消息、Anthropic 消息或 kg-workbench 轨迹事件（JSON 或 JSON Lines）。',
  );
}
