// Counts requests for one caller (one instance per principal or address, see worker/middleware/rate-limit/): a token
// bucket per route class, kept in the object's SQLite storage and written as each token is taken, so a new instance
// reads the spent tokens back. (Kept in memory they were lost whenever workerd evicted the idle object, after about
// 10 s: a client that paused that long got a full bucket again.) An object runs one event at a time and the
// synchronous KV calls never yield, so a take is atomic without a transaction. Once every bucket would be full again
// an alarm deletes the storage: a forgotten full bucket is a full bucket, and an idle caller keeps nothing stored.
import { DurableObject } from 'cloudflare:workers';
import { fullAt, takeToken, type BucketRule, type BucketState, type TakeResult } from '../core/rate-limit/bucket';

interface StoredBucket extends BucketState {
  fullAt: number;
}

const BUCKET = 'bucket:';
const CLEANUP_AT = 'cleanup-at';
/** Added to the clean-up time, so a caller spending steadily moves the alarm about once a minute, not every take. */
const CLEANUP_SLACK_MS = 60_000;

export class RateLimiterDO extends DurableObject<Env> {
  async take(routeClass: string, rule: BucketRule): Promise<TakeResult> {
    const kv = this.ctx.storage.kv;
    const key = BUCKET + routeClass;
    const { state, result } = takeToken(kv.get<StoredBucket>(key), rule, Date.now());
    const full = fullAt(state, rule);
    kv.put<StoredBucket>(key, { ...state, fullAt: full });
    if (Number.isFinite(full) && full > (kv.get<number>(CLEANUP_AT) ?? 0))
      await this.cleanUpAt(full + CLEANUP_SLACK_MS);
    return result;
  }

  override async alarm(): Promise<void> {
    let latest = 0;
    for (const [, bucket] of this.ctx.storage.kv.list<StoredBucket>({ prefix: BUCKET }))
      latest = Math.max(latest, bucket.fullAt);
    // A bucket that never refills (perMinute 0) is kept; one still refilling moves the alarm.
    if (latest === Number.POSITIVE_INFINITY) return;
    if (latest > Date.now()) return this.cleanUpAt(latest + CLEANUP_SLACK_MS);
    await this.ctx.storage.deleteAll();
  }

  private async cleanUpAt(time: number): Promise<void> {
    this.ctx.storage.kv.put(CLEANUP_AT, time);
    await this.ctx.storage.setAlarm(time);
  }
}
