// Public code: the component's files carry no data, only code, so any page may load them — the embed snippet and
// the static `src` mode must work from a docs site on another origin with no setting at all. The API stays
// origin-gated (KG_CORS_ORIGINS, ../cors/). Registered before the security headers so that these win over the
// Worker's same-origin defaults (CORS from KG_CORS_ORIGINS, CORP same-origin). Errors keep the defaults.
// - The CDN single file (/cdn/<version>/kg-workbench.js, built by scripts/lib/cdn-file.mjs) is versioned and its bytes
//   never change under its name, so it is also cached for a year as immutable (pages pin it with Subresource
//   Integrity, which needs CORS).
// - The entry (/kg-workbench.js), its chunks (/chunks/…) and the element manifest keep their own caching (the entry's
//   name is not versioned).
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../lib/http';

export const CDN_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The paths of the component's code served from public/ (besides /cdn/), loadable from any origin. */
export const PUBLIC_CODE_PATHS = ['/kg-workbench.js', '/chunks/*', '/custom-elements.json'] as const;

const ANY_ORIGIN = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

function publicHeaders(headers: Record<string, string>): MiddlewareHandler<AppEnv> {
  const entries = Object.entries(headers);
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 304) return;
    try {
      for (const [name, value] of entries) c.res.headers.set(name, value);
    } catch {
      // Answers fetched from a binding have immutable headers: copy them once.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of entries) c.res.headers.set(name, value);
    }
    // One answer for every origin: no Vary on Origin left by the configured CORS.
    c.res.headers.delete('Vary');
  };
}

/** The versioned CDN file: any origin, cached as immutable. */
export function cdnHeaders(): MiddlewareHandler<AppEnv> {
  return publicHeaders({ 'Cache-Control': CDN_CACHE_CONTROL, ...ANY_ORIGIN });
}

/** The entry, its chunks and the manifest: any origin, their own caching. */
export function publicCodeHeaders(): MiddlewareHandler<AppEnv> {
  return publicHeaders(ANY_ORIGIN);
}
