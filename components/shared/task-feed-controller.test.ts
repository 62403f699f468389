// The reconnect rules of the workbench's task feed: how long it waits, and which failures end following.
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { FEED_TIMING, backoffDelay, isPermanent } from './task-feed-controller';

describe('task feed reconnects', () => {
  it('waits exponentially longer, capped at a few seconds, jittered to 50–100 %', () => {
    const low = () => 0;
    const high = () => 0.999999;
    expect([1, 2, 3, 4, 5, 50].map((n) => backoffDelay(n, FEED_TIMING, high))).toEqual([
      500, 1000, 2000, 4000, 4000, 4000,
    ]);
    expect([1, 2, 3, 4, 5, 50].map((n) => backoffDelay(n, FEED_TIMING, low))).toEqual([
      250, 500, 1000, 2000, 2000, 2000,
    ]);
    // Never zero and never past the cap, whatever the attempt number.
    for (let n = 1; n < 2000; n += 37) {
      const d = backoffDelay(n);
      expect(d).toBeGreaterThanOrEqual(FEED_TIMING.backoffMs / 2);
      expect(d).toBeLessThanOrEqual(FEED_TIMING.backoffCapMs);
    }
  });

  it('gives up only on failures no retry can fix', () => {
    expect(isPermanent(new ApiError('not_found', 'gone', 404))).toBe(true);
    expect(isPermanent(new ApiError('unauthorized', 'no', 401))).toBe(true);
    expect(isPermanent(new ApiError('network', 'Failed to fetch'))).toBe(false);
    expect(isPermanent(new ApiError('rate_limited', 'slow down', 429))).toBe(false);
    expect(isPermanent(new ApiError('storage_error', 'retry', 503))).toBe(false);
    expect(isPermanent(new ApiError('internal', 'bug', 500))).toBe(false);
    expect(isPermanent(new Error('anything else'))).toBe(false);
  });
});
