// Runs one extraction task to its end: segment the source, run the pipeline with every accepted batch checkpointed
// (grouped-checkpoints.ts), then publish the new revision in one D1 transaction. Nothing is published unless every step succeeded.
import { KgError, isKgError, type ErrorBody } from '../core/errors';
import type { AcceptedBatch } from '../core/extract/gate';
import { PipelineYield, runPipeline } from '../core/extract/pipeline';
import { isTraceExtraction, pagesOf, type Section } from '../core/schema';
import { withPages } from '../core/files/pages';
import { unitEventTypes } from '../core/trace';
import { segment } from '../core/units';
import { appendSegmentation } from '../core/units/append';
import { createExtractor } from '../models/extractors';
import { resolveModel } from '../models/registry';
import { deleteTaskBlobs, getSource, listBatchCheckpoints, putBatchCheckpoint, putSource } from '../storage/blobs';
import { layeredAudit, layeredExtraction } from './concept-layer';
import { GroupedCheckpoints } from './grouped-checkpoints';
import { findDocumentRow, markAbandoned } from '../storage/document-rows';
import { commitGraph } from '../storage/graph-commit';
import { loadCanonical } from '../storage/graph-load';
import type { CommittedRevision } from './after-commit';
import type { TaskRecord, TaskStore } from './task-store';
import { objectScheduler } from './tasks/object-scheduler';
import { taskInput, visualSourceOf } from './tasks/transcribe';
import { putVisualSource } from '../storage/image-blobs';

const scheduler = objectScheduler;

export interface RunnerDeps {
  env: Env;
  store: TaskStore;
  signal: AbortSignal;
  /** Called right before the D1 write: false when the task was cancelled meanwhile (nothing may be published);
   *  once it returns true the task can no longer be cancelled. */
  enterCommit: () => boolean;
  /** Keeps the resume alarm armed while the task makes progress. */
  heartbeat: () => Promise<void>;
  /** How long one alarm invocation may run before the task yields and continues at the next alarm. */
  sliceMs: number;
  /** Queues the revision's after-commit hooks (the object runs them after a pause: after-commit.ts). */
  afterCommit?: (committed: CommittedRevision) => void;
}

