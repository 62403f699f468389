// The one retry policy of every model call (extraction batches, answers, the read-only model tasks, vision
// transcription): each attempt runs under its own wall-clock deadline; a transient provider failure (429, 408, 5xx,
// a connection error) is tried again up to twice, after the wait the provider asked for in Retry-After, else after an
// exponential backoff, never longer than MAX_BACKOFF_MS so that a task's budget is not spent asleep.
import { withDeadline } from '../../core/extract/deadline';
import type { Scheduler } from '../../core/scheduler';
import { ProviderFailure } from './provider-failure';

export const TRANSIENT_RETRIES = 2;
export const BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;

export interface TransientRetryOptions {
  /** Each attempt's own deadline (connection and stream). */
  timeoutMs: number;
  /** The task's signal: cancels the running attempt and any wait between attempts. */
  signal?: AbortSignal;
  scheduler: Scheduler;
}

/** The wait before retry number `retry` (0-based): the provider's Retry-After when it gave one, capped. */
export function retryDelayMs(failure: ProviderFailure, retry: number): number {
  return Math.min(MAX_BACKOFF_MS, failure.retryAfterMs ?? BACKOFF_MS * 2 ** retry);
}

export async function withTransientRetry<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  options: TransientRetryOptions,
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await withDeadline(attempt, options);
    } catch (error) {
      if (!(error instanceof ProviderFailure) || !error.retryable || retry >= TRANSIENT_RETRIES) throw error;
      await options.scheduler.sleep(retryDelayMs(error, retry), options.signal);
    }
  }
}
