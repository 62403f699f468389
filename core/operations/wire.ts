// The request and answer shapes of POST /api/documents/:id/commit, POST /api/documents/:id/undo and
// GET /api/documents/:id/audit, shared by the Worker (validation) and the browser (types).
import { z } from 'zod';
import { ProposedFixSchema } from '../schema/fixes';
import type { Operation, OperationRecord, Snapshot } from './types';

/** Operations in one commit (a one-click fix of a whole report stays well below). */
export const MAX_COMMIT_OPERATIONS = 200;

export const CommitRequestSchema = z.object({
  expectedRevision: z.number().int().nonnegative(),
  operations: z.array(ProposedFixSchema).min(1).max(MAX_COMMIT_OPERATIONS),
  /** The verification report whose fixes these are (kept in the audit log). */
  reportId: z.string().min(1).max(120).optional(),
});
export type CommitRequest = z.infer<typeof CommitRequestSchema>;

export const UndoRequestSchema = z.object({ expectedRevision: z.number().int().nonnegative() });

/** One applied operation of a commit or an undo, as the audit log keeps it. */
export interface AuditEntry {
  revision: number;
  seq: number;
  kind: 'commit' | 'undo';
  action: OperationRecord['action'];
  /** The node id, the edge id or `summary`. */
  targetId: string;
  operation: Operation | { action: 'restore'; undoOf: { revision: number; index: number } };
  reportId: string | null;
  /** Undo entries: the revision whose commit they undid. */
  undoOf: number | null;
  /** Commit entries: whether a later undo reverted them. */
  undone: boolean;
  before: Snapshot;
  after: Snapshot;
  createdAt: number;
}

export interface AuditPage {
  items: AuditEntry[];
  /** Newest first; pass back as `cursor` for the next (older) page. */
  nextCursor: string | null;
}

export interface CommitResponse {
  documentId: string;
  /** The revision now current: the new one, or the expected one when nothing changed. */
  revision: number;
  /** False when every operation was already satisfied: no revision was written. */
  changed: boolean;
  /** add_node ids proposed in the request (placeholders) → the ids the nodes got. */
  createdNodeIds: Record<string, string>;
  /** The audit entries the commit wrote (one per operation that changed something). */
  audit: AuditEntry[];
}

export interface UndoResponse {
  documentId: string;
  revision: number;
  /** The revision whose commit was undone. */
  undoneRevision: number;
  audit: AuditEntry[];
}
