// The task feed (GET /api/tasks/:taskId/events) inside workerd: a real WebSocket upgrade through the Worker to the
// document's Durable Object, with the scripted model making the task last long enough to report progress.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../core/schema';
import { FEED_BEARER_PREFIX, FEED_PROGRESS_INTERVAL_MS, TASK_FEED_PROTOCOL } from '../../core/schema/task-feed';
import { createApp } from '../../worker/app';
import { call, createDocument, expectError, json, waitForTask, writeAuth } from './helpers';
import { modelId, paragraphs } from './model-helpers';

interface Feed {
  ws: WebSocket;
  protocol: string | null;
  messages: Array<{ at: number; task: TaskStatus }>;
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message that satisfies `test`. */
  until(test: (task: TaskStatus) => boolean, timeoutMs?: number): Promise<TaskStatus>;
}

function listen(res: Response): Feed {
  const ws = res.webSocket;
  if (res.status !== 101 || !ws) throw new Error(`expected 101 with a WebSocket, got ${res.status}`);
  const messages: Feed['messages'] = [];
  const waiters: Array<() => void> = [];
  ws.accept();
  ws.addEventListener('message', (e) => {
    messages.push({ at: Date.now(), task: JSON.parse(String(e.data)) as TaskStatus });
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })),
  );
  return {
    ws,
    protocol: res.headers.get('sec-websocket-protocol'),
    messages,
    closed,
    async until(test, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => test(m.task));
        if (found) return found.task;
        if (Date.now() > deadline)
          throw new Error(
            `no such message; got ${JSON.stringify(messages.map((m) => `${m.task.status}:${m.task.progress.done}`))}`,
          );
        await Promise.race([new Promise<void>((r) => waiters.push(r)), new Promise((r) => setTimeout(r, 200))]);
      }
    },
  };
}

const upgrade = (extra: Record<string, string> = {}) => ({
  headers: { upgrade: 'websocket', 'sec-websocket-protocol': TASK_FEED_PROTOCOL, ...extra },
});
const final = (t: TaskStatus) => ['succeeded', 'failed', 'cancelled'].includes(t.status);

