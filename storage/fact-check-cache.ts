// Cached Wikipedia answers for the fact-check (issue 14): identical MediaWiki requests are answered from R2 for a
// day, keyed by the SHA-256 of endpoint + query, so re-checking a document does not ask Wikipedia again. Only
// successful answers are cached; a failure is retried by the next check. The cache is shared by every document
// (it holds public search results only) and expires by age on read.
import { sha256Hex } from '../core/ids';
import type { BlobEnv } from './blobs';

export const WIKI_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const PREFIX = 'cache/wikipedia/';

const keyOf = async (url: string) => `${PREFIX}${await sha256Hex(url)}.json`;

export async function readWikiCache(env: BlobEnv, url: string, now: number): Promise<unknown | undefined> {
  const object = await env.BLOBS.get(await keyOf(url));
  if (!object) return undefined;
  const stored = Number(object.customMetadata?.storedAt ?? 0);
  if (!(now - stored < WIKI_CACHE_TTL_MS)) return undefined;
  try {
    return JSON.parse(await object.text());
  } catch {
    return undefined;
  }
}

export async function writeWikiCache(env: BlobEnv, url: string, body: unknown, now: number): Promise<void> {
  await env.BLOBS.put(await keyOf(url), JSON.stringify(body), {
    httpMetadata: { contentType: 'application/json' },
    customMetadata: { storedAt: String(now) },
  });
}
