// A wall-clock deadline for one model call that covers connecting and the whole stream. The caller gets an answer
// at the deadline even if the provider ignores the abort signal: the late result is discarded, never used.
import { KgError, isKgError } from '../errors';
import { abortReason, type Scheduler } from '../scheduler';

export interface DeadlineOptions {
  timeoutMs: number;
  /** The task's signal (cancel): aborts the call at once. */
  signal?: AbortSignal;
  /** Whose clock the deadline runs on (core has no timers of its own). */
  scheduler: Pick<Scheduler, 'sleep'>;
}

export async function withDeadline<T>(call: (signal: AbortSignal) => Promise<T>, options: DeadlineOptions): Promise<T> {
  const controller = new AbortController();
  const timer = new AbortController();
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    const stop = (reason: unknown) => {
      controller.abort(reason);
      reject(reason);
    };
    options.scheduler.sleep(options.timeoutMs, timer.signal).then(
      () => stop(new KgError('timeout', `No complete answer within ${options.timeoutMs} ms.`)),
      () => undefined, // the call ended first and cleared the timer
    );
    if (options.signal) {
      onAbort = () => stop(abortReason(options.signal!));
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  const work = call(controller.signal);
  // Whatever the call does after the deadline is ignored (and must not surface as an unhandled rejection).
  work.catch(() => undefined);
  try {
    return await Promise.race([work, stopped]);
  } catch (error) {
    // An abort error from the provider after our own stop is reported as the reason we stopped.
    if (controller.signal.aborted && isKgError(controller.signal.reason)) throw controller.signal.reason;
    throw error;
  } finally {
    timer.abort();
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
