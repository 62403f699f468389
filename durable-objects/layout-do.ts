// Layered layouts run here, in Durable Object instances of their own (sharded by the layout's cache key), not in the
// Worker that serves the request: ELK holds its isolate's thread for seconds, and on the platform a Durable Object
// runs in its own isolate, so status reads, health checks and other API calls in the Worker's isolate are not
// queued behind it. Requests for the same key meet in the same instance, which computes it once and keeps recent
// answers in memory. (Locally, `wrangler dev` runs every isolate on one workerd thread, so this separation only
// shows on the platform; see docs/fair-use.md.)
import { DurableObject } from 'cloudflare:workers';
import { isKgError } from '../core/errors';
import { layoutLayered, type LayeredOptions } from '../core/layout/layered';
import type { LayoutGraph } from '../core/layout/types';
import { computeOnce, LayoutLru, waitForOther } from './layout/cache';
import { withElk } from './layout/elk';
import { fail, ok, type RpcResult } from './rpc';

export interface LayoutJob {
  key: string;
  graph: LayoutGraph;
  direction: NonNullable<LayeredOptions['direction']>;
}

/** Shards: enough that unrelated layouts rarely share an instance, few enough that repeats find a warm engine. */
export const LAYOUT_SHARDS = 8;

/** Recent answers of one instance (an 800-node layout is 0.2-0.5 MB of JSON). */
const recent = new LayoutLru(8 * 1024 * 1024);

export class LayoutDO extends DurableObject<Env> {
  /** The layout's JSON (`LayoutResult`), computed once per key at a time in this instance. */
  async layout(job: LayoutJob): Promise<RpcResult<string>> {
    const key = `do|${job.key}`;
    try {
      const known = recent.get(key) ?? (await waitForOther(key, recent));
      if (known !== undefined) return ok(known);
      const body = await computeOnce(key, recent, async () =>
        JSON.stringify(await withElk((elk) => layoutLayered(job.graph, elk, { direction: job.direction }))),
      );
      return ok(body);
    } catch (error) {
      if (isKgError(error)) return fail(error.code, error.detail);
      throw error;
    }
  }
}

/** The instance for a key: FNV-1a of the key, modulo the shard count. */
export function layoutShard(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return `layout-${(hash >>> 0) % LAYOUT_SHARDS}`;
}