export async function runExtractTask(task: TaskRecord, deps: RunnerDeps): Promise<'finished' | 'yielded'> {
  const { env, store, signal } = deps;
  const lastWarnings: string[] = [];
  try {
    store.update(task.id, { status: 'running', stage: 'segment', startedAt: task.startedAt ?? Date.now() });
    if (store.revision() !== task.baseRevision) throw new KgError('revision_conflict');
    // An image task first turns its images into the transcript (once; a resume reads it from its checkpoint).
    const { text, sourceId, visual } = await taskInput(env, task, await getSource(env, task.sourceKey), {
      signal,
      scheduler,
      heartbeat: deps.heartbeat,
      progress: (charsReceived) => store.update(task.id, { stage: 'transcribe', charsReceived }),
    });
    const { units, sections, base, fromUnit } = await sourceOf(task, text, env);
    const { extractor, concurrency } = createExtractor(env, resolveModel(env, task.model));
    // An agent trace: every unit knows its event (tool result, user message, …), read back from the text itself.
    const unitEvents = isTraceExtraction(task.params) ? unitEventTypes(units, text) : undefined;

    // Batches checkpointed by an earlier run of this task (a restart) are not extracted again.
    const accepted = new Map<number, AcceptedBatch>();
    for (const cp of await listBatchCheckpoints(env, task.documentId, task.id)) {
      if (cp.baseRevision === task.baseRevision) for (const batch of cp.batches) accepted.set(batch.batchIndex, batch);
    }
    const checkpoints = new GroupedCheckpoints(async (batches) => {
      await putBatchCheckpoint(env, task.documentId, {
        version: 2,
        taskId: task.id,
        baseRevision: task.baseRevision,
        batches,
      });
      await deps.heartbeat();
    });
    const warnings = lastWarnings;
    const sliceEnds = Date.now() + deps.sliceMs;
    let lastWrite = 0;
    let lastDone = -1;
    const result = await runPipeline({
      documentId: task.documentId,
      sourceId,
      title: task.title,
      units,
      fromUnit,
      base,
      unitEvents,
      extractor,
      concurrency,
      accepted,
      signal,
      scheduler,
      shouldYield: () => Date.now() > sliceEnds,
      onBatchAccepted: (batch) => checkpoints.save(batch),
      onProgress: (p) => {
        const newWarning = p.warnings.length !== warnings.length || p.warnings.at(-1) !== warnings.at(-1);
        warnings.splice(0, warnings.length, ...p.warnings);
        // Streaming progress arrives often; the task row is written when a batch ends, a warning is new (a split, a
        // wait: readers see it while it happens), or twice a second.
        const now = Date.now();
        if (!newWarning && p.done === lastDone && p.stage === 'extract' && now - lastWrite < 500) return;
        lastWrite = now;
        lastDone = p.done;
        store.update(task.id, {
          stage: p.stage,
          done: p.done,
          total: p.total,
          charsReceived: p.charsReceived,
          nodesSeen: p.nodesSeen,
          warnings: p.warnings,
        });
      },
    });

    if (signal.aborted) throw signal.reason;
    // The concept layer (anchors and mentions) on every extraction's graph; an append carries the base's mentions.
    const graph = layeredExtraction(result.graph, base?.mentions, units, task.documentId);
    store.update(task.id, { stage: 'commit' });
    await scheduler.yield();
    if (store.revision() !== task.baseRevision) throw new KgError('revision_conflict');
    if (!deps.enterCommit()) throw new KgError('cancelled');
    const revision = task.baseRevision + 1;
    // The revision's own copy of its text, durable before the rows that reference it (storage/blobs.ts: lifetimes);
    // its write overlaps the building of the rows.
    const sourceWritten = (async () => {
      await putSource(env, task.documentId, sourceId, text);
      if (visual) await putVisualSource(env, task.documentId, sourceId, visualSourceOf(visual, units));
    })().catch((e: unknown) => {
      throw new KgError('storage_error', e instanceof Error ? e.message : String(e));
    });
    sourceWritten.catch(() => undefined); // observed by commitGraph; this only keeps an early throw from leaving it unhandled
    await commitGraph(env, {
      documentId: task.documentId,
      revision,
      sourceId,
      graph,
      units,
      sections,
      audit: layeredAudit(result.audit, result.graph, graph),
      chars: text.length,
      now: Date.now(),
      ready: sourceWritten,
    }).catch((e: unknown) => {
      throw new KgError('storage_error', e instanceof Error ? e.message : String(e));
    });
    store.setRevision(task.documentId, revision);
    store.update(task.id, {
      status: 'succeeded',
      stage: 'done',
      revision,
      finishedAt: Date.now(),
      warnings,
      error: null,
    });
    deps.afterCommit?.({
      documentId: task.documentId,
      revision,
      kind: task.kind,
      graph,
      sections,
      committedAt: Date.now(),
    });
  } catch (error) {
    // A time slice ended: the task stays running and continues from its checkpoints at the next alarm.
    if (error instanceof PipelineYield) return 'yielded';
    const body = toErrorBody(error);
    const current = store.get(task.id);
    // A cancel already recorded its own terminal state. A failed task keeps its last warnings: what was tried
    // before it failed (a split down to one unit, a wait).
    if (current && current.status !== 'cancelled') {
      store.update(task.id, {
        status: body.code === 'cancelled' ? 'cancelled' : 'failed',
        error: body,
        finishedAt: Date.now(),
        ...(lastWarnings.length ? { warnings: lastWarnings } : {}),
      });
    }
  }
  // A first extraction that published nothing leaves an empty document: listings must not show it.
  if (task.kind === 'extract' && task.baseRevision === 0 && store.get(task.id)?.status !== 'succeeded') {
    await markAbandoned(env, task.documentId, Date.now()).catch(() => undefined);
  }
  // Finished one way or another: failed and cancelled tasks are never resumed, so the task's own blobs (its source
  // copy and checkpoints) have no further use; a published revision has its own source copy.
  await deleteTaskBlobs(env, task.documentId, task.id).catch(() => undefined);
  return 'finished';
}

/** Units and sections to extract from; for an append, the canonical base graph and units it extends. */
async function sourceOf(task: TaskRecord, text: string, env: Env) {
  if (task.kind !== 'append') {
    const { units, sections } = segment(text);
    // A PDF's units carry their pages (kept in D1 beside the unit; an append's new units have none).
    return { units: withPages(units, pagesOf(task.params)), sections, base: undefined, fromUnit: 1 };
  }
  const doc = await findDocumentRow(env, task.documentId);
  if (!doc || doc.revision !== task.baseRevision) throw new KgError('revision_conflict');
  const loaded = await loadCanonical(env, task.documentId, doc.summary);
  const combined = appendSegmentation(
    { units: loaded.units, sections: JSON.parse(doc.sections) as Section[] },
    text,
    task.appendFrom,
  );
  return { ...combined, base: loaded.graph, fromUnit: loaded.units.length + 1 };
}

function toErrorBody(error: unknown): ErrorBody {
  if (isKgError(error)) return error.toBody('en');
  console.error('task failed', error instanceof Error ? (error.stack ?? error.message) : String(error));
  return new KgError('internal', error instanceof Error ? error.message : undefined).toBody('en');
}
