// Rate limits through `wrangler dev` as `npm start` runs it (scripts/lib/wrangler.mjs sets KG_CALLER_ADDRESS=local):
// a bucket survives the ~10 s idle eviction of its RateLimiterDO, and a client-sent CF-Connecting-IP, which the local
// runtime passes through as is, does not pick a fresh bucket (docs/fair-use.md, "Rate limits"). Before the fix, a
// 15 s pause refilled the bucket and every rotated address got a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStateDir, removeState, startDev, stopDev, type Dev } from './harness';

let dev: Dev | undefined;
let stateDir: string | undefined;

afterAll(async () => {
  await stopDev(dev);
  if (stateDir) removeState(stateDir);
});

async function status(path: string, init: RequestInit = {}) {
  const res = await fetch(`${dev!.base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  if (res.status === 429) expect(JSON.parse(body).error.code).toBe('rate_limited');
  return res.status;
}

beforeAll(async () => {
  stateDir = newStateDir();
  // One token a minute: a pause of 15 s adds a quarter, never a whole token.
  dev = await startDev(stateDir, {
    KG_RATE_LIMITS: JSON.stringify({ write: { capacity: 3, perMinute: 1 }, light: { capacity: 4, perMinute: 1 } }),
  });
});

describe('rate limits through wrangler dev', () => {
  it('does not give a rotating CF-Connecting-IP fresh buckets', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++)
      statuses.push(await status('/api/models', { headers: { 'cf-connecting-ip': `198.51.100.${i}` } }));
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
  });

  it('still refuses a caller after a 15 s pause (the idle object is evicted, its bucket is not)', async () => {
    const write = () => status('/api/documents/nope', { method: 'DELETE' });
    expect([await write(), await write(), await write(), await write()]).toEqual([404, 404, 404, 429]);
    // Long enough for workerd to evict the idle object (about 10 s), which forgot its buckets before the fix.
    await new Promise((r) => setTimeout(r, 15_000));
    expect(await write()).toBe(429);
  }, 60_000);
});
