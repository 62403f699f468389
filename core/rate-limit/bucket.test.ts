import { describe, expect, it } from 'vitest';
import { fullAt, takeToken } from './bucket';

describe('token bucket', () => {
  const rule = { capacity: 3, perMinute: 60 };

  it('refills at the sustained rate and never above capacity', () => {
    let state = takeToken(undefined, rule, 0).state;
    state = takeToken(state, rule, 0).state;
    state = takeToken(state, rule, 0).state;
    expect(takeToken(state, rule, 500).result).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    expect(takeToken(state, rule, 1_000).result.allowed).toBe(true);
    expect(takeToken(state, rule, 600_000).result.remaining).toBe(2);
  });

  it('knows when a bucket is full again (when forgetting it changes nothing)', () => {
    const spent = takeToken(takeToken(undefined, rule, 1_000).state, rule, 1_000).state;
    expect(fullAt(spent, rule)).toBe(3_000);
    expect(takeToken(spent, rule, fullAt(spent, rule)).result.remaining).toBe(2);
    expect(fullAt({ tokens: 3, at: 5 }, rule)).toBe(5);
    expect(fullAt(spent, { capacity: 3, perMinute: 0 })).toBe(Number.POSITIVE_INFINITY);
  });
});
