// Descriptions of the routes that read a graph: layouts, insights, the structured query and answers.
import { z } from 'zod';
import { ANSWER_LIMITS } from '../../../core/answer';
import { QUERY_LIMITS } from '../../../core/query/limits';
import { ENTAILMENT_STATUSES, GROUNDING_STATUSES, NODE_TYPES, RELATIONS } from '../../../core/schema/vocabulary';
import { InsightsQuery } from '../../routes/insights';
import { DocumentLayoutQuery, LayoutBody } from '../../routes/layout';
import { PathQuery } from '../../routes/path';
import { KgEdgeSchema, KgNodeSchema, MentionSchema } from '../../../core/schema/graph';
import { ModelIdField } from '../../lib/request-fields';
import { op } from '../registry';
import * as S from '../schemas';

const READ = 'Reading';
const ASK = 'Ask';

const list = <T extends z.ZodType>(item: T) => z.array(item).max(QUERY_LIMITS.listItems);
/** Filters shared by query and answers. Both are validated by zod-free parsers in core/ (the browser's static mode
 * runs the same checks), so these schemas describe core/query/request.ts and core/answer/request.ts. */
const filters = {
  nodeIds: list(z.string().min(1).max(QUERY_LIMITS.idChars)).optional(),
  types: list(z.enum(NODE_TYPES)).optional(),
  relations: list(z.enum(RELATIONS)).optional(),
  sectionIds: list(z.string()).optional(),
  groundingStatuses: list(z.enum(GROUNDING_STATUSES)).optional(),
  entailmentStatuses: list(z.enum(ENTAILMENT_STATUSES)).optional(),
  hops: z.number().int().min(0).max(QUERY_LIMITS.hops).default(QUERY_LIMITS.defaultHops).optional(),
  direction: z.enum(['both', 'in', 'out']).default('both').optional(),
  expectedRevision: z.number().int().nonnegative().optional(),
};
const range = (r: { min: number; max: number; fallback: number }) =>
  z.number().int().min(r.min).max(r.max).default(r.fallback).optional();

export const QueryRequestDoc = z.looseObject({
  query: z.string().max(QUERY_LIMITS.queryChars).optional(),
  ...filters,
  limit: z.number().int().min(1).max(QUERY_LIMITS.matches).default(QUERY_LIMITS.defaultLimit).optional(),
  maxNodes: z.number().int().min(1).max(QUERY_LIMITS.nodes).optional(),
  maxEdges: z.number().int().min(1).max(QUERY_LIMITS.edges).optional(),
});

export const AnswerRequestDoc = z.looseObject({
  question: z.string().min(1).max(ANSWER_LIMITS.questionChars),
  model: ModelIdField,
  ...filters,
  limit: range(ANSWER_LIMITS.limit),
  maxNodes: range(ANSWER_LIMITS.maxNodes),
  maxEdges: range(ANSWER_LIMITS.maxEdges),
});

/** The answer of GET …/path (core/query/path.ts GraphPathResult). */
const PathAnswer = z.object({
  found: z.boolean(),
  via: z.enum(['relations', 'mentions']).nullable(),
  nodes: z.array(KgNodeSchema),
  edges: z.array(KgEdgeSchema),
  mentions: z.array(MentionSchema),
  steps: z.array(z.object({ from: z.string(), to: z.string(), kind: z.enum(['edge', 'mention']), id: z.string() })),
});

export const readingOperations = [
  op({
    method: 'get',
    path: '/api/documents/:id/layout',
    tag: READ,
    access: 'read',
    summary: 'ELK layered layout of a graph window, cached per revision',
    description: 'Says in `X-KG-Layout-Cache: hit|miss` whether the answer came from the cache.',
    query: DocumentLayoutQuery,
    responses: { 200: { description: "Positions of the window's nodes and edge routes.", schema: S.DocumentLayout } },
    errors: ['invalid_input', 'layout_too_large'],
  }),
  op({
    method: 'post',
    path: '/api/layout',
    tag: READ,
    access: 'any',
    summary: 'Lay out any graph (≤ 800 nodes, ≤ 1,600 edges, within the layout budget)',
    body: LayoutBody,
    bodyExample: {
      nodes: [
        { id: 'a', label: 'Graphs' },
        { id: 'b', label: 'Concepts' },
      ],
      edges: [{ id: 'e1', source: 'a', target: 'b' }],
    },
    responses: { 200: { description: 'Positions and edge routes.', schema: S.PostedLayout } },
    errors: ['invalid_input', 'layout_too_large'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/insights',
    tag: READ,
    access: 'read',
    summary: 'Insights with attribution profiles, and recommended questions',
    query: InsightsQuery,
    responses: {
      200: {
        description: 'The latest insight round (format=markdown: the same as Markdown).',
        schema: S.InsightsAnswer,
        alternatives: ['text/markdown'],
      },
    },
    errors: ['invalid_input'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/query',
    tag: ASK,
    access: 'read',
    summary: 'Bounded structured retrieval over the canonical graph',
    description:
      'Matches, their neighbours as context, and the cited source units only. An unknown filter value is refused by name; a graph or text in the body is ignored.',
    body: QueryRequestDoc,
    bodyExample: { query: 'Acme', types: ['fact', 'claim'], limit: 10, hops: 1 },
    responses: { 200: { description: 'Matches, subgraph, cited units, metrics.', schema: S.QueryAnswer } },
    errors: ['invalid_input', 'limit_exceeded', 'revision_conflict'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/path',
    tag: ASK,
    access: 'read',
    summary: 'The shortest path between two nodes',
    description:
      'Breadth-first over the typed relations in either direction (`via: "relations"`); only when they do not join the two, over relations and the concept layer\'s mentions (`via: "mentions"`). At most 8 steps; `found: false` when nothing joins them. `steps` walk from `from` to `to`, each naming the relation or mention it uses.',
    query: PathQuery,
    responses: {
      200: { description: 'The path: its nodes in walking order, relations, mentions and steps.', schema: PathAnswer },
    },
    errors: ['invalid_input', 'not_found'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/answers',
    tag: ASK,
    access: 'read',
    summary: 'Answer a question from cited evidence (a task)',
    description:
      "Without a configured default model the offline `builtin:extractive` answerer answers. The task's `result` (GET /api/tasks/{taskId}) is the answer: every part rebuilt from the evidence it cites.",
    body: AnswerRequestDoc,
    bodyExample: { question: 'Who founded Acme?' },
    responses: { 202: { description: 'The answer task.', schema: S.TaskStatusSchema } },
    errors: ['invalid_input', 'limit_exceeded', 'unknown_model', 'busy', 'revision_conflict'],
  }),
];
