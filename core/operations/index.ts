// The operation vocabulary of commits and fixes: sanitise a proposed fix, apply operations to the whole canonical
// graph with per-operation before/after records, gate the result, and invert a commit for undo. Pure TypeScript.
export { applyOperations } from './apply';
export { canonicalSource } from './authenticate';
export { assertCommittable } from './gate';
export { inverseOperations } from './inverse';
export { fixContext, sanitizeFix } from './sanitize';
export type { AnyOperation, Operation, OperationRecord } from './types';
export {
  CommitRequestSchema,
  UndoRequestSchema,
  type AuditEntry,
  type AuditPage,
  type CommitRequest,
  type CommitResponse,
  type UndoResponse,
} from './wire';
