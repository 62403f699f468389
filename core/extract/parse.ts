// Tolerant and still strict parsing of a model's answer. Real models wrap their JSON: reasoning models open with a
// <think>…</think> block, others write a sentence before a fenced block or after the object. A leading reasoning
// block is set aside, and the one JSON object is found in a fence or in the prose; two objects, none, or an
// unclosed reasoning block are a typed failure the pipeline can send back for a retry. The object is then validated
// against the wire schema. What was set aside is reported, so the task can say so.
import { KgError } from '../errors';
import { WireBatchSchema, type WireBatch } from '../schema';

/** What the answer held around its JSON object. */
export interface AnswerWrapping {
  /** A leading reasoning block (<think>, <thinking>, <reasoning>) was set aside. */
  reasoning: boolean;
  /** The object sat in prose or a fence rather than being the whole answer. */
  prose: boolean;
}

const REASONING_OPEN = /^<(think|thinking|reasoning)>/i;
const FENCE = /```[ \t]*(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)```/g;

export function parseBatchOutput(raw: unknown): WireBatch {
  return parseBatchAnswer(raw).wire;
}

export function parseBatchAnswer(raw: unknown): { wire: WireBatch; wrapping: AnswerWrapping } {
  let value: unknown = raw;
  const wrapping: AnswerWrapping = { reasoning: false, prose: false };
  if (typeof raw === 'string') {
    const found = locateJsonObject(raw);
    Object.assign(wrapping, found.wrapping);
    value = found.value;
  }
  const parsed = WireBatchSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new KgError('schema_invalid', `${where}${issue?.message ?? 'does not match the wire format'}`);
  }
  return { wire: parsed.data, wrapping };
}

/** The answer's JSON value before the wire schema (the coverage review reshapes it first: review-admission.ts). */
export function answerValue(raw: unknown): unknown {
  return typeof raw === 'string' ? locateJsonObject(raw).value : raw;
}

/** The one JSON object of an answer, after its reasoning block; throws model_output_not_json otherwise. */
export function locateJsonObject(raw: string): { value: object; wrapping: AnswerWrapping } {
  const { rest, reasoning } = withoutReasoning(raw);
  const text = rest.trim();
  if (!text) {
    throw new KgError(
      'model_output_not_json',
      reasoning
        ? 'The answer holds only reasoning, no JSON object after it.'
        : 'The answer is empty (reasoning is never read as the answer): write the JSON object as the answer itself.',
    );
  }
  // The common case: the whole answer is the object.
  if (text.startsWith('{')) {
    const whole = tryObject(text);
    if (whole) return { value: whole, wrapping: { reasoning, prose: false } };
  }
  // A fence holds the answer when there is one; otherwise every balanced {…} in the prose is a candidate.
  const fenced = [...text.matchAll(FENCE)].map((m) => m[1]);
  const spans = fenced.length > 0 ? fenced : balancedSpans(text);
  const objects = spans.map((s) => tryObject(s.trim())).filter((o): o is object => o !== undefined);
  if (objects.length === 0) {
    const why = text.startsWith('{') ? 'The JSON object is cut off or invalid.' : 'The answer holds no JSON object.';
    throw new KgError('model_output_not_json', why);
  }
  if (objects.length > 1) {
    throw new KgError('model_output_not_json', `The answer holds ${objects.length} JSON objects; answer with one.`);
  }
  return { value: objects[0], wrapping: { reasoning, prose: true } };
}

/** Leading reasoning blocks removed; an unclosed one leaves nothing (the answer never came). */
function withoutReasoning(raw: string): { rest: string; reasoning: boolean } {
  let rest = raw.trimStart();
  let reasoning = false;
  for (let open = REASONING_OPEN.exec(rest); open; open = REASONING_OPEN.exec(rest)) {
    reasoning = true;
    const close = rest.toLowerCase().indexOf(`</${open[1].toLowerCase()}>`, open[0].length);
    if (close < 0) return { rest: '', reasoning };
    rest = rest.slice(close + open[1].length + 3).trimStart();
  }
  return { rest, reasoning };
}

function tryObject(body: string): object | undefined {
  if (!body.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Top-level {…} spans of a text, braces inside JSON strings ignored; an unclosed span ends the search. */
function balancedSpans(text: string): string[] {
  const spans: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"' && depth > 0) inString = true;
    else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && depth > 0 && --depth === 0) {
      spans.push(text.slice(start, i + 1));
    }
  }
  return spans;
}
