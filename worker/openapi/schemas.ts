// Response shapes of the HTTP API for the OpenAPI description (worker/openapi/). Objects are closed
// (additionalProperties: false in the generated JSON Schema) wherever the answer is the API's own contract, so the
// response-validation test (test/worker/openapi.test.ts) fails when a route starts sending a field nobody described;
// deep reports and model results are open objects with their key fields named.
import { z } from 'zod';
import { SCOPES } from '../../core/access/scopes';
import { ERROR_CATALOG } from '../../core/errors';
import { EvidenceSchema, KgEdgeSchema, KgNodeSchema, MentionSchema, NodeTypeSchema } from '../../core/schema/graph';
import { TASK_KINDS, TASK_STATUSES } from '../../core/schema/task';
import { ContentUnitSchema, SectionSchema } from '../../core/schema/units';
import { FILE_FORMATS } from '../../core/files/formats';
import { SOURCE_KINDS } from '../../core/schema/api';

const Id = z.string().min(1);
const Timestamp = z.number().int().describe('Milliseconds since the Unix epoch.');
const Revision = z.number().int().nonnegative();
const Cursor = z.string().nullable().describe('Pass back as `cursor` for the next page; null on the last page.');

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as [
  keyof typeof ERROR_CATALOG,
  ...(keyof typeof ERROR_CATALOG)[],
];

/** `{ error: { code, message, …facts } }` (core/errors.ts KgError.toBody): facts such as currentRevision or issues. */
export function errorEnvelope(codes: readonly string[] = ERROR_CODES) {
  return z.strictObject({
    error: z.looseObject({
      code: z.enum(codes as [string, ...string[]]),
      message: z
        .string()
        .describe('For people, in the language of Accept-Language (Chinese for zh*, English otherwise).'),
    }),
  });
}

export const ErrorEnvelope = errorEnvelope();

export const TaskStatusSchema = z.object({
  taskId: Id,
  documentId: Id,
  kind: z.enum(TASK_KINDS),
  status: z.enum(TASK_STATUSES),
  stage: z.string(),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int(),
    charsReceived: z.number().int(),
    nodesSeen: z
      .number()
      .int()
      .describe('Nodes so far: of accepted batches, and named by the answers still streaming.'),
  }),
  elapsedMs: z.number(),
  warnings: z.array(z.string()),
  model: z.string(),
  error: z.looseObject({ code: z.string(), message: z.string() }).optional(),
  revision: Revision.optional().describe('The revision an extract or append task committed (succeeded only).'),
  baseRevision: Revision.optional().describe('The revision a read-only task (review, question, answer) worked on.'),
  result: z.unknown().optional().describe("What a succeeded read-only task produced (its kind's own result shape)."),
});

export const TaskStarted = z.object({
  documentId: Id,
  taskId: Id,
  revision: Revision,
  writeCapability: z
    .string()
    .optional()
    .describe('Open mode only: the write capability of the new document, given once.'),
});

export const DocumentCreated = TaskStarted.extend({
  images: z.array(z.object({ id: Id, name: z.string(), mediaType: z.string(), bytes: z.number().int() })).optional(),
  /** A document made from a file (multipart `file`): what was read from it. */
  file: z
    .object({
      name: z.string(),
      format: z.enum(FILE_FORMATS),
      chars: z.number().int(),
      pages: z.number().int().optional(),
    })
    .optional(),
});

const TraceCounts = z.object({
  accepted: z.number().int(),
  ignored: z.number().int(),
  duplicates: z.number().int(),
  skipped: z.number().int(),
});
export const TraceStarted = TaskStarted.extend({
  events: TraceCounts,
  /** Present when the trace came as a file: the format read from its content. */
  file: z.object({ format: z.enum(['openai', 'anthropic', 'events']) }).optional(),
});

export const DocumentSummarySchema = z.object({
  documentId: Id,
  title: z.string(),
  revision: Revision,
  nodeCount: z.number().int(),
  edgeCount: z.number().int(),
  chars: z.number().int(),
  updatedAt: Timestamp,
  sourceKind: z.enum(SOURCE_KINDS),
  model: z
    .string()
    .optional()
    .describe('The extractor or model that made the graph (builtin:heuristic for the built-in one).'),
  deletedAt: Timestamp.optional().describe('Deleted documents only (deleted=1): when it was deleted.'),
  purgeAt: Timestamp.optional().describe('Deleted documents only: when it will be purged (30 days after deletedAt).'),
});

export const DocumentList = z.object({ items: z.array(DocumentSummarySchema), nextCursor: Cursor });

export const DocumentDetailSchema = DocumentSummarySchema.extend({
  createdAt: Timestamp,
  model: z.string(),
  sourceId: z.string().nullable(),
  unitCount: z.number().int(),
  summary: z.string(),
  sections: z.array(SectionSchema),
  audit: z.unknown().describe('The generation audit of the revision (grounding counts, repairs, dropped edges, …).'),
  activeTask: TaskStatusSchema.nullable(),
});

