// Read-only tasks (review, question, answer): they read the canonical graph at the revision they started on and
// leave a `result` on the task record; they never publish a revision. Same lifecycle as extraction tasks — one
// active task per document, progress pushed to the feed, cancel through the signal, typed failures — but no
// checkpoints: an interrupted read-only task simply runs again from the start when the resume alarm fires.
import { KgError, isKgError, type ErrorBody } from '../../core/errors';
import type { Scheduler } from '../../core/scheduler';
import type { TaskStage } from '../../core/schema';
import type { RunnerDeps } from '../task-runner';
import type { TaskRecord } from '../task-store';
import { objectScheduler } from './object-scheduler';

export interface ReadTaskContext {
  env: Env;
  task: TaskRecord;
  /** The task's input as the route validated it (each kind parses its own shape). */
  params: unknown;
  /** Aborted by cancel (reason: KgError cancelled) or by the document's deletion. */
  signal: AbortSignal;
  scheduler: Scheduler;
  /** Records the stage and progress (pushed to the task's followers). */
  progress(stage: TaskStage, done?: number, total?: number): void;
  /** A warning shown with the task (e.g. evidence dropped, a retrieval that failed). */
  warn(message: string): void;
  /** Keeps the resume alarm armed during long model calls. */
  heartbeat(): Promise<void>;
  /** Throws revision_conflict when the document moved past the revision the task started on. */
  assertRevision(): void;
}

export type ReadTaskHandler = (ctx: ReadTaskContext) => Promise<unknown>;

export async function runReadTask(task: TaskRecord, deps: RunnerDeps, handler: ReadTaskHandler): Promise<'finished'> {
  const { store, signal } = deps;
  const warnings: string[] = [...task.warnings];
  try {
    store.update(task.id, { status: 'running', stage: 'retrieve', startedAt: task.startedAt ?? Date.now() });
    const ctx: ReadTaskContext = {
      env: deps.env,
      task,
      params: task.params,
      signal,
      scheduler: objectScheduler,
      progress: (stage, done, total) =>
        store.update(task.id, {
          stage,
          ...(done === undefined ? {} : { done }),
          ...(total === undefined ? {} : { total }),
        }),
      warn: (message) => {
        warnings.push(message);
        store.update(task.id, { warnings });
      },
      heartbeat: deps.heartbeat,
      assertRevision: () => {
        if (store.revision() !== task.baseRevision)
          throw new KgError('revision_conflict', `The document moved on to revision ${store.revision()}.`);
      },
    };
    ctx.assertRevision();
    const result = await handler(ctx);
    if (signal.aborted) throw signal.reason;
    // A cancel recorded while the handler finished keeps its own terminal state.
    if (store.get(task.id)?.status !== 'running') return 'finished';
    store.update(task.id, {
      status: 'succeeded',
      stage: 'done',
      result,
      finishedAt: Date.now(),
      warnings,
      error: null,
    });
  } catch (error) {
    const body = toErrorBody(error);
    const current = store.get(task.id);
    if (current && current.status !== 'cancelled') {
      store.update(task.id, {
        status: body.code === 'cancelled' ? 'cancelled' : 'failed',
        error: body,
        finishedAt: Date.now(),
      });
    }
  }
  return 'finished';
}

function toErrorBody(error: unknown): ErrorBody {
  if (isKgError(error)) return error.toBody('en');
  console.error('task failed', error instanceof Error ? (error.stack ?? error.message) : String(error));
  return new KgError('internal', error instanceof Error ? error.message : undefined).toBody('en');
}
