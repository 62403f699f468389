// Layouts through `wrangler dev` after the first layout request is aborted by its client (issue 10, "Layout stops
// working"): the aborted request was the one that built the isolate's ELK engine and, before the fix, the one whose
// in-flight promise every later request for the same graph awaited. Later requests (the same graph again, and
// others) must all answer 200 within a bounded time. (In workerd an aborted client does not always cancel the
// Worker's request; test/worker/layout-recovery.test.ts reproduces the lost registration itself.)
import { afterAll, describe, expect, it } from 'vitest';
import { sampleKnowledgeGraph } from '../../core/layout/sample-graphs';
import { newStateDir, removeState, startDev, stopDev, type Dev } from './harness';

let dev: Dev | undefined;
let stateDir: string | undefined;

afterAll(async () => {
  await stopDev(dev);
  if (stateDir) removeState(stateDir);
});

async function postLayout(base: string, graph: unknown, timeoutMs: number) {
  const res = await fetch(`${base}/api/layout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(graph),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.status, cache: res.headers.get('x-kg-layout-cache'), body: await res.text() };
}

describe('layout after an aborted first request', () => {
  it('answers every later layout, including the same graph, instead of 500 or hanging', async () => {
    stateDir = newStateDir();
    dev = await startDev(stateDir, {});
    const big = sampleKnowledgeGraph(300, { seed: 5 });
    const aborter = new AbortController();
    const first = fetch(`${dev.base}/api/layout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(big),
      signal: aborter.signal,
    }).catch((error: Error) => error.name);
    await new Promise((r) => setTimeout(r, 100));
    aborter.abort();
    expect(await first).toBe('AbortError');

    // Bounded: a request stuck on the aborted one's promise would fail here instead of hanging the suite.
    const same = await postLayout(dev.base, big, 150_000);
    expect(same.status, same.body.slice(0, 300)).toBe(200);
    for (let i = 0; i < 3; i++) {
      const other = await postLayout(dev.base, sampleKnowledgeGraph(15 + i, { seed: 60 + i }), 60_000);
      expect(other.status, other.body.slice(0, 300)).toBe(200);
      expect(other.body).not.toContain('not found');
    }
  }, 300_000);
});