export const Deleted = z.object({
  deleted: z.literal(true),
  documentId: Id,
  deletedAt: Timestamp,
  purgeAt: Timestamp.describe('Restorable until then (30 days on); purged after.'),
});

export const Restored = z.object({
  restored: z.boolean().describe('false when the document was not deleted.'),
  documentId: Id,
  revision: Revision,
});

export const UnitsPage = z.object({
  documentId: Id,
  revision: Revision,
  units: z.array(ContentUnitSchema.extend({ nodeTypes: z.array(NodeTypeSchema).optional() })),
  total: z.number().int(),
});

export const GraphViewSchema = z.object({
  documentId: Id,
  revision: Revision,
  summary: z.string(),
  nodes: z.array(KgNodeSchema),
  edges: z.array(KgEdgeSchema),
  mentions: z
    .array(MentionSchema)
    .optional()
    .describe('The concept layer: mentions whose statement is in `nodes` (never relations, never in totalEdges).'),
  concepts: z
    .array(KgNodeSchema)
    .optional()
    .describe('Concept anchors those mentions name that lie outside the view; `nodes` stays exactly the view.'),
  view: z.object({
    kind: z.enum(['window', 'query']),
    nodeOffset: z.number().int(),
    nodeLimit: z.number().int(),
    totalNodes: z.number().int(),
    totalEdges: z.number().int(),
    truncated: z.boolean(),
    query: z.string().optional(),
    matchedNodes: z.number().int().optional(),
    section: z.string().optional(),
    sectionNodes: z.number().int().optional(),
  }),
});

