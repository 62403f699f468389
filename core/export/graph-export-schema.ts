// The static graph file (what GET /api/documents/:id/export?format=json writes and <kg-workbench src> reads) as a zod
// schema, composed from the graph's own schemas in core/schema, so its JSON Schema (written by scripts/build.mjs with
// z.toJSONSchema into the npm package as graph.schema.json) says what the code says. The type checks at the bottom
// keep it equal to the GraphExport interface the Worker writes with. Not imported by the browser bundle (zod).
import { z } from 'zod';
import { KgEdgeSchema, KgNodeSchema, MentionSchema } from '../schema/graph';
import { ContentUnitSchema, SectionSchema } from '../schema/units';
import { GRAPH_EXPORT_FORMAT, GRAPH_EXPORT_VERSION } from './format';
import type { AuditEntry } from '../operations/wire';
import type { GraphExport } from './graph-export';

const count = z.number().int().nonnegative();

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
// (but for the audit log, whose entries the schema only sketches).
type Parsed = z.infer<typeof GraphExportSchema>;
const writes = (
  g: Omit<GraphExport, 'auditLog'> & { auditLog?: Array<Pick<AuditEntry, 'revision' | 'seq' | 'kind' | 'targetId'>> },
): Parsed => g;
const entries = (a: AuditEntry): Pick<AuditEntry, 'revision' | 'seq' | 'kind' | 'targetId'> => a;
const reads = (p: Parsed): Omit<GraphExport, 'auditLog'> => p;
void writes;
void entries;
void reads;
