// A wall-clock deadline for one model call that covers connecting and the whole stream. The caller gets an answer
// at the deadline even if the provider ignores the abort signal: the late result is discarded, never used.
import { KgError, isKgError } from '../errors';

export interface DeadlineOptions {
  timeoutMs: number;
  /** The task's signal (cancel): aborts the call at once. */
  signal?: AbortSignal;
}

export async function withDeadline<T>(call: (signal: AbortSignal) => Promise<T>, options: DeadlineOptions): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    const stop = (reason: unknown) => {
      controller.abort(reason);
      reject(reason);
    };
    timer = setTimeout(() => stop(new KgError('timeout', `No complete answer within ${options.timeoutMs} ms.`)), options.timeoutMs);
    if (options.signal) {
      onAbort = () => stop(isKgError(options.signal!.reason) ? options.signal!.reason : new KgError('cancelled'));
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
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}
