// Body size limits enforced before any route runs (413), through Hono's body-limit, which refuses a declared
// Content-Length at once and stops reading a streamed body as soon as it passes the limit, so an oversized body is
// never buffered. The limit is picked by method and path; the sizes live in worker/lib/body-sizes.ts.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { KgError, type ErrorCode } from '../../../core/errors';
import {
  MAX_COMMIT_BODY_BYTES,
  MAX_CREATE_BODY_BYTES,
  MAX_DOCUMENT_BODY_BYTES,
  MAX_SMALL_BODY_BYTES,
  MAX_TRACE_BODY_BYTES,
} from '../../lib/body-sizes';
import { bodyTooLarge, errorResponse, type AppEnv } from '../../lib/http';
import { LAYOUT_LIMITS } from '../../services/layout/limits';

/** The limit of the bodies sent to one route. */
export interface BodyRule {
  method: string;
  path: RegExp;
  maxBytes: number;
  /** The refusal's error code (a graph too large to lay out is `layout_too_large`, as the route itself answers). */
  code: ErrorCode;
}

export const BODY_RULES: readonly BodyRule[] = [
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
  { method: 'POST', path: /^\/api\/estimate\/?$/, maxBytes: MAX_DOCUMENT_BODY_BYTES, code: 'input_too_large' },
  { method: 'POST', path: /^\/api\/traces\/?$/, maxBytes: MAX_TRACE_BODY_BYTES, code: 'input_too_large' },
  { method: 'POST', path: /^\/api\/traces\/[^/]+\/events$/, maxBytes: MAX_TRACE_BODY_BYTES, code: 'input_too_large' },
  { method: 'POST', path: /^\/api\/layout\/?$/, maxBytes: LAYOUT_LIMITS.bodyBytes, code: 'layout_too_large' },
];

export interface BodyLimitsOptions {
  /** Routes with a limit of their own, first match wins. Default: BODY_RULES. */
  rules?: readonly BodyRule[];
  /** The limit of every other body, in bytes. Default: MAX_SMALL_BODY_BYTES (64 KiB). */
  otherBytes?: number;
}

/** One body-limit middleware per rule, built once; a request without a body passes untouched. */
export function limitBodies(options: BodyLimitsOptions = {}): MiddlewareHandler<AppEnv> {
  const rules = options.rules ?? BODY_RULES;
  const other: BodyRule = {
    method: '*',
    path: /./,
    maxBytes: options.otherBytes ?? MAX_SMALL_BODY_BYTES,
    code: 'input_too_large',
  };
  const build = (rule: BodyRule) =>
    bodyLimit({
      maxSize: rule.maxBytes,
      onError: (c) => errorResponse(c, new KgError(rule.code, bodyTooLarge(rule.maxBytes))),
    });
  const limited = new Map<BodyRule, MiddlewareHandler>([...rules, other].map((rule) => [rule, build(rule)]));
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    const rule = rules.find((r) => r.method === c.req.method && r.path.test(c.req.path)) ?? other;
    return limited.get(rule)!(c, next);
  };
}
