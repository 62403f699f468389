// The wire format an extractor returns for one batch: nodes and edges that cite unit numbers and verbatim quotes.
// Every extractor (the built-in heuristic, a model, a pluggable service) speaks this format; the engine then
// authenticates quotes, repairs what it safely can and turns the result into canonical nodes and edges.
import { z } from 'zod';
import { WIRE_LIMITS } from '../limits';
import { NodeTypeSchema, RelationSchema } from './graph';

export const WireNodeSchema = z.object({
  id: z.string().min(1).max(WIRE_LIMITS.idChars),
  type: NodeTypeSchema,
  text: z.string().min(1).max(WIRE_LIMITS.textChars),
  /** Unit number the quote comes from (global 1-based numbering). */
  paragraph: z.number().int().positive(),
  /**
   * Verbatim from the unit. Omitted, it is the node's text (a cheaper answer when the text is copied word for word):
   * the gate fills it in and checks it verbatim as any quote; an empty quote is no quote (a candidate).
   */
  quote: z.string().max(WIRE_LIMITS.textChars).optional(),
  confidence: z.number().min(0).max(1).optional(),
});
export type WireNode = z.infer<typeof WireNodeSchema>;

export const WireEdgeSchema = z.object({
  fromNodeId: z.string().min(1).max(WIRE_LIMITS.idChars),
  toNodeId: z.string().min(1).max(WIRE_LIMITS.idChars),
  relation: RelationSchema,
  paragraph: z.number().int().positive(),
  /** Must contain the relation-bearing words, not just both endpoints. */
  quote: z.string().min(1).max(WIRE_LIMITS.textChars),
});
export type WireEdge = z.infer<typeof WireEdgeSchema>;

export const WireBatchSchema = z.object({
  summary: z.string().max(WIRE_LIMITS.summaryChars).default(''),
  nodes: z.array(WireNodeSchema).max(WIRE_LIMITS.nodes),
  edges: z.array(WireEdgeSchema).max(WIRE_LIMITS.edges),
});
export type WireBatch = z.infer<typeof WireBatchSchema>;
