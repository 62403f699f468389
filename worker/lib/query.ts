// A route's query parameters, one contract: the route exports a z.object of the parameters below, its handler reads
// them with parseQuery, and its OpenAPI operation (worker/openapi/operations/) publishes the same object. Each
// parameter is a zod schema from the raw query string (absent: undefined) to its value, with the refusal it gives
// (code and English/Chinese message, named after the parameter), and it carries the typed schema it is published as
// (`publishedSchema`: an integer with its bounds and default, an enum, a pattern), built from the same numbers. The
// whole query string is refused first if its percent-encoded bytes are not UTF-8 (the text rule, core/text/).
import type { Context } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { decodeUtf8, hasVisibleText } from '../../core/text/well-formed';

/** How a parameter refuses a value: given its name, the typed error the route answers with. */
export type QueryRefusal = (name: string) => KgError;

/** One query parameter: the raw string (or undefined) in, the value out. */
export type QueryParam<T> = z.ZodType<T, string | undefined>;

/** A route's query: parameters only, so that every field is read from the query string the same way. */
export type QuerySchema = z.ZodObject<Record<string, QueryParam<unknown>>>;

const published = new WeakMap<z.ZodType, z.ZodType>();

/** The typed schema a parameter is described with in the OpenAPI document (worker/openapi/spec.ts). */
export function publishedSchema(param: z.ZodType): z.ZodType {
  return published.get(param) ?? param;
}

/** What a parameter's reader returns for a value it refuses (see `refuse`). */
export class Refused {
  constructor(readonly refusal: QueryRefusal) {}
}

export const refuse = (refusal: QueryRefusal) => new Refused(refusal);

const invalid = (message: (name: string) => string) => refuse((name) => new KgError('invalid_input', message(name)));

/**
 * A parameter from its published schema and its reader: `read` gets the raw value (undefined when absent) and
 * returns the value, or `refuse(...)` with the error the handler throws.
 */
export function queryParam<T>(schema: z.ZodType, read: (raw: string | undefined) => T | Refused): QueryParam<T> {
  const param = z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = read(raw);
      if (!(value instanceof Refused)) return value;
      ctx.addIssue({ code: 'custom', message: 'refused query parameter', params: { refusal: value.refusal } });
      return z.NEVER;
    });
  published.set(param, schema);
  return param;
}

/**
 * Reads a route's query parameters (the first value of each name, as c.req.query does); the first refused
 * parameter, in the object's order, is thrown as its typed error. Names the object does not list are ignored.
 */
export function parseQuery<S extends QuerySchema>(c: Context, schema: S): z.output<S> {
  assertUtf8Query(c.req.url);
  const raw = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, c.req.query(name)]));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const refusal = issue.code === 'custom' ? (issue.params?.refusal as QueryRefusal | undefined) : undefined;
  throw refusal ? refusal(String(issue.path[0])) : new KgError('invalid_input', issue.message);
}

/**
 * Refuses a query string whose percent-encoded bytes are not UTF-8 (core/text/well-formed.ts), names included. It is
 * the only way a lone surrogate can arrive in a URL (%ED%A0%80), and Hono would hand such a value on undecoded.
 */
function assertUtf8Query(url: string): void {
  const start = url.indexOf('?');
  if (start === -1) return;
  const end = url.indexOf('#', start);
  const search = url.slice(start + 1, end === -1 ? undefined : end);
  for (const run of search.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []) {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    decodeUtf8(bytes, 'query');
  }
}

const blank = (raw: string | undefined, blankIsAbsent: boolean): raw is undefined | '' =>
  raw === undefined || (blankIsAbsent && raw === '');

const described = (schema: z.ZodType, description?: string) => (description ? schema.describe(description) : schema);

interface Described {
  /** Shown beside the parameter in the OpenAPI document. */
  description?: string;
}

export interface IntParamOptions extends Described {
  min: number;
  /** Default: Number.MAX_SAFE_INTEGER (and no maximum is published). */
  max?: number;
}

/**
 * A whole number in [min, max]; absent or blank is `fallback`. Without a fallback the parameter is published as
 * required and reads as undefined when absent (the handler decides what that means).
 */
