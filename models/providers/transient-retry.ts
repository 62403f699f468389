// The one retry policy of every model call (extraction batches, answers, the read-only model tasks, vision
// transcription): each attempt runs under its own wall-clock deadline; a transient provider failure (429, 408, 5xx,
// a connection error) is tried again up to twice. The wait before it is the provider's Retry-After when it gave one
// (waited in full, as asked, when it ends inside the call's deadline; a longer one fails the call at once, as
// rate_limited or provider_error saying so, rather than retrying too early or sleeping the task's time away), else
// an exponential backoff capped at MAX_BACKOFF_MS.
import { KgError } from '../../core/errors';
import { withDeadline } from '../../core/extract/deadline';
import type { Scheduler } from '../../core/scheduler';
import { ProviderFailure } from './provider-failure';

export const TRANSIENT_RETRIES = 2;
export const BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;

export interface TransientRetryOptions {
  /** Each attempt's own deadline (connection and stream); a Retry-After must end inside it to be waited out. */
  timeoutMs: number;
  /** The task's signal: cancels the running attempt and any wait between attempts. */
  signal?: AbortSignal;
  scheduler: Scheduler;
  /** Told before each wait: the failure's HTTP status (0 for a connection error), the wait, and whether asked. */
  onWait?: (wait: { status: number; waitMs: number; asked: boolean }) => void;
}

/** The wait before retry number `retry` (0-based): the provider's Retry-After when it gave one, else a backoff. */
export function retryDelayMs(failure: ProviderFailure, retry: number): number {
  return failure.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** retry);
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
      const waitMs = retryDelayMs(error, retry);
      if (error.retryAfterMs !== undefined && waitMs > options.timeoutMs) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new KgError(
          error.code,
          `${error.detail} It asked to wait ${seconds} s (Retry-After), longer than the call's ${Math.round(options.timeoutMs / 1000)} s deadline.`,
        );
      }
      options.onWait?.({ status: error.httpStatus ?? 0, waitMs, asked: error.retryAfterMs !== undefined });
      await options.scheduler.sleep(waitMs, options.signal);
    }
  }
}
