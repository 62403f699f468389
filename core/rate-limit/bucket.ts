// Token bucket, pure: `capacity` requests at once, refilled at `perMinute` a minute. A bucket is a level and the time
// it was last refilled, so it costs two numbers per (caller, route class) and needs no timer.

export interface BucketRule {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Tokens added per minute (the sustained rate). */
  perMinute: number;
}

export interface BucketState {
  tokens: number;
  at: number;
}

export interface TakeResult {
  allowed: boolean;
  /** Tokens left after this request. */
  remaining: number;
  /** Whole seconds until one token is back (0 when allowed). */
  retryAfterSeconds: number;
}

export function takeToken(
  state: BucketState | undefined,
  rule: BucketRule,
  now: number,
): { state: BucketState; result: TakeResult } {
  const perMs = rule.perMinute / 60_000;
  const level = state ? Math.min(rule.capacity, state.tokens + Math.max(0, now - state.at) * perMs) : rule.capacity;
  if (level >= 1) {
    return {
      state: { tokens: level - 1, at: now },
      result: { allowed: true, remaining: Math.floor(level - 1), retryAfterSeconds: 0 },
    };
  }
  const waitMs = perMs > 0 ? (1 - level) / perMs : 3_600_000;
  return {
    state: { tokens: level, at: now },
    result: { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
  };
}

/** When the bucket is full again, so that forgetting it changes nothing (Infinity for a rule that never refills). */
export function fullAt(state: BucketState, rule: BucketRule): number {
  const missing = Math.max(0, rule.capacity - state.tokens);
  if (missing === 0) return state.at;
  return rule.perMinute > 0 ? state.at + Math.ceil((missing * 60_000) / rule.perMinute) : Number.POSITIVE_INFINITY;
}
