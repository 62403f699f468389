// Validation of a graph query request (docs/contracts/graph-query.md#validation), zod-free so that the browser's static mode runs the very
// same checks. Every problem is a typed error: a list that is not an array or holds a bad item is invalid_input,
// more than 40 items is limit_exceeded, and an unknown filter value is refused by name — never silently dropped,
// since dropping it would widen the query behind the caller's back.
import { KgError } from '../errors';
import { visibleOrEmpty } from '../text/well-formed';
import { ENTAILMENT_STATUSES, GROUNDING_STATUSES, NODE_TYPES, RELATIONS } from '../schema/vocabulary';
import { QUERY_LIMITS } from './limits';
import type { QueryDirection, QueryRequest } from './types';

const DIRECTIONS: readonly QueryDirection[] = ['both', 'in', 'out'];

/** Keys a client may send that are read from the server instead (the trust rule): accepted and ignored. */
const IGNORED_KEYS = new Set(['documentId', 'graph', 'text', 'sourceText']);
const KNOWN_KEYS = new Set([
  'query',
  'nodeIds',
  'types',
  'relations',
  'sectionIds',
  'groundingStatuses',
  'entailmentStatuses',
  'limit',
  'hops',
  'direction',
  'maxNodes',
  'maxEdges',
  'expectedRevision',
]);

const invalid = (en: string, zh: string) => new KgError('invalid_input', { en, zh });

function list(body: Record<string, unknown>, field: string): unknown[] {
  const value = body[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(`${field} must be an array.`, `${field} 必须是数组`);
  if (value.length > QUERY_LIMITS.listItems) {
    throw new KgError('limit_exceeded', {
      en: `${field} allows at most ${QUERY_LIMITS.listItems} items.`,
      zh: `${field} 最多允许 ${QUERY_LIMITS.listItems} 项`,
    });
  }
  return value;
}

function enumList<T extends string>(body: Record<string, unknown>, field: string, allowed: readonly T[]): T[] {
  const out: T[] = [];
  for (const item of list(body, field)) {
    if (typeof item !== 'string' || !(allowed as readonly string[]).includes(item)) {
      const shown = JSON.stringify(item)?.slice(0, 60) ?? String(item);
      throw invalid(`${field} contains an unsupported value: ${shown}.`, `${field} 包含不支持的值：${shown}`);
    }
    if (!out.includes(item as T)) out.push(item as T);
  }
  return out;
}

function idList(body: Record<string, unknown>, field: string): string[] {
  const out: string[] = [];
  for (const item of list(body, field)) {
    if (typeof item !== 'string' || item.trim() === '' || item.length > QUERY_LIMITS.idChars) {
      throw invalid(
        `${field} must hold non-empty strings of at most ${QUERY_LIMITS.idChars} characters.`,
        `${field} 只能包含非空字符串`,
      );
    }
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

function int(body: Record<string, unknown>, field: string, min: number, max: number, fallback: number): number {
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

/** A raw JSON body → a validated request with its defaults, or a typed 4xx KgError. */
export function parseQueryRequest(raw: unknown): QueryRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid('The body must be a JSON object.', '请求体必须是 JSON 对象');
  const body = raw as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!KNOWN_KEYS.has(key) && !IGNORED_KEYS.has(key))
      throw invalid(`Unknown field ${JSON.stringify(key.slice(0, 40))}.`, `不支持的字段：${key.slice(0, 40)}`);
  }
  const rawQuery = body.query ?? '';
  if (typeof rawQuery !== 'string') throw invalid('query must be a string.', 'query 必须是字符串');
  if (rawQuery.length > QUERY_LIMITS.queryChars) {
    throw invalid(
      `query is longer than ${QUERY_LIMITS.queryChars} characters.`,
      `query 不能超过 ${QUERY_LIMITS.queryChars} 个字符`,
    );
  }
  const types = enumList(body, 'types', NODE_TYPES);
  const relations = enumList(body, 'relations', RELATIONS);
  const groundingStatuses = enumList(body, 'groundingStatuses', GROUNDING_STATUSES);
  const entailmentStatuses = enumList(body, 'entailmentStatuses', ENTAILMENT_STATUSES);
  const nodeIds = idList(body, 'nodeIds');
  const sectionIds = idList(body, 'sectionIds');
  const direction = body.direction ?? 'both';
  if (typeof direction !== 'string' || !(DIRECTIONS as readonly string[]).includes(direction)) {
    throw invalid('direction must be both, in or out.', 'direction 只能是 both、in 或 out');
  }
  // A query with nothing visible in it is no query (core/text/well-formed.ts).
  const query = visibleOrEmpty(rawQuery.trim());
  const selectors = [nodeIds, types, relations, sectionIds, groundingStatuses, entailmentStatuses];
  if (query === '' && selectors.every((s) => s.length === 0)) {
    throw invalid('Give a query or at least one structured filter.', '请提供 query 或至少一个结构化筛选条件');
  }
  const limit = int(body, 'limit', 1, QUERY_LIMITS.matches, QUERY_LIMITS.defaultLimit);
  const hops = int(body, 'hops', 0, QUERY_LIMITS.hops, QUERY_LIMITS.defaultHops);
  const maxNodes = int(body, 'maxNodes', 1, QUERY_LIMITS.nodes, Math.min(QUERY_LIMITS.nodes, limit * 4));
  const maxEdges = int(body, 'maxEdges', 1, QUERY_LIMITS.edges, Math.min(QUERY_LIMITS.edges, maxNodes * 3));
  const expectedRevision =
    body.expectedRevision === undefined || body.expectedRevision === null
      ? undefined
      : int(body, 'expectedRevision', 0, Number.MAX_SAFE_INTEGER, 0);
  return {
    query,
    nodeIds,
    types,
    relations,
    sectionIds,
    groundingStatuses,
    entailmentStatuses,
    limit,
    hops,
    direction: direction as QueryDirection,
    maxNodes,
    maxEdges,
    ...(expectedRevision === undefined ? {} : { expectedRevision }),
  };
}
