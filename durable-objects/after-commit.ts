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

export async function runAfterCommit(
  hooks: readonly AfterCommitHook[],
  env: Env,
  sql: SqlStorage,
  committed: CommittedRevision,
): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(env, sql, committed);
    } catch (error) {
      console.error('after-commit hook failed', error instanceof Error ? error.message : String(error));
    }
  }
}

/**
 * The hooks of published revisions, run in commit order after a short pause, or at once when something reads what
 * they produce (flush). The pause keeps a new revision's first reads (the listing, the graph, its layout) ahead of
 * the derived work, which takes about a second on a book: run right after the commit, it held every reader back
 * (locally the object shares the Worker's isolate and D1; bench/model-pipeline measured ~0.8 s at 1M chars). If the
 * object is evicted while hooks wait, the next commit analyses its revision (insights) and a read catches the
 * candidates up, as after a crash between the commit and its hooks.
 */
export class AfterCommitQueue {
  private pending: CommittedRevision[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly run: (committed: CommittedRevision) => Promise<void>,
    private readonly delayMs: number,
  ) {}

  add(committed: CommittedRevision): void {
    this.pending.push(committed);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Runs every waiting revision's hooks now; resolves once they (and any already running) are done. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0);
    if (batch.length > 0) {
      this.chain = this.chain.then(async () => {
        for (const committed of batch) await this.run(committed);
      });
    }
    return this.chain;
  }

  /** Drops what waits (the document is being deleted) and resolves once a hook already running is done. */
  discard(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    return this.chain;
  }
}
