// One Durable Object per document owns its tasks: at most one running task, progress, cancel, the authoritative
// revision, and the only writer of the document's canonical graph in D1. Tasks run inside the alarm handler; a
// heartbeat alarm stays armed while a task runs, so a task interrupted by a crash or restart resumes from its
// checkpoints when the alarm fires again.
import { DurableObject } from 'cloudflare:workers';
import { KgError } from '../core/errors';
import type { TaskKind, TaskStatus } from '../core/schema';
import { deleteDocumentBlobs } from '../storage/blobs';
import { purgeTime } from '../core/limits';
import {
  clearDeleted,
  deleteDocumentRows,
  findDocumentRowAnyState,
  markAbandoned,
  markDeleted,
} from '../storage/document-rows';
import { AfterCommitQueue, runAfterCommit, type AfterCommitHook } from './after-commit';
import { candidatesHook } from './candidates-hook';
import { insightsHook, readInsights, type InsightsQuery, type InsightsResponse } from './insights';
import { runEdit, type EditRequest, type EditResponse } from './operations/commit';
import { ProgressFeed } from './progress-feed';
import { fail, ok, type RpcResult } from './rpc';
import { runTask } from './tasks/registry';
import { TaskStore, toStatus, type TaskRecord } from './task-store';

export interface StartTaskRequest {
  taskId: string;
  documentId: string;
  kind: TaskKind;
  model: string;
  title: string;
  sourceKey: string;
  sourceId: string;
  /** Append: where the appended text starts in the combined source. */
  appendFrom?: number;
  /** Refuse with revision_conflict unless the document is at this revision. */
  expectedRevision?: number;
  /** Read-only kinds (review, question, answer): the task's validated input, kept on the task record. */
  params?: unknown;
}

/** A soft-deleted document's purge, kept in the object's storage so its alarm knows what to do when it fires. */
interface PendingPurge {
  documentId: string;
  purgeAt: number;
}
const PURGE_KEY = 'purge';

export interface SoftDeleted {
  deletedAt: number;
  purgeAt: number;
}

/** Default delay before an interrupted task resumes (KG_RESUME_DELAY_MS overrides it). */
const RESUME_DELAY_MS = 30_000;
/** One alarm invocation runs at most this long, then the task continues at the next alarm (KG_TASK_SLICE_MS). */
const SLICE_MS = 10 * 60_000;
/** Pause between a commit and its after-commit hooks (KG_AFTER_COMMIT_DELAY_MS; after-commit.ts says why). */
const AFTER_COMMIT_DELAY_MS = 1_000;

