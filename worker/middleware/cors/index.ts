// CORS is configuration: KG_CORS_ORIGINS lists the browser origins allowed to call the API and to load the component
// and static files ("*" for any; empty for same-origin only). Hono's cors is built once per configuration value, not
// once per request; extension origins are answered before this by the extension gate (../extension-origins/).
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../../lib/http';
import { oncePerConfig } from '../../lib/once-per-config';

/** Origins from KG_CORS_ORIGINS; empty means none. */
export function corsOrigins(env: Env): string[] {
  return (env.KG_CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** What a cross-origin caller may send and read, the same for every configured origin. */
const CORS_RULES = {
  allowMethods: ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-KG-Capabilities'],
  exposeHeaders: ['Content-Disposition', 'X-KG-Layout-Cache', 'Retry-After'],
  maxAge: 600,
};

/** CORS for every path (API, component script, static files), so the embed snippet works from another origin. */
export function corsFromConfig(): MiddlewareHandler<AppEnv> {
  const handlerFor = oncePerConfig(
    (env) => env.KG_CORS_ORIGINS ?? '',
    (env): MiddlewareHandler<AppEnv> | null => {
      const origins = corsOrigins(env);
      return origins.length === 0 ? null : cors({ origin: origins.includes('*') ? '*' : origins, ...CORS_RULES });
    },
  );
  return async (c, next) => {
    const handler = handlerFor(c.env);
    return handler ? handler(c, next) : next();
  };
}
