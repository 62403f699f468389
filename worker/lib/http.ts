// HTTP helpers shared by the routes: the error envelope, the reader's language, and strict body parsing: the bytes
// as strict UTF-8, the JSON's strings well-formed (core/text/well-formed.ts), then the route's schema (query
// parameters: query.ts; multipart bodies: multipart-text.ts).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { KgError, isKgError, type Lang } from '../../core/errors';
import { langFromAcceptLanguage } from '../../core/i18n/lang';
import { assertWellFormedJson, decodeUtf8 } from '../../core/text/well-formed';
import type { Principal } from './principal';
import { fieldRefusal } from './request-fields';

/** `principal` is set by worker/middleware/principal/ on every /api request, before any route runs. */
export type AppEnv = { Bindings: Env; Variables: { principal: Principal } };
export type AppContext = Context<AppEnv>;

export function langOf(c: Context): Lang {
  return langFromAcceptLanguage(c.req.header('accept-language'));
}

export function errorResponse(c: Context, error: KgError): Response {
  return c.json({ error: error.toBody(langOf(c)) }, error.status as ContentfulStatusCode);
}

/** Turns anything thrown into the error envelope; only a genuine bug becomes a 500. */
export function toErrorResponse(c: Context, error: unknown): Response {
  if (isKgError(error)) return errorResponse(c, error);
  // Hono's own middleware (bearer-auth) throws these with a finished answer in our envelope.
  if (error instanceof HTTPException) return error.getResponse();
  console.error('unhandled error', error instanceof Error ? (error.stack ?? error.message) : String(error));
  return errorResponse(c, new KgError('internal'));
}

/** Reads a JSON body of at most `maxBytes` and validates it; every failure is a typed 4xx. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T, maxBytes: number): Promise<z.infer<T>> {
  return parseWith(schema, parseJsonText(await readJsonText(c, maxBytes)));
}

/**
 * The text of a JSON body (Content-Type application/json) of at most `maxBytes` (beyond: `tooLarge`, by default
 * input_too_large), decoded as strict UTF-8 (core/text/well-formed.ts: invalid bytes are refused, never replaced).
 */
export async function readJsonText(
  c: Context,
  maxBytes: number,
  tooLarge: () => KgError = () => new KgError('input_too_large', bodyTooLarge(maxBytes)),
): Promise<string> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new KgError('invalid_input', { en: 'Send the body as application/json.', zh: '请求体须为 JSON。' });
  }
  // The byte limit itself is enforced before the body is read (worker/middleware/body-limits/); this is a backstop.
  const bytes = await readBodyBytes(c);
  if (bytes.byteLength > maxBytes) throw tooLarge();
  return decodeUtf8(bytes, 'body');
}

/** JSON text as a value in which every string, keys included, is well-formed UTF-16 (a lone surrogate is refused). */
export function parseJsonText(raw: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new KgError('invalid_input', { en: 'The body is not valid JSON.', zh: '请求体不是合法的 JSON。' });
  }
  assertWellFormedJson(body);
  return body;
}

/**
 * The body's bytes. A body that breaks off (the client disconnected or stalled until the connection dropped) is the
 * client's failure: a typed 400, logged as a client error, never a 500 (worker/middleware/body-stream/ does the same
 * for a body the body-limit middleware reads).
 */
export async function readBodyBytes(c: Context): Promise<Uint8Array> {
  try {
    return new Uint8Array(await c.req.arrayBuffer());
  } catch (error) {
    throw isKgError(error) ? error : incompleteBody(error);
  }
}

/** The refusal of a body that ended before it was complete; `cause` is what the runtime said, for the log. */
export function incompleteBody(cause: unknown): KgError {
  console.warn('client error: the request body ended early', cause instanceof Error ? cause.message : String(cause));
  return new KgError('invalid_input', {
    en: 'The request body ended before it was complete.',
    zh: '请求体未完整送达（连接中断）。',
  });
}

export function bodyTooLarge(maxBytes: number) {
  return { en: `The body exceeds ${maxBytes} bytes.`, zh: `请求体超过 ${maxBytes} 字节。` };
}

/**
 * Validation details name fields and zod's English wording, so they are given to English readers only; a field
 * helper's own refusal (worker/lib/request-fields.ts: an empty text) is thrown as it is, in both languages.
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const typed = parsed.error.issues.map(fieldRefusal).find((refusal) => refusal !== undefined);
  throw typed ?? new KgError('invalid_input', describeIssues(parsed.error));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}
