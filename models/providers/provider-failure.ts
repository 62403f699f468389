// Every provider error becomes a typed failure (rate_limited, provider_error) that says whether a retry can help and,
// from the provider's Retry-After, how long to wait first; nothing from the provider's body or the key is echoed.
import { APICallError } from 'ai';
import { KgError, isKgError } from '../../core/errors';
import type { ModelConfig } from '../config';
import { OpenAIStreamError, refusalKind } from './openai-stream';

/** A provider error, with whether retrying the same call may succeed. */
export class ProviderFailure extends KgError {
  constructor(
    code: 'rate_limited' | 'provider_error',
    detail: string,
    readonly retryable: boolean,
    /** How long the provider asked us to wait (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
    /** The provider's HTTP status, when it answered with one. */
    readonly httpStatus?: number,
  ) {
    super(code, detail);
  }
}

export function toProviderFailure(error: unknown, config: ModelConfig): KgError {
  if (isKgError(error)) return error;
  if (error instanceof OpenAIStreamError && error.status !== undefined) {
    if (error.about === 'context') return contextTooLong(config);
    return statusFailure(error.status, config, error.retryAfter);
  }
  if (APICallError.isInstance(error) && error.statusCode !== undefined) {
    if (refusalKind(error.statusCode, error.responseBody ?? '', false) === 'context') return contextTooLong(config);
    return statusFailure(error.statusCode, config, error.responseHeaders?.['retry-after'] ?? null);
  }
  const message = error instanceof Error ? error.message : String(error);
  // Connection refused, reset, DNS: the provider may come back.
  return new ProviderFailure('provider_error', `${config.id}: ${message.slice(0, 200)}`, true);
}

/** The prompt is longer than the model's context window: the pipeline halves the batch (never a retry as is). */
function contextTooLong(config: ModelConfig): KgError {
  return new KgError('context_too_long', `${config.id} refused the prompt as longer than its context window.`);
}

export function statusFailure(status: number, config: ModelConfig, retryAfter: string | null): ProviderFailure {
  const retryAfterMs = parseRetryAfter(retryAfter, Date.now());
  if (status === 429) return new ProviderFailure('rate_limited', `${config.id} answered 429.`, true, retryAfterMs, 429);
  const retryable = status === 408 || status >= 500;
  return new ProviderFailure(
    'provider_error',
    `${config.id} answered HTTP ${status}.`,
    retryable,
    retryAfterMs,
    status,
  );
}

/**
 * A Retry-After header in milliseconds from `nowMs`: either delay-seconds ("120") or an HTTP-date ("Wed, 21 Oct
 * 2015 07:28:00 GMT", RFC 9110 §10.2.3); a date already past is 0; anything else is undefined (no advice).
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