const LaidOutNode = z.object({ id: Id, x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const LaidOutEdge = z.looseObject({ id: Id, points: z.array(z.tuple([z.number(), z.number()])).optional() });
export const DocumentLayout = z.object({
  documentId: Id,
  revision: Revision,
  algorithm: z.literal('layered'),
  window: z.object({
    offset: z.number().int(),
    limit: z.number().int(),
    nodes: z.number().int(),
    edges: z.number().int(),
    totalNodes: z.number().int(),
    truncated: z.boolean(),
  }),
  width: z.number(),
  height: z.number(),
  nodes: z.array(LaidOutNode),
  edges: z.array(LaidOutEdge),
});
export const PostedLayout = z.object({
  revision: z.null(),
  layoutKey: z.string(),
  algorithm: z.literal('layered'),
  width: z.number(),
  height: z.number(),
  nodes: z.array(LaidOutNode),
  edges: z.array(LaidOutEdge),
});

export const VisualSourceAnswer = z.object({
  documentId: Id,
  revision: Revision,
  visualSource: z.looseObject({}).nullable(),
});

/** The graph file: the one schema of it (core/export/graph-export-schema.ts, also the npm package's graph.schema.json). */
export { GraphExportSchema } from '../../core/export/graph-export-schema';

export const InsightsAnswer = z.object({
  round: z.number().int(),
  insights: z.array(
    z.looseObject({ id: z.string(), type: z.string(), severity: z.string(), title: z.string(), detail: z.string() }),
  ),
  topics: z.array(z.looseObject({ key: z.string(), question: z.string(), nodeIds: z.array(z.string()) })),
});

const AuditEntry = z.looseObject({
  revision: Revision,
  seq: z.number().int(),
  kind: z.enum(['commit', 'undo']),
  action: z.string(),
  targetId: z.string(),
  createdAt: Timestamp,
});
export const CommitAnswer = z.object({
  documentId: Id,
  revision: Revision,
  changed: z.boolean(),
  createdNodeIds: z
    .record(z.string(), z.string())
    .describe('add_node ids proposed in the request → the ids the nodes got.'),
  audit: z.array(AuditEntry),
});
export const UndoAnswer = z.object({
  documentId: Id,
  revision: Revision,
  undoneRevision: Revision,
  audit: z.array(AuditEntry),
});
export const AuditPage = z.object({ items: z.array(AuditEntry), nextCursor: Cursor });

/** Query results carry their provenance on each node and edge (docs/contracts/graph-query.md). */
const Provenance = { documentId: Id, sourceId: z.string(), chunkId: z.string() };
export const QueryAnswer = z.object({
  queryId: z.string(),
  documentId: Id,
  revision: Revision,
  query: z.string(),
  matches: z.array(z.object({ nodeId: Id, score: z.number(), reasons: z.array(z.string()) })),
  graph: z.object({
    summary: z.string(),
    source: z.looseObject({ id: z.string().nullable(), documentId: Id, title: z.string(), revision: Revision }),
    nodes: z.array(KgNodeSchema.extend({ ...Provenance, sectionTitle: z.string().optional() })),
    edges: z.array(KgEdgeSchema.extend(Provenance)),
    /** The concept layer's mentions among the returned nodes, apart from the relations (absent when none). */
    mentions: z
      .array(
        z.object({
          id: z.string(),
          nodeId: Id,
          conceptId: Id,
          term: z.string(),
          paragraph: z.number().int(),
          quote: z.string(),
        }),
      )
      .optional(),
    view: z.looseObject({
      kind: z.literal('consumption'),
      totalNodes: z.number().int(),
      totalEdges: z.number().int(),
      truncated: z.boolean(),
    }),
  }),
  sourceUnits: z.array(
    z.object({
      paragraph: z.number().int(),
      text: z.string(),
      nodeIds: z.array(z.string()),
      edgeIds: z.array(z.string()),
    }),
  ),
  metrics: z.looseObject({
    directMatches: z.number().int(),
    returnedNodes: z.number().int(),
    returnedEdges: z.number().int(),
  }),
});

const Report = z.looseObject({
  reportId: z.string(),
  mode: z.enum(['quick', 'standard', 'question']),
  documentId: Id,
  revision: Revision,
  createdAt: Timestamp,
  summary: z.string(),
  issues: z
    .array(
      z.looseObject({
        id: z.string(),
        severity: z.string(),
        targetKind: z.string(),
        proposedFix: z.looseObject({ action: z.string() }),
      }),
    )
    .optional(),
});
export const VerifyAnswer = z.object({ report: Report, stale: z.boolean() });
export const ReportsAnswer = z.object({ documentId: Id, revision: Revision, reports: z.array(VerifyAnswer) });

export const CandidateSchema = z.object({
  id: Id,
  kind: z.enum(['entity', 'claim']),
  documentId: Id,
  nodeId: z.string().nullable(),
  type: z.string(),
  text: z.string(),
  confidence: z.number().min(0).max(1).optional().describe("Claims: the node's confidence, when it has one."),
  evidence: z.array(EvidenceSchema),
  paragraph: z.number().int().nullable(),
  sectionId: z.string().optional(),
  status: z.enum(['candidate', 'accepted', 'rejected']),
  revision: Revision,
  updatedAt: Timestamp,
});
export const CandidatePage = z.object({
  documentId: Id,
  revision: Revision,
  candidates: z.array(CandidateSchema),
  nextCursor: Cursor,
});

export const TraceEventsAnswer = z.object({
  documentId: Id,
  revision: Revision,
  events: z.array(
    z.object({
      seq: z.number().int(),
      type: z.string(),
      firstUnit: z.number().int(),
      lastUnit: z.number().int(),
      preview: z.string(),
    }),
  ),
});

export const ReadCapability = z.object({
  token: z.string(),
  documentId: Id,
  scope: z.literal('read'),
  revision: Revision.nullable(),
  expiresAt: Timestamp,
});
export const Rotated = z.object({ rotated: z.literal(true), documentId: Id });

const ApiKey = z.object({
  id: Id,
  label: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  createdAt: Timestamp,
  revokedAt: Timestamp.nullable(),
});
export const ApiKeyCreated = ApiKey.extend({ key: z.string().describe('The key itself, in this answer only.') });
export const ApiKeyList = z.object({ items: z.array(ApiKey) });
export const ApiKeyRevoked = ApiKey.extend({ revoked: z.literal(true) });

/** core/extract/estimate.ts RunEstimate, with the model it was made for (POST /api/estimate, dryRun). */
export const RunEstimateSchema = z.strictObject({
  dryRun: z.literal(true),
  model: Id,
  extractor: z.enum(['heuristic', 'model', 'service']),
  units: z.number().int().nonnegative(),
  batches: z.number().int().nonnegative().describe('Exactly the batches the run will plan.'),
  calls: z.number().int().nonnegative().describe('One per batch when every answer is usable; retries come on top.'),
  sourceChars: z.number().int().nonnegative(),
  promptChars: z.number().int().nonnegative().describe('System and user prompt characters of those calls.'),
  promptTokens: z.number().int().nonnegative(),
  answerTokens: z.number().int().nonnegative(),
  tokens: z
    .strictObject({
      method: z.literal('ratio'),
      charsPerToken: z.strictObject({ cjk: z.number(), other: z.number() }),
      estimate: z.literal(true),
    })
    .describe('Tokens are estimated from a measured characters-per-token ratio, never counted by a tokenizer.'),
  cost: z
    .strictObject({
      input: z.number(),
      output: z.number(),
      total: z.number(),
      currency: z.string(),
      estimate: z.literal(true),
    })
    .optional()
    .describe("Only when the model's configuration carries prices."),
});

export const Health = z.object({ ok: z.literal(true), version: z.string() });
export const ModelsAnswer = z.object({
  models: z.array(
    z.object({
      id: Id,
      provider: z.string(),
      model: z.string(),
      label: z.string(),
      image: z.union([z.boolean(), z.literal('unknown')]),
      default: z.boolean(),
    }),
  ),
  answerers: z.array(
    z.object({ id: Id, kind: z.enum(['extractive', 'model']), label: z.string(), default: z.boolean() }),
  ),
  warnings: z.array(z.string()).optional(),
});
