// What happens inside the document's Durable Object after a revision is published (derived state such as
// insights). Hooks run after the D1 commit succeeded; a failing hook is logged and never undoes the commit.
import type { TaskKind } from '../core/schema';
import type { KgGraph, Section } from '../core/schema';

export interface CommittedRevision {
  documentId: string;
  revision: number;
  kind: TaskKind;
  graph: KgGraph;
  sections: Section[];
  committedAt: number;
}

export type AfterCommitHook = (sql: SqlStorage, committed: CommittedRevision) => void | Promise<void>;

/** Registered hooks, in order. */
export const afterCommitHooks: AfterCommitHook[] = [];

export async function runAfterCommit(sql: SqlStorage, committed: CommittedRevision): Promise<void> {
  for (const hook of afterCommitHooks) {
    try {
      await hook(sql, committed);
    } catch (error) {
      console.error('after-commit hook failed', error instanceof Error ? error.message : String(error));
    }
  }
}
