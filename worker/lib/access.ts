// CORS and auth are configuration: KG_CORS_ORIGINS lists the browser origins allowed to call the API
// ("*" for any; empty for same-origin only), KG_API_TOKEN (a secret) makes every /api call need a bearer token.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { KgError } from '../../core/errors';
import { errorResponse, type AppEnv } from './http';
import { bearerFromSubprotocol } from './feed-token';

export function corsFromConfig(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origins = (c.env.KG_CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    if (origins.length === 0) return next();
    const handler = cors({
      origin: origins.includes('*') ? '*' : origins,
      allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization', 'X-KG-Client'],
      maxAge: 600,
    });
    return handler(c, next);
  };
}

export function bearerAuth(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.env.KG_API_TOKEN ?? '';
    if (!token || c.req.method === 'OPTIONS' || c.req.path === '/api/health') return next();
    // A browser's WebSocket cannot send Authorization: its token comes as a subprotocol (feed-token.ts).
    const given = c.req.header('authorization') ?? bearerFromSubprotocol(c.req.raw.headers) ?? '';
    if (!timingSafeEqual(given, `Bearer ${token}`)) return errorResponse(c, new KgError('unauthorized'));
    return next();
  };
}

function timingSafeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}
