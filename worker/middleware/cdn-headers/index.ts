// The CDN single file (/cdn/<version>/kg-workbench.js, built by scripts/lib/cdn-file.mjs): a versioned file whose
// bytes never change under its name, so it is cached for a year as immutable, and any site may load it (it carries
// no data, only code; pages pin it with Subresource Integrity, which needs CORS). Registered before the security
// headers so that these win over the Worker's same-origin defaults (CORS from KG_CORS_ORIGINS, CORP same-origin).
// Errors (a version that is not there) keep the no-store the security headers give them.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../lib/http';

export const CDN_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CDN_HEADERS = Object.entries({
  'Cache-Control': CDN_CACHE_CONTROL,
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
});

export function cdnHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 304) return;
    try {
      for (const [name, value] of CDN_HEADERS) c.res.headers.set(name, value);
    } catch {
      // Answers fetched from a binding have immutable headers: copy them once.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of CDN_HEADERS) c.res.headers.set(name, value);
    }
    // One answer for every origin: no Vary on Origin left by the configured CORS.
    c.res.headers.delete('Vary');
  };
}
