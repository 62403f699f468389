// Who is calling: resolved once per request by the access middleware (worker/middleware/principal/) and read by routes as
// c.get('principal'). Sources: the bootstrap admin key (KG_API_TOKEN), open mode (no key configured), API keys
// with scopes, and per-document capabilities (worker/auth/principals.ts; what each may do: auth/document-access.ts).

import { SCOPES, type Scope } from '../../core/access/scopes';
import type { ParsedCapability } from '../../core/access/capabilities';

/** What a per-document credential grants: a signed read capability, or the open-mode write capability. */
export type DocumentGrant =
  | {
      readonly kind: 'read';
      readonly documentId: string;
      readonly revision?: number;
      readonly capability: ParsedCapability;
    }
  | { readonly kind: 'write'; readonly documentId: string; readonly token: string };

export interface Principal {
  /** Stable id of the caller (an API key's id later); documents will belong to it. */
  readonly id: string;
  readonly scopes: readonly Scope[];
  /** How the caller was recognised. */
  readonly via: 'api-token' | 'api-key' | 'capability' | 'open' | 'public';
  /** Set for a capability: the one document it opens (worker/auth/principals.ts, checked in document-access.ts). */
  readonly grant?: DocumentGrant;
}

/** The holder of KG_API_TOKEN. */
export const BOOTSTRAP_ADMIN: Principal = Object.freeze<Principal>({
  id: 'bootstrap-admin',
  scopes: SCOPES,
  via: 'api-token',
});

/** No key is configured: everyone may do everything (the default of `npm start`). */
export const OPEN_MODE: Principal = Object.freeze<Principal>({
  id: 'open',
  scopes: SCOPES,
  via: 'open',
});

/** Routes that need no key even when one is configured (health checks, CORS preflights). */
export const PUBLIC_CALLER: Principal = Object.freeze<Principal>({ id: 'public', scopes: [], via: 'public' });
