// Layout cache: a byte-bounded LRU in the isolate's memory in front of a durable tier, because isolates come and
// go and a layout costs seconds of CPU.
// - Document layouts live in R2 next to the document's other blobs (documents/<id>/layouts/r<revision>/...): shared
//   by every isolate and location, never stale (the revision is in the key), removed with the document, and older
//   revisions' layouts are pruned when a new one is stored.
// - Ad hoc layouts (POST /api/layout) go to the Cache API instead: any caller can send any graph, and the platform
//   evicts cache entries on its own, so strangers cannot grow our storage. (It is per data centre and a no-op on
//   workers.dev hosts; the memory tier still serves repeats there.)

export type CacheTier = 'memory' | 'r2' | 'cache-api';

export interface CachedLayout {
  body: string;
  cache: 'hit' | 'miss';
  tier?: CacheTier;
}

export interface DurableTier {
  name: CacheTier;
  get(key: string): Promise<string | null>;
  put(key: string, body: string): Promise<void>;
}

/** Least recently used entries go first once the bodies exceed `maxBytes` (UTF-16 length as a close proxy). */
export class LayoutLru {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** One per isolate: 24 MB of layouts (an 800-node layout is 0.2–0.5 MB of JSON) within the 128 MB heap. */
export const memoryTier = new LayoutLru(24 * 1024 * 1024);

/**
 * Keys being computed in this isolate, with when they started. Never a shared promise: in workerd a promise belongs
 * to the request that created it, and if that request is cancelled (its client went away, it hit a limit) the promise
 * never settles, so every later request awaiting it would hang at 0 % CPU. A request that finds its key here instead
 * polls the memory tier with its own timers for a bounded time, then computes the layout itself.
 */
const computing = new Map<string, number>();
/** How long a request waits for another request's computation of the same layout before doing it itself (ms). */
export const SHARED_WAIT_MS = 20_000;
const POLL_MS = 100;

/** Serves `key` from memory, then the durable tier, and only then computes it (once per isolate at a time). */
export async function cachedLayout(
  key: string,
  durable: DurableTier,
  compute: () => Promise<string>,
  sharedWaitMs = SHARED_WAIT_MS,
): Promise<CachedLayout> {
  const inMemory = memoryTier.get(key);
  if (inMemory !== undefined) return { body: inMemory, cache: 'hit', tier: 'memory' };
  const stored = await durable.get(key).catch(() => null);
  if (stored !== null) {
    memoryTier.set(key, stored);
    return { body: stored, cache: 'hit', tier: durable.name };
  }
  const shared = await waitForOther(key, memoryTier, sharedWaitMs);
  if (shared !== undefined) return { body: shared, cache: 'hit', tier: 'memory' };
  const body = await computeOnce(key, memoryTier, compute);
  // The durable copy is best effort: a failed write costs a recomputation later, not this answer.
  await durable.put(key, body).catch((error) => console.warn('layout cache write failed', String(error)));
  return { body, cache: 'miss' };
}

/** If another request of this isolate is computing `key`, polls `lru` for its answer (bounded); else undefined. */
export async function waitForOther(
  key: string,
  lru: LayoutLru,
  maxWaitMs = SHARED_WAIT_MS,
): Promise<string | undefined> {
  const started = computing.get(key);
  if (started === undefined) return undefined;
  const deadline = started + maxWaitMs;
  while (computing.has(key) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const body = lru.get(key);
    if (body !== undefined) return body;
  }
  return lru.get(key);
}

/** Computes `key`, marking it as in progress for waiters in this isolate, and keeps the answer in `lru`. */
export async function computeOnce(key: string, lru: LayoutLru, compute: () => Promise<string>): Promise<string> {
  const token = Date.now();
  computing.set(key, token);
  try {
    const body = await compute();
    lru.set(key, body);
    return body;
  } finally {
    if (computing.get(key) === token) computing.delete(key);
  }
}

/** R2 tier for one document: keys are `documents/<id>/layouts/r<revision>/<name>.json`. */
export function r2Tier(bucket: R2Bucket, documentId: string, revision: number): DurableTier {
  const prefix = `documents/${documentId}/layouts/`;
  const path = (key: string) => `${prefix}r${revision}/${key.split('|').pop()}.json`;
  return {
    name: 'r2',
    async get(key) {
      const object = await bucket.get(path(key));
      return object ? object.text() : null;
    },
    async put(key, body) {
      await bucket.put(path(key), body, { httpMetadata: { contentType: 'application/json' } });
      // Layouts of older revisions can never be asked for again.
      const stale: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, cursor });
        for (const o of page.objects) {
          const rev = Number(/layouts\/r(\d+)\//.exec(o.key)?.[1]);
          if (rev < revision) stale.push(o.key);
        }
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      if (stale.length) await bucket.delete(stale.slice(0, 1000));
    },
  };
}

/** Cache API tier for ad hoc layouts, under a private host name that no real request uses. */
export function cacheApiTier(): DurableTier {
  const url = (key: string) => `https://layout-cache.kg-workbench.invalid/${encodeURIComponent(key)}`;
  const cache = () => (globalThis as unknown as { caches?: { default?: Cache } }).caches?.default;
  return {
    name: 'cache-api',
    async get(key) {
      const hit = await cache()?.match(url(key));
      return hit ? hit.text() : null;
    },
    async put(key, body) {
      await cache()?.put(
        url(key),
        new Response(body, {
          headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=86400' },
        }),
      );
    },
  };
}
