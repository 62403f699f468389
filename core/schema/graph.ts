// The data contract of a knowledge graph: 8 node types, 12 relations, evidence anchored to numbered units.
// Shared by the worker, the Durable Object and the browser; the zod schemas are the single source of truth.
import { z } from 'zod';

export const NODE_TYPES = [
  'fact',
  'claim',
  'inference',
  'concept',
  'definition',
  'example',
  'counter_example',
  'rule',
] as const;
export const NodeTypeSchema = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeTypeSchema>;

export const RELATIONS = [
  'supports',
  'example',
  'counter_example',
  'defines',
  'infers',
  'causes',
  'is_a',
  'contains',
  'driven_by',
  'not_is',
  'analogy',
  'aims_at',
] as const;
export const RelationSchema = z.enum(RELATIONS);
export type Relation = z.infer<typeof RelationSchema>;

/** grounded: quote found verbatim in the cited unit; candidate: anchor only; unsupported: quote not authenticated. */
export const GROUNDING_STATUSES = ['grounded', 'candidate', 'unsupported'] as const;
export const GroundingStatusSchema = z.enum(GROUNDING_STATUSES);
export type GroundingStatus = z.infer<typeof GroundingStatusSchema>;

/** Semantic entailment is a separate layer: a quote that exists does not prove the node's text. */
export const ENTAILMENT_STATUSES = ['verified', 'unsupported', 'uncertain', 'unverified'] as const;
export const EntailmentStatusSchema = z.enum(ENTAILMENT_STATUSES);
export type EntailmentStatus = z.infer<typeof EntailmentStatusSchema>;

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

export const KgGraphSchema = z.object({
  summary: z.string(),
  nodes: z.array(KgNodeSchema),
  edges: z.array(KgEdgeSchema),
});
export type KgGraph = z.infer<typeof KgGraphSchema>;

/** Human labels for the interface (Chinese and English). */
export const NODE_TYPE_LABELS: Record<NodeType, { en: string; zh: string }> = {
  fact: { en: 'Fact', zh: '事实' },
  claim: { en: 'Claim', zh: '主张' },
  inference: { en: 'Inference', zh: '推论' },
  concept: { en: 'Concept', zh: '概念' },
  definition: { en: 'Definition', zh: '定义' },
  example: { en: 'Example', zh: '例子' },
  counter_example: { en: 'Counter-example', zh: '反例' },
  rule: { en: 'Rule', zh: '规则' },
};

export const RELATION_LABELS: Record<Relation, { en: string; zh: string }> = {
  supports: { en: 'supports', zh: '支持' },
  example: { en: 'example of', zh: '例子' },
  counter_example: { en: 'counter-example to', zh: '反例' },
  defines: { en: 'defines', zh: '定义' },
  infers: { en: 'infers', zh: '推断' },
  causes: { en: 'causes', zh: '因果' },
  is_a: { en: 'is a', zh: '属于' },
  contains: { en: 'contains', zh: '包含' },
  driven_by: { en: 'driven by', zh: '受驱动于' },
  not_is: { en: 'is not', zh: '不是' },
  analogy: { en: 'analogy', zh: '类比说明' },
  aims_at: { en: 'aims at', zh: '旨在' },
};
