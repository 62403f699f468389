// Security headers on every answer: the API, every error and the static files (which the Worker serves through the
// assets binding, run_worker_first = true, so they pass through here too). Hono's secure-headers builds them; we
// build one instance per configuration (KG_FRAME_ANCESTORS, KG_CORS_ORIGINS), not one per request.
// - CSP: no inline script and no inline <style> anywhere (the demo pages load theirs from files); Lit's styles are
//   constructable stylesheets, which style-src does not block; style attributes are allowed (see styleSrcAttr); the
//   graph view may start a worker from a blob: URL.
// - frame-ancestors from KG_FRAME_ANCESTORS (default 'self'): embedding the page in an iframe is a choice.
// - Cache-Control: no-store on every API answer (they may be authenticated) and on every error.
// A WebSocket handshake (101) is left alone: it is not a document, and the runtime owns its headers.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../../lib/http';
import { oncePerConfig } from '../../lib/once-per-config';
import { corsOrigins } from '../cors';

const DEFAULT_FRAME_ANCESTORS = ["'self'"];

// One CSP source: a keyword, *, a scheme, or a host with optional scheme, port and path. Nothing that could end the
// directive (';', ',') or start another.
const SOURCE =
  /^(?:'self'|'none'|\*|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?(?:\/[^\s;,']*)?)$/i;

/** KG_FRAME_ANCESTORS as CSP sources; a value with anything unexpected falls back to 'none' (fail closed). */
export function frameAncestors(env: Env): string[] {
  const raw = (env.KG_FRAME_ANCESTORS ?? '').trim();
  if (!raw) return DEFAULT_FRAME_ANCESTORS;
  const sources = raw.split(/\s+/);
  if (!sources.every((s) => SOURCE.test(s))) {
    console.error(`KG_FRAME_ANCESTORS is not a list of CSP sources; framing is refused: ${JSON.stringify(raw)}`);
    return ["'none'"];
  }
  return sources;
}

function build(ancestors: string[], crossOrigin: boolean): MiddlewareHandler {
  const xFrameOptions =
    ancestors.length === 1 && ancestors[0] === "'self'"
      ? 'SAMEORIGIN'
      : ancestors.length === 1 && ancestors[0] === "'none'"
        ? 'DENY'
        : false;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      // Style attributes only (never <style> elements): Lit's styleMap writes its first value as a style attribute,
      // which 'self' alone refuses (measured in Chromium: the panes and score bars lost their sizes). An attribute
      // cannot run script, and any url() in it is still bound by img-src.
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ancestors,
    },
    // Older browsers only know X-Frame-Options; it cannot express a list, and browsers that know frame-ancestors
    // ignore it, so it is sent only when it says the same thing.
    xFrameOptions,
    referrerPolicy: 'no-referrer',
    // Static files are loadable from the configured origins (the component script, exported graphs).
    crossOriginResourcePolicy: crossOrigin ? 'cross-origin' : 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
  });
}

const noop = async () => {};

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const headersFor = oncePerConfig(
    (env) => `${env.KG_FRAME_ANCESTORS ?? ''}|${env.KG_CORS_ORIGINS ?? ''}`,
    (env) => build(frameAncestors(env), corsOrigins(env).length > 0),
  );
  return async (c, next) => {
    await next();
    if (c.res.status === 101) return;
    const apply = headersFor(c.env);
    // Answers fetched from a binding (static files, a Durable Object) have immutable headers: copy them once.
    try {
      c.res.headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      c.res = new Response(c.res.body, c.res);
    }
    await apply(c, noop);
    if (c.req.path.startsWith('/api/') || c.res.status >= 400) c.header('Cache-Control', 'no-store');
  };
}
