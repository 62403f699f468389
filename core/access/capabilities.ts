// Read capabilities for embedding: `kgc_<payload>.<signature>`, where the payload (base64url JSON) names one
// document, optionally one revision, and an expiry, and the signature is HMAC-SHA-256 under a key that only the
// server can compute:
//
//   documentKey = HMAC-SHA-256(serverSecret, "kg-capability:v1:" + documentId + ":" + documentSecret)
//   signature   = HMAC-SHA-256(documentKey, "kgc1." + payload)
//
// serverSecret is KG_CAPABILITY_SECRET (see capabilityServerSecret); documentSecret is 256 random bits kept on the
// document's row and never sent anywhere. Verifying needs no token table, only the document row every document
// route reads anyway. Rotating documentSecret changes the key, so every token issued before stops verifying.
// Tokens are read-only by construction: the scope field admits nothing but "read".
import { base64url, fromBase64url, hmacSha256, randomSecret, timingSafeEqual, utf8 } from './encoding';

export const CAPABILITY_PREFIX = 'kgc_';
const TOKEN_RE = new RegExp(`^${CAPABILITY_PREFIX}([A-Za-z0-9_-]{1,400})\\.([A-Za-z0-9_-]{43})$`);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Without KG_CAPABILITY_SECRET (local open mode) the server part is this public constant. That is still safe:
 * a token cannot be forged without the document's random secret, which lives only in D1. Setting the variable
 * adds a second secret, so that a leaked database alone is not enough to mint tokens.
 */
export const OPEN_MODE_SERVER_SECRET = 'kg-workbench:open-mode:no-KG_CAPABILITY_SECRET';

export function capabilityServerSecret(configured: string | undefined): string {
  return configured?.trim() || OPEN_MODE_SERVER_SECRET;
}

/** A fresh per-document secret (stored on the row; replaced to revoke every capability of the document). */
export function newDocumentSecret(): string {
  return randomSecret(32);
}

export interface CapabilityClaims {
  documentId: string;
  scope: 'read';
  /** When set, the token reads the document only while it is at this revision. */
  revision?: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface ParsedCapability extends CapabilityClaims {
  /** The exact signed text and its signature, kept for verification. */
  payload: string;
  signature: string;
}

export interface CapabilityKeys {
  serverSecret: string;
  documentSecret: string;
}

export type CapabilityCheck = 'valid' | 'expired' | 'bad_signature';

async function documentKey(documentId: string, keys: CapabilityKeys): Promise<Uint8Array<ArrayBuffer>> {
  return hmacSha256(utf8(keys.serverSecret), `kg-capability:v1:${documentId}:${keys.documentSecret}`);
}

export async function signCapability(claims: CapabilityClaims, keys: CapabilityKeys): Promise<string> {
  const body: Record<string, unknown> = { v: 1, d: claims.documentId, s: claims.scope, e: claims.expiresAt };
  if (claims.revision !== undefined) body.r = claims.revision;
  const payload = base64url(utf8(JSON.stringify(body)));
  const signature = base64url(await hmacSha256(await documentKey(claims.documentId, keys), `kgc1.${payload}`));
  return `${CAPABILITY_PREFIX}${payload}.${signature}`;
}

/** Reads a token's claims without any key (so a request can be routed and an expiry refused early); null if malformed. */
export function parseCapability(token: string): ParsedCapability | null {
  const match = TOKEN_RE.exec(token);
  if (!match) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  const bytes = fromBase64url(payload);
  if (!bytes) return null;
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { v, d, s, e, r } = body as Record<string, unknown>;
  if (v !== 1 || s !== 'read' || typeof d !== 'string' || !UUID_RE.test(d)) return null;
  if (typeof e !== 'number' || !Number.isSafeInteger(e) || e <= 0) return null;
  if (r !== undefined && (typeof r !== 'number' || !Number.isSafeInteger(r) || r < 0)) return null;
  return {
    documentId: d,
    scope: 'read',
    expiresAt: e,
    ...(r === undefined ? {} : { revision: r as number }),
    payload,
    signature,
  };
}

export function isCapabilityExpired(parsed: CapabilityClaims, now: number): boolean {
  return parsed.expiresAt <= now;
}

/** Checks the signature against the document's current secret, then the expiry. */
export async function verifyCapability(
  parsed: ParsedCapability,
  keys: CapabilityKeys,
  now: number,
): Promise<CapabilityCheck> {
  const expected = base64url(await hmacSha256(await documentKey(parsed.documentId, keys), `kgc1.${parsed.payload}`));
  if (!timingSafeEqual(expected, parsed.signature)) return 'bad_signature';
  return isCapabilityExpired(parsed, now) ? 'expired' : 'valid';
}
