// HTTP helpers shared by the routes: the error envelope, the reader's language, and strict body/query parsing.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { KgError, isKgError, type Lang } from '../../core/errors';

export type AppEnv = { Bindings: Env };
export type AppContext = Context<AppEnv>;

export function langOf(c: Context): Lang {
  const accept = c.req.header('accept-language') ?? '';
  return /^\s*zh/i.test(accept) ? 'zh' : 'en';
}

export function errorResponse(c: Context, error: KgError): Response {
  return c.json({ error: error.toBody(langOf(c)) }, error.status as ContentfulStatusCode);
}

/** Turns anything thrown into the error envelope; only a genuine bug becomes a 500. */
export function toErrorResponse(c: Context, error: unknown): Response {
  if (isKgError(error)) return errorResponse(c, error);
  console.error('unhandled error', error instanceof Error ? error.stack ?? error.message : String(error));
  return errorResponse(c, new KgError('internal'));
}

/** Reads a JSON body of at most `maxBytes` and validates it; every failure is a typed 4xx. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T, maxBytes: number): Promise<z.infer<T>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new KgError('invalid_input', 'Send the body as application/json.');
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw new KgError('input_too_large', `The body exceeds ${maxBytes} bytes.`);
  const raw = await c.req.text();
  if (raw.length > maxBytes) throw new KgError('input_too_large', `The body exceeds ${maxBytes} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new KgError('invalid_input', 'The body is not valid JSON.');
  }
  return parseWith(schema, body);
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new KgError('invalid_input', describeIssues(parsed.error));
  return parsed.data;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Integer query parameter in [min, max], with a default; anything else is invalid_input. */
export function intQuery(c: Context, name: string, fallback: number, min: number, max: number): number {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new KgError('invalid_input', `${name} must be a whole number.`);
  const value = Number(raw);
  if (value < min || value > max) throw new KgError('invalid_input', `${name} must be between ${min} and ${max}.`);
  return value;
}
