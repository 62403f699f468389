// Validation of an answer request (docs/contracts/answers.md#request-and-result): the question (non-empty, ≤ 600 characters), the answerer,
// and the retrieval's filters, which are validated by the graph query's own rules (core/query/request.ts: unknown
// values refused by name, > 40 items limit_exceeded) with the answer's tighter ranges for limit, maxNodes and
// maxEdges. Zod-free like the query's, so the browser's static mode runs the same checks. A client-sent graph or
// text (documentId, graph, text, sourceText) is accepted and ignored: the evidence comes from the server only.
import { KgError } from '../errors';
import { MAX_QUERY_CHARS } from '../limits';
import { parseQueryRequest } from '../query/request';
import { visibleOrEmpty } from '../text/well-formed';
import type { AnswerRequest } from './types';

export const ANSWER_LIMITS = {
  questionChars: MAX_QUERY_CHARS,
  limit: { min: 1, max: 20, fallback: 12 },
  maxNodes: { min: 12, max: 100, fallback: 60 },
  maxEdges: { min: 20, max: 300, fallback: 180 },
} as const;

const FILTER_KEYS = [
  'nodeIds',
  'types',
  'relations',
  'sectionIds',
  'groundingStatuses',
  'entailmentStatuses',
  'hops',
  'direction',
] as const;
const IGNORED_KEYS = new Set(['documentId', 'graph', 'text', 'sourceText']);
const KNOWN_KEYS = new Set<string>([
  'question',
  'model',
  'expectedRevision',
  'limit',
  'maxNodes',
  'maxEdges',
  ...FILTER_KEYS,
]);

const invalid = (en: string, zh: string) => new KgError('invalid_input', { en, zh });

function ranged(body: Record<string, unknown>, field: 'limit' | 'maxNodes' | 'maxEdges'): number {
  const { min, max, fallback } = ANSWER_LIMITS[field];
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(
      `${field} must be a whole number from ${min} to ${max}.`,
      `${field} 必须是 ${min} 到 ${max} 之间的整数`,
    );
  }
  return value;
}

export function parseAnswerRequest(raw: unknown): AnswerRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid('The body must be a JSON object.', '请求体必须是 JSON 对象');
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!KNOWN_KEYS.has(key) && !IGNORED_KEYS.has(key))
      throw invalid(`Unknown field ${JSON.stringify(key.slice(0, 40))}.`, `不支持的字段：${key.slice(0, 40)}`);
  }
  if (body.question !== undefined && typeof body.question !== 'string')
    throw invalid('question must be a string.', 'question 必须是字符串');
  // A question with nothing visible in it is no question (core/text/well-formed.ts).
  const question = typeof body.question === 'string' ? visibleOrEmpty(body.question.trim()) : '';
  if (!question) throw invalid('Enter a question to ask the graph.', '请先输入要向知识图提问的问题');
  if (question.length > ANSWER_LIMITS.questionChars) {
    throw invalid(
      `The question is longer than ${ANSWER_LIMITS.questionChars} characters.`,
      `问题不能超过 ${ANSWER_LIMITS.questionChars} 个字符`,
    );
  }
  const model = body.model;
  if (
    model !== undefined &&
    model !== null &&
    (typeof model !== 'string' || model.length === 0 || model.length > 200)
  ) {
    throw invalid('model must be a model id.', 'model 必须是模型 ID');
  }
  const queryBody: Record<string, unknown> = {
    query: question,
    limit: ranged(body, 'limit'),
    maxNodes: ranged(body, 'maxNodes'),
    maxEdges: ranged(body, 'maxEdges'),
  };
  for (const key of FILTER_KEYS) if (body[key] !== undefined) queryBody[key] = body[key];
  if (body.expectedRevision !== undefined && body.expectedRevision !== null)
    queryBody.expectedRevision = body.expectedRevision;
  const query = parseQueryRequest(queryBody);
  return {
    question,
    query,
    ...(query.expectedRevision === undefined ? {} : { expectedRevision: query.expectedRevision }),
    ...(typeof model === 'string' ? { model } : {}),
  };
}
