// The frozen quality gate's vocabulary (issue 17, after the original's kg:quality-regression): a cases file holds a
// source text's fingerprint, the graded cases a careful reader expects of a graph made from it, and the gate the
// score must pass. Pure data and its zod schema; scoring is in score.ts, the gate in gate.ts.
import { z } from 'zod';
import { RELATIONS } from '../schema/vocabulary';

/**
 * What a case looks for in a node's text, compared after NFKC, lower case and whitespace removal: a string matches
 * a node whose text contains it; `{ exact }` only a node whose whole text is it (a concept such as 海马体); a list
 * of strings, a node that contains any of them (one statement a reader may find split into several nodes).
 */
export const NeedleSchema = z.union([
  z.string().min(1),
  z.strictObject({ exact: z.string().min(1) }),
  z.array(z.string().min(1)).min(1).max(8),
]);
export type Needle = z.infer<typeof NeedleSchema>;

const RelationsSchema = z.union([z.enum(RELATIONS), z.array(z.enum(RELATIONS)).min(1)]);

const common = {
  id: z.string().min(1).max(80),
  note: z.string().max(400).optional(),
  weight: z.number().positive().max(10).optional(),
};

const pair = { from: NeedleSchema, to: NeedleSchema };

/** A case that is not any_of (any_of nests these only, one level deep). */
export const SimpleCaseSchema = z.discriminatedUnion('kind', [
  // The graph states this: some trusted node matches.
  z.strictObject({ ...common, kind: z.literal('node'), match: NeedleSchema }),
  // Two things the text connects are connected within `maxHops` edges (either direction).
  z.strictObject({ ...common, kind: z.literal('path'), ...pair, maxHops: z.number().int().min(1).max(6) }),
  // A relation of this kind (one of these kinds) from a node matching `from` to one matching `to`.
  z.strictObject({
    ...common,
    kind: z.literal('relation'),
    ...pair,
    relation: RelationsSchema,
    undirected: z.boolean().optional(),
  }),
  // Something the text never speaks of: no trusted node may match (an invented topic).
  z.strictObject({ ...common, kind: z.literal('unknown'), match: NeedleSchema }),
  // A misreading of what the text does say (a flipped claim, a term cut into a fragment): no trusted node may match.
  z.strictObject({ ...common, kind: z.literal('forbidden_node'), match: NeedleSchema }),
  // A relation the text does not state (a reversed cause, a contrast between neighbours): no such edge may exist.
  z.strictObject({
    ...common,
    kind: z.literal('forbidden_relation'),
    ...pair,
    relation: RelationsSchema,
    undirected: z.boolean().optional(),
  }),
]);
export type SimpleCase = z.infer<typeof SimpleCaseSchema>;

export const QaCaseSchema = z.union([
  SimpleCaseSchema,
  // Passes when any of its alternatives passes (a reader accepts either form of the same knowledge).
  z.strictObject({ ...common, kind: z.literal('any_of'), cases: z.array(SimpleCaseSchema).min(2).max(8) }),
]);
export type QaCase = z.infer<typeof QaCaseSchema>;

export const QaGateSchema = z.strictObject({
  /** Cases that must pass. */
  minPassed: z.number().int().min(0),
  /** Most cases that may be lost against the frozen baseline. */
  maxDrop: z.number().int().min(0),
  /** Weighted score (0–100) the graph must reach. */
  minScore: z.number().min(0).max(100),
  /** A catastrophic-collapse sentinel only: never a substitute for the cases. */
  minNodes: z.number().int().min(0),
});
export type QaGate = z.infer<typeof QaGateSchema>;

export const QaCasesFileSchema = z.strictObject({
  version: z.literal(1),
  /** The frozen text: its file (beside the cases file), length in UTF-16 code units and SHA-256 (hex). */
  source: z.strictObject({
    file: z.string().min(1),
    title: z.string().min(1),
    lang: z.enum(['en', 'zh']),
    chars: z.number().int().positive(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  gate: QaGateSchema,
  cases: z.array(QaCaseSchema).min(1).max(500),
});
export type QaCasesFile = z.infer<typeof QaCasesFileSchema>;

/** The frozen result of one cases file, kept in baseline.json. */
export interface QaBaselineEntry {
  passed: number;
  total: number;
  score: number;
  nodes: number;
  edges: number;
  passedIds: string[];
}
