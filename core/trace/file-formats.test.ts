import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isKgError } from '../errors';
import { normaliseEvents } from './events';
import { traceEventsFromFile } from './file-formats';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../test/fixtures/traces', name), 'utf8');
const kinds = (text: string) =>
  normaliseEvents(traceEventsFromFile(text).events).events.map((e) => `${e.type}${e.name ? `:${e.name}` : ''}`);

function refusal(text: string) {
  try {
    traceEventsFromFile(text);
  } catch (error) {
    if (isKgError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('trace files', () => {
  it('reads OpenAI chat messages: the tool calls, their results, no system prompt', () => {
    const file = traceEventsFromFile(fixture('openai-chat.json'));
    expect(file.format).toBe('openai');
    expect(file.skipped).toBe(1);
    expect(kinds(fixture('openai-chat.json'))).toEqual([
      'user/message',
      'assistant/message',
      'tool/call:read_file',
      'tool/result',
      'assistant/message',
    ]);
    expect(normaliseEvents(file.events).events[3]?.text).toContain('left-pad 1.3.0');
  });

  it('reads Anthropic messages as JSON Lines: blocks in order, reasoning left out', () => {
    const file = traceEventsFromFile(fixture('anthropic-messages.jsonl'));
    expect(file.format).toBe('anthropic');
    expect(file.skipped).toBe(1);
    expect(kinds(fixture('anthropic-messages.jsonl'))).toEqual([
      'user/message',
      'assistant/message',
      'tool/call:read_log',
      'tool/result',
      'assistant/message',
    ]);
    expect(normaliseEvents(file.events).events[2]?.text).toBe('{"job":"nightly"}');
  });

  it("reads the product's own events, as JSON Lines and as one JSON list", () => {
    const lines = fixture('own-events.jsonl');
    expect(traceEventsFromFile(lines).format).toBe('events');
    const list = JSON.stringify({
      events: lines
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    });
    expect(kinds(list)).toEqual(kinds(lines));
    expect(kinds(lines)).toEqual(['user/message', 'tool/call:ping', 'tool/result', 'assistant/message']);
  });

  it('refuses what it cannot read with a typed error that says which line', () => {
    expect(refusal('')).toMatchObject({ code: 'invalid_input' });
    expect(refusal('{"role":"user","content":"hi"}\nnot json')).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('line 2'),
    });
    expect(refusal('[1, 2, 3]').message).toContain('OpenAI chat messages, Anthropic messages');
    expect(refusal('{"title":"no messages here"}').code).toBe('invalid_input');
    expect(refusal('[{"role":"system","content":"only a system prompt"}]').code).toBe('invalid_input');
  });
});
