// The open mode's "my documents" list: a browser sends the write capabilities it holds (X-KG-Capabilities, comma
// separated, at most MAX_HELD) and gets the summaries of the documents they open, newest first. Only capabilities
// whose hash matches their document row count, so a list never shows a document its caller cannot change.
// Why a header and not a list kept by the page alone: one round trip instead of one per document, and the server
// stays the judge of what is listed (a removed document simply drops out).
import { matchesWriteCapability, writeCapabilityDocument } from '../../core/access';
import { KgError } from '../../core/errors';
import type { DocumentRow } from '../../storage/document-rows';
import { documentsNewestFirst, readDocumentCursor, type DocumentListing } from '../../storage/documents';
import { documentPage, withoutPurged } from '../services/documents';

export const HELD_CAPABILITIES_HEADER = 'X-KG-Capabilities';
export const MAX_HELD = 100;

/** Document ids of the capabilities in the header (parsed only; hashes are checked by documentsHeld). */
export function heldCapabilities(header: string | undefined): Map<string, string> {
  const held = new Map<string, string>();
  const tokens = (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.length > MAX_HELD)
    throw new KgError('invalid_input', `${HELD_CAPABILITIES_HEADER} carries at most ${MAX_HELD} capabilities.`);
  for (const token of tokens) {
    const documentId = writeCapabilityDocument(token);
    if (documentId) held.set(documentId, token);
  }
  return held;
}

/**
 * The held documents newest first, keyset-paged like every listing (a cursor is `updatedAt|id`, or `deletedAt|id`
 * for the deleted ones).
 */
export async function documentsHeld(
  env: Env,
  held: Map<string, string>,
  cursor: string | undefined,
  limit: number,
  listing: DocumentListing = 'live',
) {
  const after = cursor ? readDocumentCursor(cursor) : null;
  if (held.size === 0) return { items: [], nextCursor: null };
  // Every held document past the cursor (at most MAX_HELD), then those whose capability matches, one beyond the page.
  const found = await documentsNewestFirst(env, { ids: [...held.keys()] }, after, undefined, listing);
  const rows = listing === 'deleted' ? await withoutPurged(env, found) : found;
  const mine: DocumentRow[] = [];
  for (const row of rows) {
    if (await matchesWriteCapability(held.get(row.id)!, row.writeCapabilityHash)) mine.push(row);
    if (mine.length > limit) break;
  }
  return documentPage(mine, limit, listing);
}
