// Counts requests for one caller (one instance per principal or IP, see worker/rate-limit/middleware.ts): a token
// bucket per route class, kept in memory. A Durable Object is single-threaded, so taking a token is atomic without
// storage transactions; if the instance is evicted, its buckets start full again, which errs on the caller's side.
import { DurableObject } from 'cloudflare:workers';
import { takeToken, type BucketRule, type BucketState, type TakeResult } from '../core/rate-limit/bucket';

export class RateLimiterDO extends DurableObject<Env> {
  private readonly buckets = new Map<string, BucketState>();

  async take(routeClass: string, rule: BucketRule): Promise<TakeResult> {
    const { state, result } = takeToken(this.buckets.get(routeClass), rule, Date.now());
    this.buckets.set(routeClass, state);
    return result;
  }
}
