// Rate limits per caller and route class (index.ts beside, durable-objects/rate-limiter-do.ts), through the real
// app and the real RateLimiterDO: 429 rate_limited with Retry-After, one bucket per caller and per class, refills.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { classify, rateLimit } from '.';
import { DEFAULT_RATE_LIMITS, rateLimitConfig } from './config';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
let run = 0;

/** A request from `ip` under the given limits; each test uses addresses of its own so buckets never leak between tests. */
function from(ip: string, limits: unknown, path = '/api/models', init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', ip);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const vars: Partial<Env> = { KG_RATE_LIMITS: JSON.stringify(limits) };
  if (init.token) vars.KG_API_TOKEN = init.token;
  return app.fetch(new Request(`http://kg.test${path}`, { ...init, headers }), { ...env, ...vars }, ctx);
}
const ip = (name: string) => `203.0.113.${(run++ % 200) + 1}-${name}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
