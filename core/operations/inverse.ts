// Undo is a new revision, never a rewrite of history: the inverse of a commit restores, in reverse order, what each
// of its operations changed. The result is checked and published like any other commit.
import type { OperationRecord, RestoreOperation } from './types';

/** The records of one commit (as applied at `revision`) → the operations that put the graph back as it was. */
export function inverseOperations(
  records: readonly Pick<OperationRecord, 'index' | 'before' | 'after'>[],
  revision: number,
): RestoreOperation[] {
  return [...records]
    .sort((a, b) => b.index - a.index)
    .map((r) => ({
      action: 'restore' as const,
      undoOf: { revision, index: r.index },
      before: r.before,
      after: r.after,
    }));
}