export function intParam(options: IntParamOptions & { fallback: number }): QueryParam<number>;
export function intParam(options: IntParamOptions): QueryParam<number | undefined>;
export function intParam(options: IntParamOptions & { fallback?: number }): QueryParam<number | undefined> {
  const { min, max = Number.MAX_SAFE_INTEGER, fallback } = options;
  const bounded = options.max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max);
  const schema = fallback === undefined ? bounded : bounded.default(fallback).optional();
  return queryParam(described(schema, options.description), (raw) => {
    if (blank(raw, true)) return fallback;
    if (!/^\d+$/.test(raw))
      return refuse(
        (name) => new KgError('invalid_input', { en: `${name} must be a whole number.`, zh: '查询参数须为非负整数。' }),
      );
    const value = Number(raw);
    if (value < min || value > max)
      return refuse(
        (name) =>
          new KgError('invalid_input', {
            en: `${name} must be between ${min} and ${max}.`,
            zh: `查询参数须在 ${min} 到 ${max} 之间。`,
          }),
      );
    return value;
  });
}

/** A decimal number in [min, max] ("0.5", ".5"); absent or blank is undefined. */
export function numberParam(options: { min: number; max: number } & Described): QueryParam<number | undefined> {
  const { min, max } = options;
  return queryParam(described(z.number().min(min).max(max).optional(), options.description), (raw) => {
    if (blank(raw, true)) return undefined;
    const value = /^\d*\.?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
    if (!(value >= min && value <= max))
      return invalid((name) => `${name} must be a number between ${min} and ${max}.`);
    return value;
  });
}

export interface EnumParamOptions<T extends string> extends Described {
  /** The value when the parameter is absent (or blank, unless blankIsAbsent is false); without one, undefined. */
  fallback?: T;
  /** Whether `?name=` counts as absent (default) or as a value, refused like any other non-member. */
  blankIsAbsent?: boolean;
  /** Applied to the raw value first (e.g. toUpperCase for a case-insensitive parameter). */
  normalize?: (raw: string) => string;
  /** The refusal's message; default "<name> must be a or b." / "<name> must be one of: a, b, c.". */
  message?: (name: string) => string;
}

/** One of `values`. */
export function enumParam<const T extends string>(
  values: readonly [T, ...T[]],
  options: EnumParamOptions<T> & { fallback: T },
): QueryParam<T>;
export function enumParam<const T extends string>(
  values: readonly [T, ...T[]],
  options?: EnumParamOptions<T>,
): QueryParam<T | undefined>;
export function enumParam<const T extends string>(
  values: readonly [T, ...T[]],
  options: EnumParamOptions<T> = {},
): QueryParam<T | undefined> {
  const { fallback, blankIsAbsent = true, normalize = (raw: string) => raw } = options;
  const message =
    options.message ??
    ((name: string) =>
      values.length === 2
        ? `${name} must be ${values[0]} or ${values[1]}.`
        : `${name} must be one of: ${values.join(', ')}.`);
  const members = values.length === 1 ? z.literal(values[0]) : z.enum(values);
  const schema = (fallback === undefined ? members : members.default(fallback)).optional();
  return queryParam(described(schema, options.description), (raw) => {
    if (blank(raw, blankIsAbsent)) return fallback;
    const value = normalize(raw);
    return (values as readonly string[]).includes(value) ? (value as T) : invalid(message);
  });
}

export interface StringParamOptions extends Described {
  maxChars?: number;
  pattern?: RegExp;
  /** What a value must be when it does not match `pattern` ("a section id such as s3"). */
  patternMeaning?: string;
}

/**
 * A string, bounded in length and optionally matching a pattern; absent, blank or with nothing visible in it
 * (core/text/well-formed.ts) is undefined.
 */
export function stringParam(options: StringParamOptions = {}): QueryParam<string | undefined> {
  const { maxChars, pattern, patternMeaning = `matching ${pattern}` } = options;
  let schema = z.string();
  if (maxChars !== undefined) schema = schema.max(maxChars);
  if (pattern) schema = schema.regex(pattern);
  return queryParam(described(schema.optional(), options.description), (raw) => {
    if (blank(raw, true) || !hasVisibleText(raw)) return undefined;
    if (maxChars !== undefined && raw.length > maxChars)
      return invalid((name) => `${name} is longer than ${maxChars} characters.`);
    if (pattern && !pattern.test(raw)) return invalid((name) => `${name} must be ${patternMeaning}.`);
    return raw;
  });
}
