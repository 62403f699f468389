import { describe, expect, it } from 'vitest';
import { segment } from '../units';
import { combineTexts } from '../units/append';
import {
  lastSeq,
  normaliseEvents,
  parseTrace,
  serializeTrace,
  traceLang,
  unitEvents,
  type TraceEventInput,
} from './index';

const harness: TraceEventInput[] = [
  { seq: 1, type: 'turn/start', data: { turn: 1 } },
  { seq: 2, type: 'user/message', data: { content: [{ type: 'text', text: 'Why does   the build fail?' }] } },
  { seq: 3, type: 'tool/call', data: { name: 'bash', arguments: { command: 'npm test' } } },
  {
    seq: 4,
    type: 'tool/result',
    data: { content: [{ type: 'text', text: 'Error: cannot find module zod.' }, { content: [{ text: 'exit 1' }] }] },
  },
  { seq: 5, type: 'assistant/message', data: { content: 'The module is missing, so the install step did not run.' } },
  { seq: 6, type: 'tool/progress', data: { pct: 50 } },
  { seq: 7, type: 'turn/end', data: { turn: 1, reason: 'done' } },
];

describe('trace events', () => {
  it('gathers nested content, collapses whitespace, ignores contentless types and keeps the first of a repeated seq', () => {
    const { events, ignored, duplicates } = normaliseEvents([...harness, { seq: 2, kind: 'user', text: 'replayed' }]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(ignored).toBe(1);
    expect(duplicates).toBe(1);
    expect(events[1].text).toBe('Why does the build fail?');
    expect(events[2]).toMatchObject({ type: 'tool/call', name: 'bash', text: '{"command":"npm test"}' });
    expect(events[3].text).toBe('Error: cannot find module zod. exit 1');
  });

  it('serialises one line per event with its seq, and reads the same events back from the text alone', () => {
    const { events } = normaliseEvents(harness);
    const trace = serializeTrace(events, 'en', 1_000_000);
    expect(trace.text.split('\n\n')).toEqual([
      '#1 Turn 1 started',
      '#2 User: Why does the build fail?',
      '#3 Tool call bash: {"command":"npm test"}',
      '#4 Tool result: Error: cannot find module zod. exit 1',
      '#5 Assistant: The module is missing, so the install step did not run.',
      '#7 Turn 1 ended (done)',
    ]);
    expect(parseTrace(trace.text)).toEqual(trace.events);
    for (const ref of trace.events) expect(trace.text.slice(ref.start, ref.end).startsWith(`#${ref.seq} `)).toBe(true);
    expect(lastSeq(trace.events)).toBe(7);
  });

  it('counts an event whose text has nothing visible as empty (ignored), and keeps no controls in names', () => {
    const { events, ignored } = normaliseEvents([
      { seq: 1, kind: 'user', text: '\u200B\u202E\uFEFF\u0000' },
      { seq: 2, type: 'assistant/message', data: { content: [{ type: 'text', text: '\u2060 \u200D' }] } },
      { seq: 3, kind: 'tool_call', text: 'ls', name: 'ba\u0000sh\u202E' },
      { seq: 4, kind: 'assistant', text: 'Visible.' },
    ]);
    expect(ignored).toBe(2);
    expect(events.map((e) => [e.seq, e.text, e.name])).toEqual([
      [3, 'ls', 'bash'],
      [4, 'Visible.', undefined],
    ]);
  });

  it('clips each kind at its limit and stops at the first event that no longer fits', () => {
    const long = 'x'.repeat(5_000);
    const { events } = normaliseEvents([
      { seq: 1, kind: 'user', text: long },
      { seq: 2, kind: 'assistant', text: long },
      { seq: 3, kind: 'tool_result', text: long },
    ]);
    const all = serializeTrace(events, 'en', 1_000_000);
    const lines = all.text.split('\n\n');
    expect(lines[0]).toBe(`#1 User: ${'x'.repeat(399)}…`);
    expect(lines[1]).toBe(`#2 Assistant: ${'x'.repeat(599)}…`);
    const capped = serializeTrace(events, 'en', 900);
    expect(capped.events.map((e) => e.seq)).toEqual([1]);
    expect(capped.skipped).toBe(2);
    expect(capped.text.length).toBeLessThanOrEqual(900);
  });

  it('labels Chinese traces in Chinese and parses both languages', () => {
    const { events } = normaliseEvents([
      { seq: 10, kind: 'user', text: '为什么构建失败？' },
      { seq: 11, kind: 'tool_result', text: '错误：找不到模块。' },
      { seq: 12, kind: 'assistant', text: '因此需要重新安装依赖。' },
    ]);
    expect(traceLang(events)).toBe('zh');
    const trace = serializeTrace(events, 'zh', 1_000_000);
    expect(trace.text).toBe(
      '#10 用户消息：为什么构建失败？\n\n#11 工具结果：错误：找不到模块。\n\n#12 AI 回复：因此需要重新安装依赖。',
    );
    expect(parseTrace(trace.text).map((r) => r.type)).toEqual(['user/message', 'tool/result', 'assistant/message']);
  });

  it('maps every unit of the segmented trace to its event, across an append', () => {
    const first = serializeTrace(normaliseEvents(harness).events, 'en', 1_000_000);
    const more = serializeTrace(
      normaliseEvents([{ seq: 8, kind: 'tool_result', text: 'Installed 12 packages. Tests pass.' }]).events,
      'en',
      1_000_000,
    );
    const { text } = combineTexts(first.text, more.text);
    const refs = parseTrace(text);
    const { units } = segment(text);
    const byUnit = unitEvents(units, refs);
    expect(byUnit.size).toBe(units.length);
    for (const unit of units) {
      const ref = byUnit.get(unit.n)!;
      expect(ref.start <= unit.start && unit.end <= ref.end).toBe(true);
    }
    expect(byUnit.get(units[units.length - 1].n)?.seq).toBe(8);
  });
});
