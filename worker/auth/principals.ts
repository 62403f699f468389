// Who a bearer token stands for. The access middleware (worker/middleware/principal/) calls principalFromBearer for every
// token that is not the bootstrap key (KG_API_TOKEN); null means "not a credential we accept" and answers 401.
//
//   kgk_…  an API key: looked up by its hash in D1 (api_keys), refused once revoked; owns the documents it creates
//   kgc_…  a read capability: parsed and its expiry checked here, no database read; its signature is checked
//          against the document's secret when the document is opened (document-access.ts)
//   kgw_…  an open-mode write capability: bound to one document, checked against the hash on the document row;
//          refused (401) once KG_API_TOKEN is set
import { CAPABILITY_PREFIX, isApiKeyFormat, parseCapability, writeCapabilityDocument } from '../../core/access';
import type { DocumentGrant, Principal } from '../lib/principal';

import { findActiveKey } from './api-key-store';

/** A credential bound to one document (a read or write capability); API keys and open mode have none. */

export async function principalFromBearer(env: Env, token: string, now = Date.now()): Promise<Principal | null> {
  if (isApiKeyFormat(token)) {
    const key = await findActiveKey(env, token);
    return key ? { id: key.id, scopes: key.scopes, via: 'api-key' } : null;
  }
  if (token.startsWith(CAPABILITY_PREFIX)) {
    const capability = parseCapability(token);
    if (!capability || capability.expiresAt <= now) return null;
    const grant: DocumentGrant = {
      kind: 'read',
      documentId: capability.documentId,
      revision: capability.revision,
      capability,
    };
    return { id: `capability:${capability.documentId}`, scopes: ['read'], via: 'capability', grant };
  }
  // Write capabilities belong to open mode; with KG_API_TOKEN set, keys are the only way to change documents.
  const documentId = env.KG_API_TOKEN ? null : writeCapabilityDocument(token);
  if (documentId) {
    const grant: DocumentGrant = { kind: 'write', documentId, token };
    return { id: `write-capability:${documentId}`, scopes: ['read', 'write'], via: 'capability', grant };
  }
  return null;
}

/** Creating documents needs a principal that is not bound to one document: an API key with write, or open mode. */
export function canCreateDocuments(principal: Principal): boolean {
  if (principal.via === 'open') return true;
  return (
    principal.via !== 'capability' &&
    principal.via !== 'public' &&
    principal.scopes.some((s) => s === 'write' || s === 'admin')
  );
}

/** Managing API keys needs an admin key (the bootstrap KG_API_TOKEN or a key with the admin scope); never open mode. */
export function canManageKeys(principal: Principal): boolean {
  return (principal.via === 'api-token' || principal.via === 'api-key') && principal.scopes.includes('admin');
}