describe('task feed', () => {
  it('sends the current state on connect, progress while the task runs, then the final state and a normal close', async () => {
    // 8 batches, each streamed over 400 ms, 3 at a time: the task runs for more than a second.
    const { taskId } = await createDocument(paragraphs(8, 'feed'), { model: modelId('slow-400') });
    const feed = listen(await call(`/api/tasks/${taskId}/events`, upgrade()));
    expect(feed.protocol).toBe(TASK_FEED_PROTOCOL);
    const first = await feed.until(() => true);
    expect(first).toMatchObject({ taskId, kind: 'extract', model: modelId('slow-400') });
    expect(['queued', 'running']).toContain(first.status);

    const closed = await feed.closed;
    expect(closed.code).toBe(1000);
    const statuses = feed.messages.map((m) => m.task);
    const last = statuses.at(-1)!;
    expect(last).toMatchObject({ status: 'succeeded', stage: 'done', revision: 1 });
    // The last message is exactly what the HTTP status answers.
    expect((await json(`/api/tasks/${taskId}`)).body).toEqual({ ...last, elapsedMs: expect.any(Number) });
    // Progress arrived pushed, batch by batch, never going backwards, and no faster than the throttle allows.
    const running = statuses.filter((t) => t.status === 'running');
    expect(new Set(running.map((t) => t.progress.done)).size).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < statuses.length; i++)
      expect(statuses[i].progress.done).toBeGreaterThanOrEqual(statuses[i - 1].progress.done);
    // The object's clock only moves across I/O, so gaps are measured here with slack; unthrottled, batches that end
    // together (3 lanes) arrive within a few milliseconds of each other.
    const gaps = feed.messages.slice(1, -1).map((m, i) => m.at - feed.messages[i].at);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(FEED_PROGRESS_INTERVAL_MS * 0.6);
  });

  it('answers a finished task with its final state and closes at once', async () => {
    const { taskId } = await createDocument(paragraphs(2, 'done'));
    const done = await waitForTask(taskId);
    const feed = listen(await call(`/api/tasks/${taskId}/events`, upgrade()));
    expect((await feed.closed).code).toBe(1000);
    expect(feed.messages.map((m) => m.task)).toEqual([{ ...done, elapsedMs: expect.any(Number) }]);
  });

  it('pushes a cancel as the final state', async () => {
    const { taskId } = await createDocument(paragraphs(12, 'cancel'), { model: modelId('slow-800') });
    const feed = listen(await call(`/api/tasks/${taskId}/events`, upgrade()));
    await feed.until((t) => t.status === 'running');
    expect((await json(`/api/tasks/${taskId}/cancel`, { method: 'POST', headers: writeAuth(taskId) })).status).toBe(
      200,
    );
    expect((await feed.closed).code).toBe(1000);
    expect(feed.messages.at(-1)!.task).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    expect(feed.messages.filter((m) => final(m.task))).toHaveLength(1);
  });

  it('refuses unknown tasks with 404 and plain requests with 426 before any upgrade', async () => {
    const unknown = await call('/api/tasks/task_0000000000000000/events', upgrade());
    expect(unknown.webSocket).toBeNull();
    expectError({ status: unknown.status, body: await unknown.json() }, 404, 'not_found');
    const malformed = await call('/api/tasks/%3Cscript%3E/events', upgrade());
    expectError({ status: malformed.status, body: await malformed.json() }, 404, 'not_found');
    const { taskId } = await createDocument(paragraphs(1, 'plain'));
    const plain = await call(`/api/tasks/${taskId}/events`);
    expect(plain.headers.get('upgrade')).toBe('websocket');
    expectError({ status: plain.status, body: await plain.json() }, 426, 'upgrade_required');
  });

  it('takes the bearer token as a subprotocol when KG_API_TOKEN is set, and never echoes it', async () => {
    const app = createApp();
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    // RFC 6750 token68 (what Authorization accepts), yet not a valid subprotocol value ('/', '+', '=').
    const token = 'tok/with+odd.chars~==';
    const vars = { ...env, KG_API_TOKEN: token };
    const authorized = { authorization: `Bearer ${token}` };
    const created = await app.fetch(
      new Request('http://kg.test/api/documents', {
        method: 'POST',
        headers: { ...authorized, 'content-type': 'application/json' },
        body: JSON.stringify({ text: paragraphs(1, 'auth') }),
      }),
      vars,
      ctx,
    );
    const { taskId } = (await created.json()) as { taskId: string };
    const open = (protocols: string) =>
      app.fetch(
        new Request(`http://kg.test/api/tasks/${taskId}/events`, {
          headers: { upgrade: 'websocket', 'sec-websocket-protocol': protocols },
        }),
        vars,
        ctx,
      );
    const encode = (s: string) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(s)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');

    const missing = await open(TASK_FEED_PROTOCOL);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await open(`${TASK_FEED_PROTOCOL}, ${FEED_BEARER_PREFIX}${encode('wrong')}`)).status).toBe(401);
    // The raw token is not a valid subprotocol value; only its base64url form is accepted.
    expect((await open(`${TASK_FEED_PROTOCOL}, ${FEED_BEARER_PREFIX}${token}`)).status).toBe(401);

    const feed = listen(await open(`${TASK_FEED_PROTOCOL}, ${FEED_BEARER_PREFIX}${encode(token)}`));
    expect(feed.protocol).toBe(TASK_FEED_PROTOCOL);
    await feed.closed;
    expect(feed.messages.at(-1)!.task).toMatchObject({ taskId, status: 'succeeded' });
    // The Authorization header works too (non-browser clients).
    const header = await app.fetch(
      new Request(`http://kg.test/api/tasks/${taskId}/events`, { headers: { upgrade: 'websocket', ...authorized } }),
      vars,
      ctx,
    );
    expect(header.status).toBe(101);
    header.webSocket!.accept();
    // The subprotocol is not a way around the header on plain requests.
    const plain = await app.fetch(
      new Request(`http://kg.test/api/tasks/${taskId}`, {
        headers: { 'sec-websocket-protocol': `${FEED_BEARER_PREFIX}${encode(token)}` },
      }),
      vars,
      ctx,
    );
    expect(plain.status).toBe(401);
  });
});