export class DocumentDO extends DurableObject<Env> {
  private readonly store: TaskStore;
  /** Pushes every recorded task state to the task's WebSocket followers (GET /api/tasks/:id/events). */
  private readonly feed: ProgressFeed;
  private controller: AbortController | null = null;
  private running: Promise<'finished' | 'yielded'> | null = null;
  private committing = false;
  private deleted = false;
  /** Soft-deleted in this object's lifetime (the D1 mark is what the Worker checks; this keeps tasks and edits out). */
  private softDeleted = false;
  /** Derived state computed after each published revision, in this order. */
  private readonly afterCommitHooks: readonly AfterCommitHook[] = [insightsHook, candidatesHook];
  private readonly afterCommit: AfterCommitQueue;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.feed = new ProgressFeed(ctx, (taskId) => this.readStatus(taskId));
    this.store = new TaskStore(ctx.storage.sql, (taskId) => this.feed.changed(taskId));
    this.afterCommit = new AfterCommitQueue(
      (committed) => runAfterCommit(this.afterCommitHooks, env, ctx.storage.sql, committed),
      envMs(env, 'KG_AFTER_COMMIT_DELAY_MS', AFTER_COMMIT_DELAY_MS),
    );
  }

  async start(request: StartTaskRequest): Promise<RpcResult<TaskStatus>> {
    if (this.deleted || this.softDeleted) return fail('not_found');
    const active = this.store.active();
    const revision = this.store.revision();
    if (request.expectedRevision !== undefined && request.expectedRevision !== revision) {
      return fail('revision_conflict', `The document is at revision ${revision}, not ${request.expectedRevision}.`);
    }
    // A retry of the running append (same text, model and base) joins it instead of being refused: retries are
    // idempotent. The caller sees the running task's id and discards its own copy.
    if (active && isSameAppend(active, request, revision)) return ok(toStatus(active, Date.now()));
    if (active) return fail('busy', `Task ${active.id} is ${active.status}.`);
    this.store.insert({
      id: request.taskId,
      documentId: request.documentId,
      kind: request.kind,
      status: 'queued',
      stage: 'queued',
      done: 0,
      total: 0,
      charsReceived: 0,
      nodesSeen: 0,
      model: request.model,
      title: request.title,
      sourceKey: request.sourceKey,
      sourceId: request.sourceId,
      baseRevision: revision,
      appendFrom: request.appendFrom ?? 0,
      createdAt: Date.now(),
      startedAt: null,
      finishedAt: null,
      warnings: [],
      error: null,
      revision: null,
      params: request.params ?? null,
      result: null,
    });
    await this.ctx.storage.setAlarm(Date.now());
    return ok(toStatus(this.store.get(request.taskId)!, Date.now()));
  }

  async status(taskId: string): Promise<RpcResult<TaskStatus>> {
    const task = this.deleted ? null : this.store.get(taskId);
    return task ? ok(toStatus(task, Date.now())) : fail('not_found', 'No such task.');
  }

  /** The task feed: the Worker forwards the checked upgrade request here (progress-feed.ts). */
  override async fetch(request: Request): Promise<Response> {
    return this.feed.accept(request);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.feed.message(ws, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.feed.closed(ws, code, reason);
  }

  private readStatus(taskId: string): TaskStatus | null {
    const task = this.deleted ? null : this.store.get(taskId);
    return task ? toStatus(task, Date.now()) : null;
  }

  async activeTask(): Promise<TaskStatus | null> {
    const task = this.deleted ? null : this.store.active();
    return task ? toStatus(task, Date.now()) : null;
  }

  async cancel(taskId: string): Promise<RpcResult<TaskStatus>> {
    const task = this.deleted ? null : this.store.get(taskId);
    if (!task) return fail('not_found', 'No such task.');
    if (task.status !== 'queued' && task.status !== 'running')
      return fail('not_cancellable', `The task is ${task.status}.`);
    if (this.committing) return fail('not_cancellable', 'The task is already publishing its result.');
    // Recorded first, so the state is final even if the runner is stuck in a call that ignores the signal.
    this.store.update(taskId, {
      status: 'cancelled',
      error: new KgError('cancelled').toBody(),
      finishedAt: Date.now(),
    });
    this.controller?.abort(new KgError('cancelled'));
    // A queued first extraction that never ran has no runner to settle it (task-runner marks the ones that ran).
    if (!this.running && task.kind === 'extract' && task.baseRevision === 0)
      await markAbandoned(this.env, task.documentId, Date.now());
    return ok(toStatus(this.store.get(taskId)!, Date.now()));
  }

  /** A graph edit (a commit of operations or an undo) published as one new revision (operations/commit.ts). */
  async edit(request: EditRequest): Promise<RpcResult<EditResponse>> {
    if (this.deleted || this.softDeleted) return fail('not_found');
    return runEdit({ env: this.env, store: this.store, afterCommit: (c) => this.afterCommit.add(c) }, request);
  }

  /** The document's insights and topics (computed after each commit). */
  async insights(query: InsightsQuery): Promise<RpcResult<InsightsResponse>> {
    if (this.deleted) return fail('not_found');
    // Insights of a revision whose hooks still wait are computed now, so a reader never gets an older round.
    await this.afterCommit.flush();
    return this.deleted ? fail('not_found') : ok(readInsights(this.ctx.storage.sql, query));
  }

  /**
   * Soft delete: the queued or running task is cancelled, the derived state of the last commit is computed, then the
   * D1 row is marked (every route but restore stops finding it) and the alarm is set to purge it 30 days on. Rows,
   * blobs and this object's storage all stay, so a restore brings the document back as it was.
   */
  async softDelete(documentId: string, now: number): Promise<RpcResult<SoftDeleted>> {
    if (this.deleted) return fail('not_found');
    this.softDeleted = true;
    const active = this.store.active();
    if (active) await this.cancel(active.id);
    await this.running?.catch(() => undefined);
    await this.afterCommit.flush();
    // D1 first: a crash before the purge is stored leaves a deleted row that a listing or restore purges lazily,
    // never a purge pending on a live document.
    await markDeleted(this.env, documentId, now);
    const purgeAt = purgeTime(now);
    await this.ctx.storage.put<PendingPurge>(PURGE_KEY, { documentId, purgeAt });
    await this.ctx.storage.setAlarm(purgeAt);
    return ok({ deletedAt: now, purgeAt });
  }

  /** Restore: the D1 mark and the pending purge go; refused (not_found) once the purge is due, which it then runs. */
  async restore(documentId: string): Promise<RpcResult<{ restored: true }>> {
    if (this.deleted) return fail('not_found');
    const purge = await this.ctx.storage.get<PendingPurge>(PURGE_KEY);
    if (purge && Date.now() >= purge.purgeAt) {
      await this.destroy(documentId);
      return fail('not_found', 'The document was deleted more than 30 days ago and is purged.');
    }
    await clearDeleted(this.env, documentId);
    await this.ctx.storage.delete(PURGE_KEY);
    this.softDeleted = false;
    if (!this.store.active()) await this.ctx.storage.deleteAlarm();
    return ok({ restored: true });
  }

  /** Removes everything the document owns: D1 rows, R2 objects and this object's storage. */
  async destroy(documentId: string): Promise<void> {
    this.deleted = true;
    this.controller?.abort(new KgError('cancelled', 'The document was deleted.'));
    await this.running?.catch(() => undefined);
    await this.afterCommit.discard();
    await deleteDocumentRows(this.env, documentId);
    await deleteDocumentBlobs(this.env, documentId);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    if (this.deleted) return;
    const purge = await this.ctx.storage.get<PendingPurge>(PURGE_KEY);
    if (purge) return this.purgeWhenDue(purge);
    if (this.running) return this.heartbeat();
    const task = this.store.active();
    if (!task) return;
    this.controller = new AbortController();
    this.committing = false;
    await this.heartbeat();
    this.running = runTask(task, {
      env: this.env,
      store: this.store,
      signal: this.controller.signal,
      heartbeat: () => this.heartbeat(),
      sliceMs: envMs(this.env, 'KG_TASK_SLICE_MS', SLICE_MS),
      // Synchronous, so no cancel can slip in between the check and the flag: a task cancelled after its
      // extraction ended is never published, and once this returns true cancel answers not_cancellable.
      enterCommit: () => {
        if (this.store.get(task.id)?.status !== 'running') return false;
        this.committing = true;
        return true;
      },
      afterCommit: (committed) => this.afterCommit.add(committed),
    });
    try {
      await this.running;
    } finally {
      // A yielded task is still active: the next alarm continues it from its checkpoints.
      this.running = null;
      this.controller = null;
      this.committing = false;
      if (!this.deleted && !this.softDeleted) {
        if (this.store.active()) await this.ctx.storage.setAlarm(Date.now());
        else await this.ctx.storage.deleteAlarm();
      }
    }
  }

  /** A soft-deleted document's alarm: purged once due (unless its row was restored meanwhile), else re-armed. */
  private async purgeWhenDue(purge: PendingPurge): Promise<void> {
    const row = await findDocumentRowAnyState(this.env, purge.documentId);
    if (row && row.deletedAt === null) {
      // Restored without the stored purge going (a crash in between): nothing to purge.
      await this.ctx.storage.delete(PURGE_KEY);
      this.softDeleted = false;
      return;
    }
    if (Date.now() >= purge.purgeAt) return this.destroy(purge.documentId);
    await this.ctx.storage.setAlarm(purge.purgeAt);
  }

  /** While a task runs, an alarm stays armed a little ahead: if the process dies, it fires and the task resumes. */
  private heartbeat(): Promise<void> {
    return this.ctx.storage.setAlarm(Date.now() + envMs(this.env, 'KG_RESUME_DELAY_MS', RESUME_DELAY_MS));
  }
}

function isSameAppend(active: TaskRecord, request: StartTaskRequest, revision: number): boolean {
  return (
    active.kind === 'append' &&
    request.kind === 'append' &&
    active.sourceId === request.sourceId &&
    active.model === request.model &&
    active.appendFrom === (request.appendFrom ?? 0) &&
    active.baseRevision === revision
  );
}

function envMs(env: Env, name: string, fallback: number): number {
  const value = Number((env as unknown as Record<string, unknown>)[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
