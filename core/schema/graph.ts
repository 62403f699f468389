// The data contract of a knowledge graph: 8 node types, 12 relations, evidence anchored to numbered units.
// Shared by the worker, the Durable Object and the browser; the zod schemas are the single source of truth.
import { z } from 'zod';
import { ENTAILMENT_STATUSES, GROUNDING_STATUSES, NODE_TYPES, RELATIONS } from './vocabulary';

export * from './vocabulary';

export const NodeTypeSchema = z.enum(NODE_TYPES);

export const RelationSchema = z.enum(RELATIONS);

export const GroundingStatusSchema = z.enum(GROUNDING_STATUSES);

export const EntailmentStatusSchema = z.enum(ENTAILMENT_STATUSES);

export const EvidenceSchema = z.object({
  documentId: z.string().min(1),
  sourceId: z.string().min(1),
  chunkId: z.string().min(1),
  /** 1-based content unit number (the anchor). */
  paragraph: z.number().int().positive(),
  /** Verbatim text of that unit. */
  quote: z.string().min(1),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const KgNodeSchema = z.object({
  id: z.string().min(1),
  type: NodeTypeSchema,
  text: z.string().min(1),
  /** Anchor unit; null when the node could not be anchored (it then belongs to the diagnostics list). */
  paragraph: z.number().int().positive().nullable(),
  quote: z.string(),
  evidence: z.array(EvidenceSchema),
  groundingStatus: GroundingStatusSchema,
  entailmentStatus: EntailmentStatusSchema,
  confidence: z.number().min(0).max(1).optional(),
  sectionId: z.string().optional(),
});
export type KgNode = z.infer<typeof KgNodeSchema>;

export const KgEdgeSchema = z.object({
  id: z.string().min(1),
  fromNodeId: z.string().min(1),
  toNodeId: z.string().min(1),
  relation: RelationSchema,
  evidence: z.array(EvidenceSchema),
});
export type KgEdge = z.infer<typeof KgEdgeSchema>;

// A mention links a statement to a concept anchor it names. It is not one of the 12 relations: it is stored,
// served, exported and drawn apart from them, and nothing that counts or scores relations sees it. Its evidence
// is the term as it stands in the statement's quote, in the statement's unit (verbatim).
export const MentionSchema = z.object({
  id: z.string().min(1),
  /** The statement (any node but the anchor itself) that names the term. */
  nodeId: z.string().min(1),
  /** The concept anchor named. */
  conceptId: z.string().min(1),
  /** The term verbatim as it stands in the statement's quote (its case and inflection kept). */
  term: z.string().min(1),
  /** One entry: the statement's unit, with quote = the term. */
  evidence: z.array(EvidenceSchema).min(1),
});
export type Mention = z.infer<typeof MentionSchema>;

export const KgGraphSchema = z.object({
  summary: z.string(),
  nodes: z.array(KgNodeSchema),
  edges: z.array(KgEdgeSchema),
  /** The concept layer (core/concepts); absent on graphs made before it or not yet given it. */
  mentions: z.array(MentionSchema).optional(),
});
export type KgGraph = z.infer<typeof KgGraphSchema>;
