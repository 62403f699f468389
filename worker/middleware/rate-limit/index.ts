// Rate limits per caller and route class, counted in a RateLimiterDO (one instance per caller, so one caller's
// flood never slows another's counting; its buckets are stored, so they outlive the instance). The caller is the
// principal the access middleware resolved; in open mode (everyone is the same principal) and for public routes it
// is the client's address: `cf-connecting-ip` as the edge sets it, or one local address (KG_CALLER_ADDRESS, config.ts).
// Over the limit: 429 `rate_limited` with Retry-After. The health check and CORS preflights are not counted. If the
// counter cannot be reached the request goes through: limits protect capacity, they must not become an outage.
import type { Context, MiddlewareHandler } from 'hono';
import { KgError } from '../../../core/errors';
import { errorResponse, type AppEnv } from '../../lib/http';
import { oncePerConfig } from '../../lib/once-per-config';
import { callerAddress, rateLimitConfig, type RouteClass } from './config';

export function rateLimit(): MiddlewareHandler<AppEnv> {
  const configFor = oncePerConfig(
    (env) => env.KG_RATE_LIMITS ?? '',
    (env) => rateLimitConfig(env.KG_RATE_LIMITS),
  );
  return async (c, next) => {
    const config = configFor(c.env);
    const limiter = (c.env as Partial<Pick<Env, 'RATE_LIMITER'>>).RATE_LIMITER;
    if (!config.enabled || !limiter || c.req.method === 'OPTIONS' || c.req.path === '/api/health') return next();
    const routeClass = classify(c.req.method, c.req.path);
    const rule = config.classes[routeClass];
    let verdict: { allowed: boolean; retryAfterSeconds: number; remaining: number } | null = null;
    try {
      verdict = await limiter.getByName(callerKey(c)).take(routeClass, rule);
    } catch (error) {
      console.warn('rate limiter unavailable; letting the request through', String(error));
    }
    if (verdict && !verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return errorResponse(
        c,
        new KgError(
          'rate_limited',
          `This caller's ${routeClass} request limit is used up; retry in ${verdict.retryAfterSeconds} s.`,
        ),
      );
    }
    return next();
  };
}

export function classify(method: string, path: string): RouteClass {
  if (path === '/api/layout' || /^\/api\/documents\/[^/]+\/layout\/?$/.test(path)) return 'layout';
  // A structured graph query is a bounded read that a reader's search panel sends as often as a page of the graph;
  // the other reading POSTs (answers, questions, checks) start model tasks or seconds of work: they stay `write`.
  if (method === 'POST' && /^\/api\/documents\/[^/]+\/query\/?$/.test(path)) return 'light';
  return method === 'GET' || method === 'HEAD' ? 'light' : 'write';
}

/** Callers recognised by a key of their own; everyone else (open mode, public routes, a capability that every
 * visitor of an embedding page shares) is counted per IP. */
const KEYED = new Set<string>(['api-token', 'api-key']);

function callerKey(c: Context<AppEnv>): string {
  const principal = c.get('principal');
  if (principal && KEYED.has(principal.via)) return `principal:${principal.id}`;
  if (callerAddress(c.env.KG_CALLER_ADDRESS) === 'local') return 'ip:local';
  return `ip:${c.req.header('cf-connecting-ip') ?? 'local'}`;
}
