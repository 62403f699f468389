// Schedulers for tests and benches (core takes its clock from the caller, see core/scheduler.ts).
import { abortReason, timerScheduler, type Scheduler } from '../../core/scheduler';

/** The real event loop and wall clock of the process running the test or bench. */
export const systemScheduler: Scheduler = timerScheduler({ setTimeout, clearTimeout, now: () => performance.now() });

export interface VirtualScheduler extends Scheduler {
  /** Moves the virtual clock forward, firing every sleep that ends on the way, in order. */
  advance(ms: number): Promise<void>;
  /** Sleeps still waiting. */
  pending(): number;
}

/** Runs the microtasks and I/O callbacks already queued (a real macrotask turn of the test's own loop). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A virtual clock: nothing waits in real time, a test says exactly how much time passes. */
export function virtualScheduler(): VirtualScheduler {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fire: () => void }>();
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortReason(signal));
        const id = ++seq;
        const onAbort = () => {
          timers.delete(id);
          reject(abortReason(signal!));
        };
        timers.set(id, {
          at: now + Math.max(0, ms),
          fire: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        });
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    yield: settle,
    async advance(ms) {
      const end = now + ms;
      await settle();
      for (;;) {
        let next: [number, { at: number; fire: () => void }] | undefined;
        for (const entry of timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fire();
        await settle();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}
