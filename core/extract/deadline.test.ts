import { describe, expect, it } from 'vitest';
import { KgError } from '../errors';
import { withDeadline } from './deadline';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('withDeadline', () => {
  it('returns the answer when it comes in time', async () => {
    await expect(withDeadline(async () => 'ok', { timeoutMs: 100 })).resolves.toBe('ok');
  });

  it('fails with timeout at the deadline even when the call ignores its abort signal', async () => {
    let late = false;
    const t0 = Date.now();
    const never = () => new Promise<string>((resolve) => setTimeout(() => ((late = true), resolve('late')), 400));
    await expect(withDeadline(never, { timeoutMs: 50 })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(300);
    await sleep(450);
    expect(late).toBe(true); // the provider did finish later; its output was simply discarded
  });

  it('aborts the call signal at the deadline', async () => {
    let aborted: unknown;
    const watch = (signal: AbortSignal) =>
      new Promise<string>((_, reject) => signal.addEventListener('abort', () => ((aborted = signal.reason), reject(new Error('aborted')))));
    await expect(withDeadline(watch, { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' });
    expect(aborted).toMatchObject({ code: 'timeout' });
  });

  it('stops at once on cancel, with the cancel reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new KgError('cancelled')), 10);
    const t0 = Date.now();
    await expect(withDeadline(() => sleep(1000).then(() => 'x'), { timeoutMs: 5000, signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(Date.now() - t0).toBeLessThan(500);
  });

  it('passes provider errors through unchanged', async () => {
    await expect(withDeadline(async () => Promise.reject(new KgError('rate_limited')), { timeoutMs: 100 })).rejects.toMatchObject({ code: 'rate_limited' });
  });
});
