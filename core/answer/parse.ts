// Parsing a model's answer (docs/contracts/answers.md#prompt): one JSON object {status, parts:[{text, evidenceIds}],
// confidence}, a single ```json fence tolerated. Lenient about content (admission judges every part), strict about
// form: anything that is not such an object is a typed failure the task retries once, then reports.
import { KgError } from '../errors';
import type { AnswerDraft } from './types';

const FENCE = /^```(?:json|JSON)?\s*\n([\s\S]*?)\n?```$/;

export function parseAnswerOutput(raw: string): AnswerDraft {
  const trimmed = raw.trim();
  const body = FENCE.exec(trimmed)?.[1]?.trim() ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new KgError('model_output_not_json', error instanceof Error ? error.message.slice(0, 200) : 'Invalid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new KgError('model_output_not_json', 'The answer is not a JSON object.');
  }
  const obj = value as Record<string, unknown>;
  if (typeof obj.status !== 'string') throw new KgError('schema_invalid', 'status: expected a string.');
  const rawParts = obj.parts ?? [];
  if (!Array.isArray(rawParts)) throw new KgError('schema_invalid', 'parts: expected an array.');
  const parts = rawParts.map((p, i) => {
    if (typeof p !== 'object' || p === null) throw new KgError('schema_invalid', `parts.${i}: expected an object.`);
    const part = p as Record<string, unknown>;
    const ids = part.evidenceIds ?? [];
    if (typeof part.text !== 'string' || !Array.isArray(ids))
      throw new KgError('schema_invalid', `parts.${i}: expected text and evidenceIds.`);
    return { text: part.text, evidenceIds: ids.filter((id): id is string => typeof id === 'string') };
  });
  return { status: obj.status, parts, ...(typeof obj.confidence === 'number' ? { confidence: obj.confidence } : {}) };
}
