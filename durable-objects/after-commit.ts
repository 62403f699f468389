// What happens inside the document's Durable Object after a revision is published (derived state such as
// insights). Hooks run after the D1 commit succeeded; a failing hook is logged and never undoes the commit.
// The object passes its own list of hooks in (document-do.ts): nothing registers itself by being imported.
import type { KgGraph, Section, TaskKind } from '../core/schema';

export interface CommittedRevision {
  documentId: string;
  revision: number;
  /** The task that published it, or a graph edit (commit / undo, operations/commit.ts). */
  kind: TaskKind | 'commit' | 'undo';
  graph: KgGraph;
  sections: Section[];
  committedAt: number;
}

export type AfterCommitHook = (env: Env, sql: SqlStorage, committed: CommittedRevision) => void | Promise<void>;

export async function runAfterCommit(hooks: readonly AfterCommitHook[], env: Env, sql: SqlStorage, committed: CommittedRevision): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(env, sql, committed);
    } catch (error) {
      console.error('after-commit hook failed', error instanceof Error ? error.message : String(error));
    }
  }
}
