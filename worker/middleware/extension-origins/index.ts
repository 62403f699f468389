// The browser extension's gate (docs/contracts/extension.md#server-gate). A request whose Origin is a browser-extension origin
// (chrome-extension://<id>) is accepted only from the origins listed in KG_EXTENSION_ORIGINS (comma-separated,
// trailing "/" stripped; empty = none) and only on the routes the extension needs: start an extraction, follow and
// cancel its task, list the models, and read the result it made (our task status carries no graph, unlike the
// seed's, so the document's read routes stand in for the seed's task-status `result`). Every other route answers 404
// to an extension origin (the seed's endpoint allowlist: no query, answers, commits, verification, export, images,
// keys, traces, document list…); an unlisted extension origin gets 403 with no CORS headers.
// Access rules are not repeated here: an allowed request still passes auth and document access like any other.
// Origins that are not extension origins pass through untouched (KG_CORS_ORIGINS governs them).
import type { MiddlewareHandler } from 'hono';
import { KgError } from '../../../core/errors';
import { errorResponse, type AppEnv } from '../../lib/http';
import { oncePerConfig } from '../../lib/once-per-config';

const EXTENSION_ORIGIN = /^(?:chrome|moz|safari-web)-extension:\/\//i;

/** The routes an extension origin may call: method and path. HEAD goes with GET. */
const ALLOWED: Array<[methods: string[], path: RegExp]> = [
  [['POST'], /^\/api\/documents$/], // extract
  [['GET'], /^\/api\/models$/], // list-models
  [['GET'], /^\/api\/tasks\/[^/]+(?:\/events)?$/], // task-status (and its progress feed)
  [['POST'], /^\/api\/tasks\/[^/]+\/cancel$/], // task-cancel
  [['GET'], /^\/api\/documents\/[^/]+(?:\/units|\/graph|\/layout)?$/], // the extraction's result, read-only
];

/** KG_EXTENSION_ORIGINS as a list of exact origins (lower-case scheme and id, no trailing slash). */
export function extensionOrigins(env: Env): string[] {
  const raw = (env as Env & { KG_EXTENSION_ORIGINS?: string }).KG_EXTENSION_ORIGINS ?? '';
  return raw
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, '').toLowerCase())
    .filter((o) => EXTENSION_ORIGIN.test(o));
}

export function extensionRouteAllowed(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return ALLOWED.some(([methods, pattern]) => methods.includes(m) && pattern.test(path));
}

function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-KG-Capabilities',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

export function extensionOriginGate(): MiddlewareHandler<AppEnv> {
  const allowedFor = oncePerConfig(
    (env) => (env as Env & { KG_EXTENSION_ORIGINS?: string }).KG_EXTENSION_ORIGINS ?? '',
    extensionOrigins,
  );
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || !EXTENSION_ORIGIN.test(origin)) return next();
    if (!allowedFor(c.env).includes(origin.toLowerCase())) {
      return errorResponse(
        c,
        new KgError('forbidden', { en: 'This extension origin is not allowed.', zh: '不允许该扩展来源。' }),
      );
    }
    const method =
      c.req.method === 'OPTIONS'
        ? (c.req.header('access-control-request-method') ?? 'GET').toUpperCase()
        : c.req.method;
    if (!extensionRouteAllowed(method, c.req.path)) return errorResponse(c, new KgError('not_found'));
    if (c.req.method === 'OPTIONS') return c.body(null, 204, corsHeaders(origin));
    await next();
    // A WebSocket upgrade (the task feed) is not a CORS answer; its headers belong to the runtime.
    if (c.res.status === 101) return;
    try {
      for (const [name, value] of Object.entries(corsHeaders(origin))) c.res.headers.set(name, value);
    } catch {
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(corsHeaders(origin))) c.res.headers.set(name, value);
    }
  };
}
