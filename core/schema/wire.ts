// The wire format an extractor returns for one batch: nodes and edges that cite unit numbers and verbatim quotes.
// Every extractor (the built-in heuristic, a model, a pluggable service) speaks this format; the engine then
// authenticates quotes, repairs what it safely can and turns the result into canonical nodes and edges.
import { z } from 'zod';
import { NodeTypeSchema, RelationSchema } from './graph';

export const WireNodeSchema = z.object({
  id: z.string().min(1).max(64),
  type: NodeTypeSchema,
  text: z.string().min(1).max(2000),
  /** Unit number the quote comes from (global 1-based numbering). */
  paragraph: z.number().int().positive(),
  quote: z.string().max(2000),
  confidence: z.number().min(0).max(1).optional(),
});
export type WireNode = z.infer<typeof WireNodeSchema>;

export const WireEdgeSchema = z.object({
  fromNodeId: z.string().min(1).max(64),
  toNodeId: z.string().min(1).max(64),
  relation: RelationSchema,
  paragraph: z.number().int().positive(),
  /** Must contain the relation-bearing words, not just both endpoints. */
  quote: z.string().min(1).max(2000),
});
export type WireEdge = z.infer<typeof WireEdgeSchema>;

export const WireBatchSchema = z.object({
  summary: z.string().max(4000).default(''),
  nodes: z.array(WireNodeSchema).max(2000),
  edges: z.array(WireEdgeSchema).max(4000),
});
export type WireBatch = z.infer<typeof WireBatchSchema>;
