// The shape of one route's description. Each route is described beside the others in worker/openapi/operations/,
// by importing the zod schemas its handler validates its body and query with (exported from worker/routes/*) and a
// response schema
// (worker/openapi/schemas.ts); worker/openapi/spec.ts turns the list into OpenAPI 3.1. A route registered in the
// Hono app without a description here fails test/worker/openapi.test.ts.
import type { z } from 'zod';
import type { ErrorCode } from '../../core/errors';
import type { QuerySchema } from '../lib/query';

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** Who may call it (README "Access"): the check worker/auth/document-access.ts applies before the handler. */
export type AccessLevel = 'public' | 'any' | 'create' | 'read' | 'write' | 'admin';

export interface ResponseDoc {
  description: string;
  /** JSON body schema; omit for a non-JSON body (then give `contentType`). */
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
  example?: unknown;
  /** Other media types the same status may answer with (chosen by a query parameter), described by text only. */
  alternatives?: readonly string[];
}

export interface OperationDoc {
  method: Method;
  /** Hono's path syntax, as registered: /api/documents/:id/graph. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: AccessLevel;
  /** The route's query parameters: the object its handler parses with parseQuery (worker/lib/query.ts). */
  query?: QuerySchema;
  /** The request body schema the handler validates with. */
  body?: z.ZodType;
  bodyContentType?: string;
  bodyExample?: unknown;
  responses: Record<number, ResponseDoc>;
  /** Typed errors this route may answer with besides the ones every /api route can (COMMON_ERRORS). */
  errors: readonly ErrorCode[];
}

/** What any /api route may answer: auth, rate limits, an over-long URL (worker/app.ts middleware), a bug. */
export const COMMON_ERRORS: readonly ErrorCode[] = [
  'unauthorized',
  'rate_limited',
  'uri_too_long',
  'method_not_allowed',
  'internal',
  'storage_error',
];
/** A route with a JSON body may also answer these before its handler runs (worker/middleware/body-limits/, readJson). */
export const BODY_ERRORS: readonly ErrorCode[] = ['invalid_input', 'input_too_large'];
/** Routes under /api/documents/:id, /api/traces/:id and /api/tasks/:taskId pass the document access check. */
export const DOCUMENT_ERRORS: readonly ErrorCode[] = ['not_found', 'forbidden'];

export const op = (doc: OperationDoc): OperationDoc => doc;
