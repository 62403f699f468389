// What applying operations produces: the new graph plus, per operation, the before/after of everything it changed
// (the audit trail and the material of undo).
import type { ProposedFix } from '../schema/fixes';
import type { KgEdge, KgNode } from '../schema';

/** An operation of a commit: any fix but `none`. */
export type Operation = Exclude<ProposedFix, { action: 'none' }>;

/** The changed part of a graph: nodes and edges as they were (or became); `summary` only when it changed. */
export interface Snapshot {
  nodes: KgNode[];
  edges: KgEdge[];
  summary?: string;
}

/** Undo: put back `before` where `after` is (the inverse of one applied operation). */
export interface RestoreOperation {
  action: 'restore';
  /** The revision whose operation this undoes, and its position there. */
  undoOf: { revision: number; index: number };
  before: Snapshot;
  after: Snapshot;
}

export type AnyOperation = Operation | RestoreOperation;

export interface OperationRecord {
  /** Position of the operation in the request. */
  index: number;
  action: AnyOperation['action'];
  /** The node id, the edge id or `summary`. */
  targetId: string;
  /** The operation as applied (a new node's id filled in; a restore without its snapshots). */
  operation: Operation | { action: 'restore'; undoOf: { revision: number; index: number } };
  before: Snapshot;
  after: Snapshot;
}
