// GET /api/documents for each kind of caller: an API key lists the documents it owns; open mode lists the documents
// whose write capabilities the caller sends (held-documents.ts); a capability lists its one document.
import { KgError } from '../../core/errors';
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
) {
  if (principal.grant) {
    const row = await authorizeDocument(env, principal, principal.grant.documentId, 'read').catch((error: unknown) => {
      if (error instanceof KgError && error.code === 'not_found') return null; // a pinned revision that moved on
      throw error;
    });
    return { items: row ? [toSummary(row)] : [], nextCursor: null };
  }
  if (principal.via === 'open') {
    return documentsHeld(env, heldCapabilities(heldHeader), cursor, limit);
  }
  if (principal.via === 'public') throw new KgError('unauthorized');
  return listDocuments(env, principal.id, cursor, limit);
}
