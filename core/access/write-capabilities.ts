// Write capabilities of the open local mode: `kgw_<documentId>.<256 random bits>`, handed out once when a
// document is created. The document row keeps only a hash. The document id inside lets a listing find the
// documents a browser holds capabilities for, and lets a route refuse a capability for another document
// without hashing anything.
import { randomSecret, sha256Base64url, timingSafeEqual } from './encoding';

export const WRITE_CAPABILITY_PREFIX = 'kgw_';
const WRITE_RE = new RegExp(
  `^${WRITE_CAPABILITY_PREFIX}([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.[A-Za-z0-9_-]{43}$`,
);

export function newWriteCapability(documentId: string): string {
  return `${WRITE_CAPABILITY_PREFIX}${documentId}.${randomSecret(32)}`;
}

/** The document a write capability names; null when the text is not one. */
export function writeCapabilityDocument(token: string): string | null {
  return WRITE_RE.exec(token)?.[1] ?? null;
}

export function writeCapabilityHash(token: string): Promise<string> {
  return sha256Base64url(`kg-write-capability:${token}`);
}

/** True when `token` is the capability whose hash the document row stores. */
export async function matchesWriteCapability(token: string, storedHash: string | null | undefined): Promise<boolean> {
  if (!storedHash) return false;
  return timingSafeEqual(await writeCapabilityHash(token), storedHash);
}
