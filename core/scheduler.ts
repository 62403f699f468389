// Time in core/ is injected, never taken: core has no timers and no clock of its own (tsconfig.core.json has no DOM
// or Node types, so the compiler refuses setTimeout and friends here). The runtime that owns the event loop — the
// Durable Object's task runner, a test, a bench — passes a Scheduler in; a test can pass a virtual one.
import { KgError, isKgError } from './errors';

export interface Scheduler {
  /** Milliseconds on the caller's clock (only differences are meaningful). */
  now(): number;
  /** Resolves after `ms`; when `signal` aborts first, its timer is cleared and the promise rejects (a KgError). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Gives the event loop one turn, so pending I/O, status reads and cancels run before the caller goes on. */
  yield(): Promise<void>;
}

/** The runtime's own timer functions (globalThis.setTimeout and clearTimeout, Date.now or performance.now). */
export interface TimerFunctions {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The reason a cancelled wait rejects with: the signal's KgError, else `cancelled`. */
export function abortReason(signal: AbortSignal): KgError {
  return isKgError(signal.reason) ? signal.reason : new KgError('cancelled');
}

/**
 * A Scheduler over timer functions the runtime passes in, e.g.
 * `timerScheduler({ setTimeout, clearTimeout, now: () => Date.now() })`.
 */
export function timerScheduler(timers: TimerFunctions): Scheduler {
  // Called unbound: browsers refuse window.setTimeout called on another object ("Illegal invocation").
  const { setTimeout: set, clearTimeout: clear, now } = timers;
  return {
    now: () => now(),
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortReason(signal));
        const onAbort = () => {
          clear(handle);
          reject(abortReason(signal!));
        };
        const handle = set(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    yield: () => new Promise<void>((resolve) => void set(resolve, 0)),
  };
}
