// The bearer token of a WebSocket upgrade, which browsers can only send as an offered subprotocol
// (`kg.bearer.<base64url of the token>`, see core/schema/task-feed.ts). Read only on upgrade requests.
import { fromBase64url } from '../../core/access/encoding';
import { FEED_BEARER_PREFIX } from '../../core/schema/task-feed';

/** `Bearer <token>` as an Authorization header would carry it, or null when the upgrade offers no token. */
export function bearerFromSubprotocol(headers: Headers): string | null {
  if (headers.get('upgrade')?.toLowerCase() !== 'websocket') return null;
  const offered = (headers.get('sec-websocket-protocol') ?? '').split(',').map((p) => p.trim());
  const encoded = offered.find((p) => p.startsWith(FEED_BEARER_PREFIX))?.slice(FEED_BEARER_PREFIX.length);
  const bytes = encoded ? fromBase64url(encoded) : null;
  if (!bytes) return null;
  try {
    return `Bearer ${new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)}`;
  } catch {
    return null; // not UTF-8
  }
}
