// The one retry policy of model calls (models/providers/transient-retry.ts): a provider's Retry-After, in seconds or
// as an HTTP-date, is the wait before the next attempt, for every caller (extraction batch, answer, read-only model
// task, vision transcription), against a real HTTP server that answers 429 once and then the text.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Scheduler } from '../../core/scheduler';
import { askModel } from '../../models/ask';
import type { ModelConfig } from '../../models/config';
import { callAnswerModel } from '../../models/providers/model-answerer';
import { createModelExtractor } from '../../models/providers/model-extractor';
import { parseRetryAfter } from '../../models/providers/provider-failure';
import { MAX_BACKOFF_MS } from '../../models/providers/transient-retry';
import { transcribeWithModel } from '../../models/providers/vision-chat';

const DEADLINE_MS = 60_000;
let retryAfter = '';
let requests = 0;
let server: http.Server;
let baseUrl = '';

const sse = (chunk: object) => `data: ${JSON.stringify(chunk)}\n\n`;
const answer = () =>
  sse({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: { role: 'assistant', content: 'ok' } }],
  }) +
  sse({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
  }) +
  'data: [DONE]\n\n';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      if (requests === 1) res.writeHead(429, { 'retry-after': retryAfter }).end('{"error":"slow down"}');
      else res.writeHead(200, { 'content-type': 'text/event-stream' }).end(answer());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = 0;
});

const config = (): ModelConfig => ({
  id: 'openai-compatible:test',
  provider: 'openai-compatible',
  model: 'test-model',
  label: 'test',
  image: true,
  default: true,
  baseUrl,
  jsonMode: false,
  concurrency: 1,
  batchChars: 8000,
  timeoutMs: DEADLINE_MS,
});

/** A virtual clock: waits between attempts pass at once (and are recorded); a call's deadline never comes. */
function virtualScheduler(waits: number[]): Scheduler {
  return {
    now: () => 0,
    yield: () => Promise.resolve(),
    sleep: (ms, signal) => {
      if (ms < DEADLINE_MS) {
        waits.push(ms);
        return Promise.resolve();
      }
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    },
  };
}

const env = {} as Env;
const callers: Record<string, (scheduler: Scheduler) => Promise<string>> = {
  'extraction batch': (scheduler) =>
    createModelExtractor(env, config()).extractBatch({
      documentId: 'd',
      sourceId: 's',
      title: 't',
      batchIndex: 0,
      units: [{ n: 1, text: 'A causes B.' }] as never,
      attempt: 1,
      scheduler,
    }) as Promise<string>,
  answer: (scheduler) =>
    callAnswerModel(env, config(), { system: 's', user: 'u' }, { signal: new AbortController().signal, scheduler }),
  'read-only model task': (scheduler) =>
    askModel(
      env,
      config(),
      { system: 's', user: 'u' },
      { budgetMs: DEADLINE_MS, signal: new AbortController().signal, scheduler },
    ),
  'vision transcription': (scheduler) =>
    transcribeWithModel(
      env,
      config(),
      { system: 's', user: 'u' },
      [{ caption: 'page 1', mediaType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]) }],
      { signal: new AbortController().signal, scheduler },
    ),
};

describe('every model call waits as long as Retry-After says', () => {
  for (const [name, call] of Object.entries(callers)) {
    it(`${name}: Retry-After in seconds`, async () => {
      retryAfter = '7';
      const waits: number[] = [];
      expect(await call(virtualScheduler(waits))).toBe('ok');
      expect(requests).toBe(2);
      expect(waits).toEqual([7000]);
    });

    it(`${name}: Retry-After as an HTTP-date`, async () => {
      retryAfter = new Date(Date.now() + 6000).toUTCString();
      const waits: number[] = [];
      expect(await call(virtualScheduler(waits))).toBe('ok');
      expect(waits).toHaveLength(1);
      // The date has whole seconds: between 5 and 6 s from now, less what the first request took.
      expect(waits[0]).toBeGreaterThan(4000);
      expect(waits[0]).toBeLessThanOrEqual(6000);
    });
  }
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads delay-seconds and HTTP-dates, clamps the past to 0 and ignores anything else', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 2 ', now)).toBe(2000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('a Retry-After past the deadline is not slept through: the call fails at once, typed, saying why', async () => {
    retryAfter = '3600';
    const waits: number[] = [];
    await expect(callers.answer!(virtualScheduler(waits))).rejects.toMatchObject({
      code: 'rate_limited',
      detail: expect.stringContaining('asked to wait 3600 s'),
    });
    expect(waits).toEqual([]);
    expect(requests).toBe(1);
  });

  it('a long Retry-After inside the deadline is waited in full, not cut short to retry too early', async () => {
    retryAfter = '45';
    const waits: number[] = [];
    expect(await callers.answer!(virtualScheduler(waits))).toBe('ok');
    expect(waits).toEqual([45_000]);
    expect(waits[0]).toBeGreaterThan(MAX_BACKOFF_MS);
  });
});
