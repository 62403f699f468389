// The operation vocabulary of commits and fixes: sanitise a proposed fix, apply operations to the whole canonical
// graph with per-operation before/after records, gate the result, and invert a commit for undo. Pure TypeScript.
export { nodeTypeOf, relationOf } from './aliases';
export { applyOperations, type ApplyContext, type ApplyResult } from './apply';
export { canonicalSource, authenticate, authenticateAll, groundNode, type CanonicalSource } from './authenticate';
export { preserveEntailmentAuthority, sameClaim } from './entailment';
export { assertCommittable, gateIssues, type GateIssue } from './gate';
export { inverseOperations } from './inverse';
export { unionEvidence } from './merge-node';
export { fixContext, sanitizeFix, type FixContext, type SanitizedFix } from './sanitize';
export type { AnyOperation, Operation, OperationAction, OperationRecord, RestoreOperation, Snapshot } from './types';
export { edgeKey } from './working-graph';
export {
  CommitRequestSchema,
  MAX_COMMIT_OPERATIONS,
  UndoRequestSchema,
  type AuditEntry,
  type AuditPage,
  type CommitRequest,
  type CommitResponse,
  type UndoRequest,
  type UndoResponse,
} from './wire';
