// Rate limits per caller and route class (index.ts beside, durable-objects/rate-limiter-do.ts), through the real
// app and the real RateLimiterDO: 429 rate_limited with Retry-After, one bucket per caller and per class, refills,
// buckets that outlive their object, and local callers that cannot pick a bucket with a header.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { classify, rateLimit } from '.';
import { callerAddress, DEFAULT_RATE_LIMITS, rateLimitConfig } from './config';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
let run = 0;

/** A request from `ip` under the given limits, as the edge delivers it (KG_CALLER_ADDRESS=edge: the edge sets
 * cf-connecting-ip); each test uses addresses of its own so buckets never leak between tests. */
function from(
  ip: string,
  limits: unknown,
  path = '/api/models',
  init: RequestInit & { token?: string; callerAddress?: string } = {},
) {
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', ip);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const vars: Partial<Env> = {
    KG_RATE_LIMITS: JSON.stringify(limits),
    KG_CALLER_ADDRESS: init.callerAddress ?? 'edge',
  };
  if (init.token) vars.KG_API_TOKEN = init.token;
  return app.fetch(new Request(`http://kg.test${path}`, { ...init, headers }), { ...env, ...vars }, ctx);
}
const ip = (name: string) => `203.0.113.${(run++ % 200) + 1}-${name}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Drops the caller's RateLimiterDO instance; its storage stays. */
const evict = (key: string) =>
  runInDurableObject(env.RATE_LIMITER.getByName(key), (_i, state) => state.abort('evicted')).catch(() => undefined);

describe('rate limits', () => {
  it('answers 429 rate_limited with Retry-After once a caller has used up its bucket', async () => {
    const limits = { light: { capacity: 3, perMinute: 6 } };
    const me = ip('a');
    for (let i = 0; i < 3; i++) expect((await from(me, limits)).status).toBe(200);
    const refused = await from(me, limits);
    expect(refused.status).toBe(429);
    // 6 a minute: one token every 10 s.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(9);
    expect(retryAfter).toBeLessThanOrEqual(10);
    const body = await refused.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/retry/i);
    // Health checks are never counted.
    expect((await from(me, limits, '/api/health')).status).toBe(200);
  });

  it('keeps one bucket per caller: another IP, or another API key holder, is not affected', async () => {
    const limits = { light: { capacity: 2, perMinute: 1 } };
    const alice = ip('alice');
    const bob = ip('bob');
    await from(alice, limits);
    await from(alice, limits);
    expect((await from(alice, limits)).status).toBe(429);
    expect((await from(bob, limits)).status).toBe(200);
    // A caller with a key is counted by its principal, not by its address: same IP, fresh bucket.
    expect((await from(alice, limits, '/api/models', { token: `key-${run}` })).status).toBe(200);
  });

  it('keeps one bucket per route class: reads still work when layouts are used up', async () => {
    const limits = { layout: { capacity: 1, perMinute: 1 } };
    const me = ip('classes');
    const graph = JSON.stringify({ nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ id: 'e', source: 'a', target: 'b' }] });
    const post = () =>
      from(me, limits, '/api/layout', { method: 'POST', body: graph, headers: { 'content-type': 'application/json' } });
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect((await from(me, limits, '/api/models')).status).toBe(200);
  });

  it('lets a caller in again once its bucket has refilled', async () => {
    // 120 a minute: one token every 500 ms.
    const limits = { light: { capacity: 1, perMinute: 120 } };
    const me = ip('refill');
    expect((await from(me, limits)).status).toBe(200);
    const refused = await from(me, limits);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    await sleep(600);
    expect((await from(me, limits)).status).toBe(200);
  });

  it('still refuses a caller that pauses 15 s: the idle object is evicted, its bucket is not', async () => {
    // workerd evicts an idle object after about 10 s (inside vitest-pool-workers too); buckets kept in memory came
    // back full, so pausing between bursts got about 300 writes a minute through a limit of 120.
    const limits = { write: { capacity: 2, perMinute: 1 } };
    const me = ip('pause');
    const write = () => from(me, limits, '/api/documents/nope', { method: 'DELETE' });
    expect([(await write()).status, (await write()).status, (await write()).status]).toEqual([404, 404, 429]);
    await sleep(15_000);
    // One token a minute: 15 s later the bucket holds a quarter.
    const after = await write();
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThanOrEqual(40);
  }, 40_000);

  it('keeps a bucket when its object is evicted: a fresh instance reads the spent tokens back', async () => {
    const limits = { write: { capacity: 2, perMinute: 1 } };
    const me = ip('evicted');
    const write = () => from(me, limits, '/api/documents/nope', { method: 'DELETE' });
    expect((await write()).status).toBe(404);
    expect((await write()).status).toBe(404);
    expect((await write()).status).toBe(429);
    // What workerd does to an idle object after about 10 s, at once: drop the instance and its memory; the next request
    // builds a new one from the object's storage.
    await evict(`ip:${me}`);
    const after = await write();
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it('counts every local caller in one bucket (KG_CALLER_ADDRESS=local): a sent cf-connecting-ip picks none', async () => {
    // The test runs' setting (vitest.config.ts), as npm start's: a client header must not buy a fresh bucket.
    expect(env.KG_CALLER_ADDRESS).toBe('local');
    const limits = { layout: { capacity: 3, perMinute: 1 } };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const spoofed = `198.51.100.${i + 1}`;
      const res = await from(spoofed, limits, '/api/layout', {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
        callerAddress: env.KG_CALLER_ADDRESS,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
    await runInDurableObject(env.RATE_LIMITER.getByName('ip:local'), (_i, state) => state.storage.deleteAll());
    // Only `local` switches the header off; anything else is the deployed default.
    expect([callerAddress(' local '), callerAddress(''), callerAddress('edge'), callerAddress('lokal')]).toEqual([
      'local',
      'edge',
      'edge',
      'edge',
    ]);
  });

  it('forgets a caller once its buckets are full again (an alarm deletes the stored state)', async () => {
    const me = ip('forget');
    const stub = env.RATE_LIMITER.getByName(`ip:${me}`);
    const stored = () => runInDurableObject(stub, (_i, state) => [...state.storage.kv.list()].length);
    // 6,000 a minute: full again 10 ms after the take.
    expect((await from(me, { light: { capacity: 5, perMinute: 6_000 } })).status).toBe(200);
    // 1 a minute: still refilling when the alarm runs, so it is kept and the alarm moves.
    expect(
      (await from(me, { write: { capacity: 5, perMinute: 1 } }, '/api/documents/nope', { method: 'DELETE' })).status,
    ).toBe(404);
    expect(await stored()).toBeGreaterThan(0);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stored()).toBeGreaterThan(0);
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeGreaterThan(Date.now());
    // As if the write bucket's minute had passed: every bucket is full, so the alarm deletes everything.
    await sleep(20);
    await runInDurableObject(stub, (_i, state) => state.storage.kv.delete('bucket:write'));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stored()).toBe(0);
  });

  it('is off with {"enabled":false}, and falls back to the defaults on invalid configuration', async () => {
    const me = ip('off');
    for (let i = 0; i < 5; i++)
      expect((await from(me, { enabled: false, light: { capacity: 1, perMinute: 1 } })).status).toBe(200);
    expect(rateLimitConfig('{"light":{"capacity":-1}}')).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitConfig('not json')).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitConfig('{"write":{"capacity":5}}').classes.write).toEqual({
      capacity: 5,
      perMinute: DEFAULT_RATE_LIMITS.classes.write.perMinute,
    });
    expect(typeof rateLimit()).toBe('function');
  });

  it('classifies routes: layouts, writes and light reads', () => {
    expect(classify('POST', '/api/layout')).toBe('layout');
    expect(classify('GET', '/api/documents/abc/layout')).toBe('layout');
    expect(classify('POST', '/api/documents')).toBe('write');
    expect(classify('DELETE', '/api/documents/abc')).toBe('write');
    expect(classify('POST', '/api/tasks/t/cancel')).toBe('write');
    expect(classify('GET', '/api/tasks/t')).toBe('light');
    expect(classify('POST', '/api/documents/abc/query')).toBe('light');
    expect(classify('POST', '/api/documents/abc/answers')).toBe('write');
    expect(classify('POST', '/api/documents/abc/verify')).toBe('write');
  });
});
