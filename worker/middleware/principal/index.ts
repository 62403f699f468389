// Who is calling, for every /api request: KG_API_TOKEN (a secret) makes every /api call need a bearer token; without
// it (open mode) none is needed, but one that is sent must be valid. Hono's bearer-auth is built once.
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import { KgError } from '../../../core/errors';
import { principalFromBearer } from '../../auth/principals';
import { bearerFromSubprotocol } from '../../lib/feed-token';
import { errorResponse, type AppEnv } from '../../lib/http';
import { BOOTSTRAP_ADMIN, OPEN_MODE, PUBLIC_CALLER, type Principal } from '../../lib/principal';

// The one route a browser opens as a WebSocket; its token can only come as a subprotocol (feed-token.ts).
const TASK_EVENTS = /^\/api\/tasks\/[^/]+\/events$/;

const unauthorized = (c: Context) => errorResponse(c, new KgError('unauthorized'));

/** The principal a bearer token stands for, or null (401). Today the one key is KG_API_TOKEN, the bootstrap admin. */
export async function principalFor(env: Env, token: string): Promise<Principal | null> {
  const bootstrap = env.KG_API_TOKEN ?? '';
  if (bootstrap && (await timingSafeEqual(token, bootstrap))) return BOOTSTRAP_ADMIN;
  // API keys, read capabilities and open-mode write capabilities (worker/auth/principals.ts).
  return principalFromBearer(env, token);
}

/**
 * Resolves who is calling and puts it on the context as `principal`, for every /api request, before any route runs.
 * Open mode (no KG_API_TOKEN) resolves everyone to OPEN_MODE; with a key, a request without a valid bearer token
 * answers 401 (typed envelope, WWW-Authenticate challenge), except the health check and CORS preflights.
 */
export function resolvePrincipal(): MiddlewareHandler<AppEnv> {
  const bearer = bearerAuth<AppEnv>({
    verifyToken: async (token, c) => {
      const principal = await principalFor(c.env, token);
      if (principal) c.set('principal', principal);
      return principal !== null;
    },
    noAuthenticationHeader: { message: unauthorized },
    invalidAuthenticationHeader: { message: unauthorized },
    invalidToken: { message: unauthorized },
  });
  return async (c, next) => {
    if (!c.env.KG_API_TOKEN) {
      // Open mode: no token is needed, but one that is sent (a capability, a key) must be valid.
      const given =
        c.req.header('authorization') ??
        (TASK_EVENTS.test(c.req.path) ? bearerFromSubprotocol(c.req.raw.headers) : null);
      if (!given || c.req.method === 'OPTIONS' || c.req.path === '/api/health') {
        c.set('principal', OPEN_MODE);
        return next();
      }
      const principal = /^Bearer [^\s]+$/.test(given) ? await principalFor(c.env, given.slice('Bearer '.length)) : null;
      if (!principal) return unauthorized(c);
      c.set('principal', principal);
      return next();
    }
    if (c.req.method === 'OPTIONS' || c.req.path === '/api/health') {
      c.set('principal', PUBLIC_CALLER);
      return next();
    }
    if (TASK_EVENTS.test(c.req.path) && !c.req.header('authorization')) {
      const given = bearerFromSubprotocol(c.req.raw.headers); // "Bearer <token>" or null
      const principal = given ? await principalFor(c.env, given.slice('Bearer '.length)) : null;
      if (!principal) return unauthorized(c);
      c.set('principal', principal);
      return next();
    }
    return bearer(c, next);
  };
}
