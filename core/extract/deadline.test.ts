// On a virtual clock: every bound below is exact, nothing depends on the machine's speed or load.
import { describe, expect, it } from 'vitest';
import { virtualScheduler } from '../../test/support/scheduler';
import { KgError } from '../errors';
import { withDeadline } from './deadline';

describe('withDeadline', () => {
  it('returns the answer when it comes in time, and leaves no timer behind', async () => {
    const scheduler = virtualScheduler();
    await expect(withDeadline(async () => 'ok', { timeoutMs: 100, scheduler })).resolves.toBe('ok');
    expect(scheduler.pending()).toBe(0);
  });

  it('fails with timeout exactly at the deadline even when the call ignores its abort signal', async () => {
    const scheduler = virtualScheduler();
    let late = false;
    const ignoresAbort = () =>
      scheduler.sleep(400).then(() => {
        late = true;
        return 'late';
      });
    let settled: unknown;
    const result = withDeadline(ignoresAbort, { timeoutMs: 50, scheduler }).then(
      () => (settled = 'resolved'),
      (e: unknown) => (settled = e),
    );
    await scheduler.advance(49);
    expect(settled).toBeUndefined();
    await scheduler.advance(1);
    await result;
    expect(settled).toMatchObject({ code: 'timeout' });
    await scheduler.advance(350);
    expect(late).toBe(true); // the provider did finish later; its output was simply discarded
  });

  it('aborts the call signal at the deadline', async () => {
    const scheduler = virtualScheduler();
    let aborted: unknown;
    const watch = (signal: AbortSignal) =>
      new Promise<string>((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted = signal.reason;
          reject(new Error('aborted'));
        }),
      );
    const result = withDeadline(watch, { timeoutMs: 20, scheduler });
    const check = expect(result).rejects.toMatchObject({ code: 'timeout' });
    await scheduler.advance(20);
    await check;
    expect(aborted).toMatchObject({ code: 'timeout' });
  });

  it('stops at once on cancel, with the cancel reason, before any time passes', async () => {
    const scheduler = virtualScheduler();
    const controller = new AbortController();
    const result = withDeadline(() => scheduler.sleep(1000).then(() => 'x'), {
      timeoutMs: 5000,
      signal: controller.signal,
      scheduler,
    });
    controller.abort(new KgError('cancelled'));
    await expect(result).rejects.toMatchObject({ code: 'cancelled' });
    expect(scheduler.now()).toBe(0);
    expect(scheduler.pending()).toBe(1); // only the ignored call's own sleep; the deadline's timer is gone
  });

  it('passes provider errors through unchanged', async () => {
    const scheduler = virtualScheduler();
    await expect(
      withDeadline(async () => Promise.reject(new KgError('rate_limited')), { timeoutMs: 100, scheduler }),
    ).rejects.toMatchObject({ code: 'rate_limited' });
  });
});
