// GET /api/documents for each kind of caller: an API key lists the documents it owns; open mode lists the documents
// whose write capabilities the caller sends (held-documents.ts); a capability lists its one document. With
// ?deleted=1 the same callers list their deleted documents (restorable for 30 days), a capability none.
import { KgError } from '../../core/errors';
import type { DocumentListing } from '../../storage/documents';
import type { Principal } from '../lib/principal';
import { listDocuments, toSummary } from '../services/documents';
import { authorizeDocument } from './document-access';
import { documentsHeld, heldCapabilities } from './held-documents';

export async function listVisibleDocuments(
  env: Env,
  principal: Principal,
  heldHeader: string | undefined,
  cursor: string | undefined,
  limit: number,
  listing: DocumentListing = 'live',
) {
  if (principal.grant) {
    // A capability names one document; the deleted listing is for whoever may restore, which a capability cannot
    // tell from here without its document: only the live listing lists it.
    if (listing === 'deleted') return { items: [], nextCursor: null };
    const row = await authorizeDocument(env, principal, principal.grant.documentId, 'read').catch((error: unknown) => {
      if (error instanceof KgError && error.code === 'not_found') return null; // a pinned revision that moved on
      throw error;
    });
    return { items: row ? [toSummary(row)] : [], nextCursor: null };
  }
  if (principal.via === 'open') {
    return documentsHeld(env, heldCapabilities(heldHeader), cursor, limit, listing);
  }
  if (principal.via === 'public') throw new KgError('unauthorized');
  return listDocuments(env, principal.id, cursor, limit, listing);
}
