// The static graph file (what GET /api/documents/:id/export?format=json writes and <kg-workbench src> reads) as a zod
// schema, composed from the graph's own schemas in core/schema, so its JSON Schema (written by scripts/build.mjs with
// z.toJSONSchema into the npm package as graph.schema.json) says what the code says. The type checks at the bottom
// keep it equal to the GraphExport interface the Worker writes with. Not imported by the browser bundle (zod).
import { z } from 'zod';
import { KgEdgeSchema, KgNodeSchema, MentionSchema } from '../schema/graph';
import { ContentUnitSchema, SectionSchema } from '../schema/units';
import { GRAPH_EXPORT_FORMAT, GRAPH_EXPORT_VERSION } from './format';
import { FACT_CHECK_MODES, type FactCheckClaim, type FactCheckReport } from '../fact-check/types';
import { IMAGE_MEDIA_TYPES } from '../images/limits';
import type { VisualSource } from '../images/types';
import type { AuditEntry } from '../operations/wire';
import { REPORT_KINDS } from '../verify/types';
import type { GraphExport } from './graph-export';

const count = z.number().int().nonnegative();
const unit = z.number().int().positive();

/** source.visualSource (docs/contracts/images.md#visual-source), whole: the type check below keeps it equal. */
const VisualSourceSchema = z.object({
  version: z.literal(1),
  kind: z.literal('image-derived'),
  transcriptMethod: z.literal('multimodal-model'),
  images: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      attachment: z.object({ sha256: z.string(), mediaType: z.enum(IMAGE_MEDIA_TYPES), bytes: count }),
      summary: z.string(),
      unitCount: count,
      startParagraph: unit,
      endParagraph: unit,
      warnings: z.array(z.string()),
    }),
  ),
  warnings: z.array(z.string()),
});

export const GraphExportSchema = z
  .object({
    format: z.literal(GRAPH_EXPORT_FORMAT),
    version: z.literal(GRAPH_EXPORT_VERSION),
    exportedAt: z.string().describe('ISO 8601 time of the export'),
    documentId: z.string(),
    title: z.string(),
    revision: count,
    summary: z.string(),
    sourceId: z.string().nullable(),
    model: z.string().describe('The extractor or model that generated the revision'),
    chars: count,
    counts: z.object({
      units: count,
      nodes: count,
      edges: count,
      mentions: count.optional().describe('Mentions of the concept layer; never counted among the edges'),
    }),
    sections: z.array(SectionSchema),
    audit: z.unknown().describe('The generation audit of the revision (grounding counts, repairs, dropped edges, ...)'),
    verificationReports: z
      .array(
        z.object({
          report: z.looseObject({
            reportId: z.string(),
            mode: z.enum(REPORT_KINDS),
            documentId: z.string(),
            revision: count,
            createdAt: z.number(),
            issues: z.array(z.unknown()).optional(),
          }),
          stale: z.boolean().describe('The report was computed on an older revision'),
        }),
      )
      .optional()
      .describe(
        'The latest report of each verification kind (quick check, model review, question); absent in files written before it',
      ),
    factCheck: z
      .object({
        report: z.looseObject({
          reportId: z.string(),
          documentId: z.string(),
          revision: count,
          mode: z.enum(FACT_CHECK_MODES),
          summary: z.string(),
          claims: z.array(z.looseObject({ id: z.string(), nodeId: z.string() })),
        }),
        stale: z.boolean(),
      })
      .nullable()
      .optional()
      .describe('The latest external fact-check report (null: none was run); absent in files written before it'),
    visualSource: VisualSourceSchema.nullable()
      .optional()
      .describe('Where the text came from when transcribed from images (null for typed text); absent in older files'),
    auditLog: z
      .array(z.looseObject({ revision: count, seq: count, kind: z.enum(['commit', 'undo']), targetId: z.string() }))
      .optional()
      .describe(
        'The audit log of graph edits (commits and undos), oldest first; absent in files written before it existed',
      ),
    units: z.array(ContentUnitSchema).describe('Every content unit in number order: the source text, anchor by anchor'),
    nodes: z.array(KgNodeSchema).describe('Every node in canonical order, with all of its evidence'),
    edges: z.array(KgEdgeSchema),
    mentions: z
      .array(MentionSchema)
      .optional()
      .describe(
        'The concept layer: each statement → concept anchor it names, apart from the 12 relations; absent in files written before it',
      ),
  })
  .meta({
    title: 'kg-workbench static graph',
    description: 'A knowledge graph exported by kg-workbench; <kg-workbench src="graph.json"> shows it with no server.',
  });

/** The JSON Schema (draft 2020-12) of the static graph file. */
export function graphExportJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://unpkg.com/kg-workbench/graph.schema.json',
    ...z.toJSONSchema(GraphExportSchema, { io: 'input' }),
  };
}

// Compile-time: every GraphExport the Worker writes fits the schema, and whatever the schema admits is a GraphExport
// (but for the audit log and the fact-check report, whose entries the schema only sketches).
type Parsed = z.infer<typeof GraphExportSchema>;
const writes = (
  g: Omit<GraphExport, 'auditLog' | 'factCheck'> & {
    factCheck?: {
      report: Pick<FactCheckReport, 'reportId' | 'documentId' | 'revision' | 'mode' | 'summary'> & {
        claims: Array<Pick<FactCheckClaim, 'id' | 'nodeId'>>;
      };
      stale: boolean;
    } | null;
    auditLog?: Array<Pick<AuditEntry, 'revision' | 'seq' | 'kind' | 'targetId'>>;
  },
): Parsed => g;
const entries = (a: AuditEntry): Pick<AuditEntry, 'revision' | 'seq' | 'kind' | 'targetId'> => a;
const reads = (p: Parsed): Omit<GraphExport, 'auditLog' | 'factCheck'> => p;
const visual = (v: VisualSource): z.infer<typeof VisualSourceSchema> => v;
const visualBack = (v: z.infer<typeof VisualSourceSchema>): VisualSource => v;
void visual;
void visualBack;
void writes;
void entries;
void reads;
