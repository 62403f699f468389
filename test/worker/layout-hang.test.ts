// "Hang under load" (issue 10), the part that was ours: the layout cache kept one in-flight promise per key, and a
// second request for the same layout awaited the first request's promise. In workerd a promise belongs to the
// request that created it; when that request is cancelled or ends first (its client went away, it hit a limit),
// the promise never settles — and every request awaiting it hung at 0 % CPU. Here the first computation never
// settles, exactly as a cancelled request's does; the next request for the same key must still answer.
import { describe, expect, it } from 'vitest';
import { cachedLayout, memoryTier, type DurableTier } from '../../durable-objects/layout/cache';

const emptyTier: DurableTier = { name: 'r2', get: async () => null, put: async () => undefined };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const HUNG = Symbol('hung');

describe('layout cache across requests', () => {
  it('never waits on a computation that will not settle: the next request computes the layout itself', async () => {
    const key = `hang-${crypto.randomUUID()}`;
    void cachedLayout(key, emptyTier, () => new Promise<string>(() => undefined), 200);
    await sleep(20); // the first request is now computing
    const second = await Promise.race([
      cachedLayout(key, emptyTier, async () => 'second', 200),
      sleep(5_000).then(() => HUNG),
    ]);
    expect(second).toEqual({ body: 'second', cache: 'miss' });
  });

  it('takes a concurrent request’s answer from memory when that computation does finish', async () => {
    const key = `shared-${crypto.randomUUID()}`;
    let computed = 0;
    const slow = async () => {
      computed++;
      await sleep(300);
      return 'first';
    };
    const first = cachedLayout(key, emptyTier, slow, 2_000);
    await sleep(20);
    const second = await cachedLayout(key, emptyTier, slow, 2_000);
    expect(await first).toEqual({ body: 'first', cache: 'miss' });
    expect(second).toEqual({ body: 'first', cache: 'hit', tier: 'memory' });
    expect(computed).toBe(1);
    expect(memoryTier.get(key)).toBe('first');
  });
});
