// Request size limits enforced before any route runs: the URL's length (414) and the body's bytes (413, through
// Hono's body-limit, which refuses a declared Content-Length at once and stops reading a streamed body as soon as it
// passes the limit, so an oversized body is never buffered).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { KgError, type ErrorCode } from '../../core/errors';
import { MAX_IMAGES_BASE64_CHARS } from '../../core/images/limits';
import { MAX_TEXT_CHARS } from '../../core/limits';
import { LAYOUT_LIMITS } from '../services/layout/limits';
import { bodyTooLarge, errorResponse, type AppEnv } from './http';

/**
 * 8 KiB. Cloudflare accepts URLs up to 16 KB, and browsers and proxies commonly stop at 8 KB, so a larger URL could
 * work locally and fail in front of real users; half the runtime's limit leaves room for its own headers. The longest
 * URL the API needs is a 600-character CJK graph search: 600 × 9 percent-encoded bytes = 5.4 KB plus the path.
 */
export const MAX_URL_BYTES = 8 * 1024;

/** A document or appended text: JSON escapes (\uXXXX is 6 bytes per character) bound it, plus the other fields. */
export const MAX_DOCUMENT_BODY_BYTES = MAX_TEXT_CHARS * 6 + 64_000;

/** Creating a document: a text, or up to 16 MiB of images as base64 (4/3 larger) beside an optional text. */
export const MAX_CREATE_BODY_BYTES = MAX_DOCUMENT_BODY_BYTES + MAX_IMAGES_BASE64_CHARS + 16 * 1024;

/** A commit of up to MAX_COMMIT_OPERATIONS fixes, each with its texts, quotes and evidence. */
export const MAX_COMMIT_BODY_BYTES = 1024 * 1024;

/** A trace's events as a harness sends them, before clipping (tool results can be long; each is clipped to 400). */
export const MAX_TRACE_BODY_BYTES = 16 * 1024 * 1024;

/** Every other body the API reads (cancel has none; 64 KiB is generous for anything small). */
export const MAX_SMALL_BODY_BYTES = 64 * 1024;

interface BodyRule {
  method: string;
  path: RegExp;
  maxBytes: number;
  code: ErrorCode;
}

const BODY_RULES: readonly BodyRule[] = [
  { method: 'POST', path: /^\/api\/documents\/?$/, maxBytes: MAX_CREATE_BODY_BYTES, code: 'input_too_large' },
  {
    method: 'POST',
    path: /^\/api\/documents\/[^/]+\/append$/,
    maxBytes: MAX_DOCUMENT_BODY_BYTES,
    code: 'input_too_large',
  },
  {
    method: 'POST',
    path: /^\/api\/documents\/[^/]+\/commit$/,
    maxBytes: MAX_COMMIT_BODY_BYTES,
    code: 'input_too_large',
  },
  { method: 'POST', path: /^\/api\/traces\/?$/, maxBytes: MAX_TRACE_BODY_BYTES, code: 'input_too_large' },
  { method: 'POST', path: /^\/api\/traces\/[^/]+\/events$/, maxBytes: MAX_TRACE_BODY_BYTES, code: 'input_too_large' },
  // A graph sent for layout that is too large is a layout refusal, as the route itself answers.
  { method: 'POST', path: /^\/api\/layout\/?$/, maxBytes: LAYOUT_LIMITS.bodyBytes, code: 'layout_too_large' },
];

const SMALL: BodyRule = { method: '*', path: /./, maxBytes: MAX_SMALL_BODY_BYTES, code: 'input_too_large' };

export function limitUrlLength(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // c.req.url is serialised: non-ASCII is percent-encoded, so its length is its size in bytes.
    if (c.req.url.length <= MAX_URL_BYTES) return next();
    return errorResponse(
      c,
      new KgError('uri_too_long', {
        en: `The URL has ${c.req.url.length} bytes; the limit is ${MAX_URL_BYTES}.`,
        zh: `请求地址长 ${c.req.url.length} 字节，上限为 ${MAX_URL_BYTES} 字节。`,
      }),
    );
  };
}

/** One body-limit middleware per rule, built once; the rule is picked by method and path. */
export function limitBodies(): MiddlewareHandler<AppEnv> {
  const build = (rule: BodyRule) =>
    bodyLimit({
      maxSize: rule.maxBytes,
      onError: (c) => errorResponse(c, new KgError(rule.code, bodyTooLarge(rule.maxBytes))),
    });
  const limited = new Map<BodyRule, MiddlewareHandler>([...BODY_RULES, SMALL].map((rule) => [rule, build(rule)]));
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    const rule = BODY_RULES.find((r) => r.method === c.req.method && r.path.test(c.req.path)) ?? SMALL;
    return limited.get(rule)!(c, next);
  };
}
