import { describe, expect, it } from 'vitest';
import { KgError } from './errors';
import { timerScheduler } from './scheduler';

/** Timer functions that only record: the test fires them by hand. */
function recordingTimers() {
  const live = new Map<number, { ms: number; callback: () => void }>();
  let seq = 0;
  return {
    live,
    timers: {
      setTimeout: (callback: () => void, ms: number) => {
        live.set(++seq, { ms, callback });
        return seq;
      },
      clearTimeout: (handle: unknown) => void live.delete(handle as number),
      now: () => 42,
    },
  };
}

describe('timerScheduler', () => {
  it('sleeps on the timer functions it was given, and reads their clock', async () => {
    const { live, timers } = recordingTimers();
    const s = timerScheduler(timers);
    expect(s.now()).toBe(42);
    let done = false;
    const slept = s.sleep(250).then(() => (done = true));
    expect([...live.values()].map((t) => t.ms)).toEqual([250]);
    await Promise.resolve();
    expect(done).toBe(false);
    [...live.values()][0].callback();
    await slept;
    expect(done).toBe(true);
  });

  it('clears the timer and rejects with the reason when the signal aborts', async () => {
    const { live, timers } = recordingTimers();
    const s = timerScheduler(timers);
    const controller = new AbortController();
    const slept = s.sleep(1000, controller.signal);
    controller.abort(new KgError('timeout'));
    await expect(slept).rejects.toMatchObject({ code: 'timeout' });
    expect(live.size).toBe(0);
    await expect(s.sleep(5, controller.signal)).rejects.toMatchObject({ code: 'timeout' });
    const plain = new AbortController();
    plain.abort();
    await expect(s.sleep(5, plain.signal)).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('yields through a zero-delay timer', () => {
    const { live, timers } = recordingTimers();
    void timerScheduler(timers).yield();
    expect([...live.values()].map((t) => t.ms)).toEqual([0]);
  });
});
