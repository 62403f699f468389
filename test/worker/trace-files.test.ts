// A trace file through the API (issue 30): POST /api/traces with `file` reads OpenAI chat messages, Anthropic
// messages and the product's own events (JSON or JSON Lines) into a trace document, like events sent as such.
import { describe, expect, it } from 'vitest';
import anthropic from '../fixtures/traces/anthropic-messages.jsonl?raw';
import openai from '../fixtures/traces/openai-chat.json?raw';
import own from '../fixtures/traces/own-events.jsonl?raw';
import { allUnits, expectError, json, waitForTask } from './helpers';

const post = (body: unknown) => json('/api/traces', { method: 'POST', json: body });

describe('trace files', () => {
  for (const [name, text, format, said] of [
    ['openai-chat.json', openai, 'openai', 'left-pad 1.3.0'],
    ['anthropic-messages.jsonl', anthropic, 'anthropic', 'the cache was cold'],
    ['own-events.jsonl', own, 'events', 'staging-db answered in 12 ms'],
  ] as const) {
    it(`opens ${name} as a trace document`, async () => {
      const res = await post({ file: { name, text } });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.file).toEqual({ format });
      expect(res.body.events.accepted).toBeGreaterThanOrEqual(4);
      const task = await waitForTask(res.body.taskId);
      expect(task.status).toBe('succeeded');
      const doc = (await json(`/api/documents/${res.body.documentId}`)).body;
      expect(doc).toMatchObject({ sourceKind: 'trace', title: name.replace(/\.[^.]+$/, '') });
      const events = (await json(`/api/traces/${res.body.documentId}/events`)).body.events;
      const types = events.map((e: { type: string }) => e.type);
      expect(types).toContain('tool/call');
      expect(types).toContain('tool/result');
      const units = await allUnits(res.body.documentId);
      expect(units.map((u) => u.text).join('\n')).toContain(said);
    });
  }

  it('refuses a file it cannot read, and a body with both events and a file, with typed 400s', async () => {
    const notJson = await post({ file: { name: 'x.jsonl', text: '{"role":"user","content":"hi"}\nnot json' } });
    expectError(notJson, 400, 'invalid_input');
    expect(notJson.body.error.message).toContain('line 2 is not JSON');
    const unknown = await post({ file: { text: '[{"title":"nothing"}]' } });
    expectError(unknown, 400, 'invalid_input');
    expect(unknown.body.error.message).toContain('OpenAI chat messages, Anthropic messages');
    const badEvent = await post({ file: { text: '[{"seq":1,"kind":"shout","text":"x"}]' } });
    expectError(badEvent, 400, 'invalid_input');
    expect(badEvent.body.error.message).toContain('event 1 is not a trace event');
    expectError(
      await post({ events: [{ seq: 1, kind: 'user', text: 'hi' }], file: { text: own } }),
      400,
      'invalid_input',
    );
    expectError(await post({}), 400, 'invalid_input');
  });
});
