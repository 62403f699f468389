// The fix vocabulary (docs/contracts/verification.md#fixes): what a quick-check issue, a model review issue or a question may propose,
// and what POST /api/documents/:id/commit applies. One definition for the side that proposes a fix (core/verify,
// the review and question tasks) and the side that applies it (the commit service), so both agree on every field.
// Paragraphs are 1-based unit numbers (the seed's are 0-based). Evidence carries only { paragraph, quote }: the
// server re-authenticates it against the canonical units and writes the provenance itself.
import { z } from 'zod';
import { NodeTypeSchema, RelationSchema } from './graph';

import type { FixAction } from './fix-actions';

export { FIX_ACTIONS } from './fix-actions';

/** Field limits of the sanitiser in docs/contracts/verification.md#fixes (characters). */
export const FIX_LIMITS = {
  nodeText: 500,
  nodeQuote: 600,
  summary: 500,
  evidenceQuote: 600,
  evidenceItems: 8,
} as const;

/** A quote a fix cites: a unit number and the unit's own characters (authenticated by the server before use). */
export const FixEvidenceSchema = z.object({
  paragraph: z.number().int().positive(),
  quote: z.string().min(1).max(FIX_LIMITS.evidenceQuote),
});
export type FixEvidence = z.infer<typeof FixEvidenceSchema>;

/** The node fields a fix may change. */
export const NodeFieldsPatchSchema = z.object({
  type: NodeTypeSchema.optional(),
  text: z.string().min(1).max(FIX_LIMITS.nodeText).optional(),
  quote: z.string().max(FIX_LIMITS.nodeQuote).optional(),
  paragraph: z.number().int().positive().optional(),
});

/** `nodePatch` of update_node / delete_node: the id must exist in the canonical graph. */
export const NodePatchSchema = z.object({
  id: z.string().min(1),
  patch: NodeFieldsPatchSchema.default({}),
});

/**
 * `nodePatch` of add_node: type and text are required. A proposed `id` is only a hint; the applier always gives a
 * new node a fresh id (a window cannot see hidden ids, so a sequential id could collide).
 */
export const AddNodePatchSchema = z.object({
  id: z.string().min(1).optional(),
  patch: NodeFieldsPatchSchema.extend({ type: NodeTypeSchema, text: z.string().min(1).max(FIX_LIMITS.nodeText) }),
});

/**
 * `edgePatch` of update_edge / delete_edge / add_edge. The seed names an edge by `from>to` (plus `index` among
 * parallel edges); our edges also have ids, so `edgeId` may name it exactly. update_edge and add_edge must carry
 * non-empty relation evidence that authenticates, else the fix is `none`.
 */
export const EdgePatchSchema = z.object({
  fromNodeId: z.string().min(1),
  toNodeId: z.string().min(1),
  relation: RelationSchema,
  index: z.number().int().nonnegative().optional(),
  edgeId: z.string().min(1).optional(),
  evidence: z.array(FixEvidenceSchema).max(FIX_LIMITS.evidenceItems).optional(),
});
export type EdgePatch = z.infer<typeof EdgePatchSchema>;

export const NoneFixSchema = z.object({ action: z.literal('none') });
export const UpdateNodeFixSchema = z.object({ action: z.literal('update_node'), nodePatch: NodePatchSchema });
export const DeleteNodeFixSchema = z.object({ action: z.literal('delete_node'), nodePatch: NodePatchSchema });
export const AddNodeFixSchema = z.object({ action: z.literal('add_node'), nodePatch: AddNodePatchSchema });
export const UpdateEdgeFixSchema = z.object({ action: z.literal('update_edge'), edgePatch: EdgePatchSchema });
export const DeleteEdgeFixSchema = z.object({ action: z.literal('delete_edge'), edgePatch: EdgePatchSchema });
export const AddEdgeFixSchema = z.object({ action: z.literal('add_edge'), edgePatch: EdgePatchSchema });
/** merge_nodes: `nodePatch.id` (the node that goes away) is merged into `mergeIntoId`; both exist and differ. */
export const MergeNodesFixSchema = z.object({
  action: z.literal('merge_nodes'),
  nodePatch: z.object({ id: z.string().min(1) }),
  mergeIntoId: z.string().min(1),
});
export const UpdateSummaryFixSchema = z.object({
  action: z.literal('update_summary'),
  summaryPatch: z.string().max(FIX_LIMITS.summary),
});

export const ProposedFixSchema = z.discriminatedUnion('action', [
  NoneFixSchema,
  UpdateNodeFixSchema,
  DeleteNodeFixSchema,
  AddNodeFixSchema,
  UpdateEdgeFixSchema,
  DeleteEdgeFixSchema,
  AddEdgeFixSchema,
  MergeNodesFixSchema,
  UpdateSummaryFixSchema,
]);
export type ProposedFix = z.infer<typeof ProposedFixSchema>;
export type FixOf<A extends FixAction> = Extract<ProposedFix, { action: A }>;

/** The fix that changes nothing (what anything invalid becomes). */
export const NO_FIX: FixOf<'none'> = { action: 'none' };
