// A model's JSON answer: one object (a single fenced ```json block is tolerated). Anything else is a typed failure
// the caller may retry (model_output_not_json); the shape inside is checked field by field by each normaliser.
import { KgError } from '../errors';

const FENCE = /^```(?:json|JSON)?\s*\n([\s\S]*?)\n?```$/;

export function parseJsonObject(raw: string): Record<string, unknown> {
  const trimmed = raw.trim();
  const body = FENCE.exec(trimmed)?.[1]?.trim() ?? trimmed;
  if (!body.startsWith('{')) throw new KgError('model_output_not_json', 'The answer is not a JSON object.');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new KgError('model_output_not_json', error instanceof Error ? error.message : 'Invalid JSON.');
  }
  if (!isRecord(value)) throw new KgError('model_output_not_json', 'The answer is not a JSON object.');
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A model-written string, trimmed and cut to `max` characters ('' when it is not a string). */
export function textField(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** Is this error one a second attempt at the same call may fix (unparseable or malformed output)? */
export function isOutputFailure(error: unknown): boolean {
  return error instanceof KgError && (error.code === 'model_output_not_json' || error.code === 'schema_invalid');
}
