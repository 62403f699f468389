// Strict parsing of a model's answer: one JSON object (a single fenced ```json block is tolerated), validated
// against the wire schema. Anything else is a typed failure that the pipeline can send back for a retry.
import { KgError } from '../errors';
import { WireBatchSchema, type WireBatch } from '../schema';

const FENCE = /^```(?:json|JSON)?\s*\n([\s\S]*?)\n?```$/;

/** The answer's JSON value (an object given as such passes through); `model_output_not_json` otherwise. */
export function answerValue(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  if (!body.startsWith('{')) throw new KgError('model_output_not_json', 'The answer is not a JSON object.');
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new KgError('model_output_not_json', error instanceof Error ? error.message : 'Invalid JSON.');
  }
}

export function parseBatchOutput(raw: unknown): WireBatch {
  const value = answerValue(raw);
  const parsed = WireBatchSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new KgError('schema_invalid', `${where}${issue?.message ?? 'does not match the wire format'}`);
  }
  return parsed.data;
}
