// The listings' cursors (documents, candidates, the audit log): the sort key of a page's last row, its two parts
// joined by '|', in base64 without padding. Opaque to clients; one codec, so every listing keeps this wire format
// (cursors handed out earlier still decode) and answers a bad cursor with the same invalid_input.
import { KgError } from '../errors';

/** The two parts of a keyset sort key, e.g. (updatedAt, id) or (revision, seq). */
export type CursorKey = readonly [string | number, string | number];

export function encodeCursor(key: CursorKey): string {
  return btoa(key.join('|')).replace(/=+$/, '');
}

/**
 * The key a cursor holds: `readKey` gets its parts and answers the listing's key, or null when they are not one
 * (each listing reads the first two parts). Anything that is not such a key throws invalid_input.
 */
export function decodeCursor<K>(cursor: string, readKey: (parts: string[]) => K | null): K {
  let key: K | null = null;
  try {
    key = readKey(atob(cursor).split('|'));
  } catch {
    // not base64: the same answer as a key that does not check
  }
  if (key === null) throw new KgError('invalid_input', 'cursor is not valid.');
  return key;
}

/**
 * A page of at most `limit` rows out of up to `limit + 1` read, and the cursor of its last row when more followed:
 * how every listing reads one row beyond its page to know whether another page exists.
 */
export function pageWithCursor<R>(
  rows: readonly R[],
  limit: number,
  keyOf: (row: R) => CursorKey,
): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
