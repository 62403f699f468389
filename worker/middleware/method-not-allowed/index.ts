// The API's fallback: a path that some route serves with other methods answers 405 with `Allow` (RFC 9110 §15.5.6);
// any other path answers 404. The methods come from the app's own route table, so a new route is covered as it lands.
import type { Context, Hono } from 'hono';
import { KgError } from '../../../core/errors';
import { errorResponse, type AppEnv } from '../../lib/http';

interface RoutePattern {
  method: string;
  pattern: RegExp;
}

/** '/api/documents/:id/append' → /^\/api\/documents\/[^/]+\/append$/ (':name{regex}' is treated as one segment). */
function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function apiFallback(app: Hono<AppEnv>) {
  let table: RoutePattern[] | undefined;
  return (c: Context<AppEnv>): Response => {
    // Built on first use, when every route has been registered; middleware and catch-alls are registered as ALL.
    table ??= app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, pattern: compile(r.path) }));
    const methods = new Set(table.filter((r) => r.pattern.test(c.req.path)).map((r) => r.method));
    if (methods.size === 0) {
      return errorResponse(c, new KgError('not_found', `No route for ${c.req.method} ${c.req.path}.`));
    }
    if (methods.has('GET')) methods.add('HEAD'); // Hono answers HEAD with the GET route.
    const allow = [...methods].sort().join(', ');
    const res = errorResponse(
      c,
      new KgError('method_not_allowed', {
        en: `${c.req.path} allows ${allow}.`,
        zh: `此地址支持的方法：${[...methods].sort().join('、')}。`,
      }),
    );
    res.headers.set('Allow', allow);
    return res;
  };
}
