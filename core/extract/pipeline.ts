// The extraction pipeline, free of I/O: plan batches, run them through the extractor with bounded concurrency,
// gate each one (with targeted retries), merge in batch order and run the whole-graph invariant gate. A model call's
// slot passes to the next call as soon as its answer is back (call-slots.ts), and accepted batches are merged while
// later ones are still out, so the pipeline's CPU work overlaps the wait for the model.
// The caller injects persistence (checkpoint per batch), cancellation and its clock (a Scheduler: it yields to the
// event loop between CPU-heavy steps); nothing is published from here. A batch a model read in part (coverage.ts)
// is always among the warnings, ahead of the dropped edges, and a resumed batch's warnings are given again.
import { KgError, isKgError } from '../errors';
import { checkGraph } from '../invariants';
import type { Scheduler } from '../scheduler';
import type { ContentUnit, KgGraph } from '../schema';
import { planBatches, type BatchPlan } from './batches';
import { runBatch } from './batch-runner';
import type { TraceEventType } from '../trace/labels';
import type { Extractor } from './extractor';
import type { AcceptedBatch, DroppedEdge, Repair } from './gate';
import { BatchMerger, type MergeStats } from './merge';
import { CallSlots } from './call-slots';
import { coverageWarning } from './coverage';
import { droppedEdgeWarning } from './warning-words';
import { reviewWarning } from './review-pass';

export interface PipelineProgress {
  stage: 'extract' | 'merge' | 'verify';
  done: number;
  total: number;
  /** Characters of model output received so far (all batches, all attempts). */
  charsReceived: number;
  warnings: string[];
}

/** Thrown when `shouldYield` asked the pipeline to stop between batches; the task continues from its checkpoints. */
export class PipelineYield extends Error {
  constructor() {
    super('The pipeline yielded between batches.');
    this.name = 'PipelineYield';
  }
}

export interface PipelineInput {
  documentId: string;
  sourceId: string;
  title: string;
  /** All units of the document (append: old and new), numbered 1..n. */
  units: readonly ContentUnit[];
  /** Units to extract from (default: all). */
  fromUnit?: number;
  extractor: Extractor;
  concurrency?: number;
  /** Retries after the first attempt when a batch has blocking problems (default 3). */
  maxRetries?: number;
  /** The graph being appended to, if any. */
  base?: KgGraph;
  /** Agent traces: each unit's trace event type, for extractors with trace semantics. */
  unitEvents?: ReadonlyMap<number, TraceEventType>;
  /** Batches accepted before a restart (resume): they are not run again. */
  accepted?: ReadonlyMap<number, AcceptedBatch>;
  signal?: AbortSignal;
  /** The caller's clock and event loop: the pipeline yields through it and model calls time out on it. */
  scheduler: Scheduler;
  /** Persist an accepted batch (checkpoint). Awaited before the batch counts as done. */
  onBatchAccepted?: (batch: AcceptedBatch, plan: BatchPlan, attempts: number) => Promise<void>;
  onProgress?: (progress: PipelineProgress) => void;
  /** Asked before each new batch starts: true stops scheduling, waits for running batches, then throws PipelineYield. */
  shouldYield?: () => boolean;
}

export interface GenerationAudit {
  extractor: string;
  extractorKind: Extractor['kind'];
  batches: number;
  resumedBatches: number;
  retries: number;
  repairs: { count: number; items: Repair[] };
  droppedEdges: { count: number; items: DroppedEdge[] };
  merge: MergeStats;
  grounding: { grounded: number; candidate: number; unsupported: number; unresolved: number };
  /** The explanation-coverage review (review-pass.ts): batches reviewed, batches it added to, what it added. */
  coverageReview: {
    attemptedBatches: number;
    repairedBatches: number;
    addedNodes: number;
    addedEdges: number;
    failed: number;
  };
  /** What the concept layer added before the commit (durable-objects/concept-layer.ts); its anchors are in `grounding`. */
  conceptLayer?: { anchors: number; mentions: number };
  invariantErrors: 0;
  invariantWarnings: number;
}

export interface PipelineResult {
  graph: KgGraph;
  audit: GenerationAudit;
  plans: BatchPlan[];
}

const AUDIT_ITEMS = 100;
/** Warnings in a progress report; batches read in part come first and take at most READ_IN_PART_SHOWN of them. */
const WARNINGS_SHOWN = 20;
const READ_IN_PART_SHOWN = 10;

export async function runPipeline(input: PipelineInput): Promise<PipelineResult> {
  const fromIndex = (input.fromUnit ?? 1) - 1;
  const plans = planBatches(input.units.slice(fromIndex), input.extractor.batchChars);
  const accepted = new Map<number, AcceptedBatch>(input.accepted ?? []);
  const resumedBatches = accepted.size;
  const warnings: string[] = [];
  const readInPart: string[] = [];
  const noteWarnings = (batch: AcceptedBatch, index: number) => {
    if (batch.coverage) readInPart.push(coverageWarning(index, batch.coverage));
    const r = batch.review;
    if (r && (r.error || r.addedNodes + r.addedEdges + r.left > 0)) warnings.push(reviewWarning(index, r));
    for (const d of batch.dropped) warnings.push(droppedEdgeWarning(index, d.relation, d.reason));
  };
  for (const plan of plans) {
    const resumed = accepted.get(plan.index);
    if (resumed) noteWarnings(resumed, plan.index);
  }
  const shownWarnings = () => {
    const first = readInPart.slice(0, READ_IN_PART_SHOWN);
    if (readInPart.length > READ_IN_PART_SHOWN)
      first.push(`${readInPart.length - READ_IN_PART_SHOWN} more batches were read in part by the model`);
    return [...first, ...warnings.slice(-(WARNINGS_SHOWN - first.length))];
  };
  let retries = 0;
  let charsReceived = 0;
  const progress = (stage: PipelineProgress['stage']) =>
    input.onProgress?.({
      stage,
      done: accepted.size,
      total: plans.length,
      charsReceived,
      warnings: shownWarnings(),
    });
  progress('extract');

  const batchInput = {
    ...input,
    maxRetries: input.maxRetries ?? 3,
    externalNodeIds: input.base ? new Set(input.base.nodes.map((n) => n.id)) : undefined,
    externalNodes: input.base ? new Map(input.base.nodes.map((n) => [n.id, n])) : undefined,
  };
  // Accepted batches are merged in index order as soon as every batch before them is in (resumed ones first), so
  // that little merging is left once the last answer is back.
  const merger = new BatchMerger(input.base);
  let merged = 0;
  const mergeReady = () => {
    while (merged < plans.length && accepted.has(plans[merged].index)) merger.add(accepted.get(plans[merged++].index)!);
  };
  mergeReady();

  const pending = plans.filter((p) => !accepted.has(p.index));
  let cursor = 0;
  let yielded = false;
  let running = 0;
  let failure: { error: unknown } | undefined;
  // Checkpoint writes overlap later model calls; a batch counts as done (and is merged) once its write landed.
  const saving: Promise<void>[] = [];
  let finish!: () => void;
  let abandon!: (error: unknown) => void;
  const extracted = new Promise<void>((resolve, reject) => {
    finish = resolve;
    abandon = reject;
  });
  // After a failure nothing new starts, nothing more is saved, and calls still in flight are left to end unheard.
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    slots.close(error);
    abandon(error);
  };
  const settleIfDone = () => {
    if (!failure && running === 0 && (yielded || cursor >= pending.length)) finish();
  };
  const startBatches = () => {
    while (!failure && !yielded && cursor < pending.length) {
      if (input.signal?.aborted) return fail(abortError(input.signal));
      if (input.shouldYield?.()) {
        yielded = true;
        return settleIfDone();
      }
      if (!slots.tryTake()) return;
      running++;
      const plan = pending[cursor++];
      runOne(plan).then(
        () => {
          running--;
          settleIfDone();
        },
        (error: unknown) => {
          running--;
          fail(error);
        },
      );
    }
  };
  const lanes = Math.max(1, Math.min(input.concurrency ?? 4, pending.length || 1));
  const slots = new CallSlots(lanes, startBatches);

  const runOne = async (plan: BatchPlan) => {
    let seen = 0;
    const onOutput = (chars: number) => {
      if (chars < seen) seen = 0; // a retry started a new call
      charsReceived += chars - seen;
      seen = chars;
      progress('extract');
    };
    // The first call's slot was taken when the batch started; a retry waits for one.
    let holding = true;
    const modelCall = async <T>(attempt: number, call: () => Promise<T>): Promise<T> => {
      if (attempt > 1) await slots.acquire(plan.index);
      holding = false;
      let answer: T;
      try {
        answer = await call();
      } finally {
        // The next call starts now; its request goes out during the turn given below, before this answer is gated.
        slots.release();
      }
      await input.scheduler.yield();
      return answer;
    };
    let outcome: Awaited<ReturnType<typeof runBatch>>;
    try {
      outcome = await runBatch({ ...batchInput, onOutput, modelCall }, plan);
    } finally {
      if (holding) slots.release();
    }
    const { batch, attempts } = outcome;
    retries += attempts - 1;
    throwIfAborted(input.signal);
    if (failure) return;
    noteWarnings(batch, plan.index);
    const saved = Promise.resolve(input.onBatchAccepted?.(batch, plan, attempts)).then(
      async () => {
        accepted.set(plan.index, batch);
        progress('extract');
        // Status reads and cancels get their turn before the merge: a batch's own I/O can resolve without one.
        await input.scheduler.yield();
        if (!failure) mergeReady();
      },
      (error: unknown) => {
        fail(error);
        throw error;
      },
    );
    // Handled here as well, so that a failure is never "unhandled" while other batches still run; rethrown below.
    saved.catch(() => undefined);
    saving.push(saved);
  };

  try {
    startBatches();
    settleIfDone();
    await extracted;
  } finally {
    // Even when a batch failed, let the writes in flight finish (or fail) before the task reports its end.
    await Promise.allSettled(saving);
  }
  await Promise.all(saving);
  throwIfAborted(input.signal);
  if (yielded) throw new PipelineYield();

  progress('merge');
  await input.scheduler.yield();
  const batches = plans.map((p) => accepted.get(p.index)!);
  mergeReady();
  const result = merger.result();
  progress('verify');
  await input.scheduler.yield();
  const report = checkGraph(result.graph, { documentId: input.documentId, units: input.units });
  if (report.errors.length > 0) {
    const first = report.errors
      .slice(0, 3)
      .map((e) => e.message)
      .join(' ');
    throw new KgError('invariant_violation', `${report.errors.length} error(s): ${first}`);
  }
  const repairs = batches.flatMap((b) => b.repairs);
  const dropped = batches.flatMap((b) => b.dropped);
  return {
    graph: result.graph,
    plans,
    audit: {
      extractor: input.extractor.id,
      extractorKind: input.extractor.kind,
      batches: plans.length,
      resumedBatches,
      retries,
      repairs: { count: repairs.length, items: repairs.slice(0, AUDIT_ITEMS) },
      coverageReview: reviewAudit(batches),
      droppedEdges: { count: dropped.length, items: dropped.slice(0, AUDIT_ITEMS) },
      merge: result.stats,
      grounding: report.grounding,
      invariantErrors: 0,
      invariantWarnings: report.warnings.length,
    },
  };
}

function reviewAudit(batches: readonly AcceptedBatch[]): GenerationAudit['coverageReview'] {
  const reviewed = batches.flatMap((b) => (b.review ? [b.review] : []));
  return {
    attemptedBatches: reviewed.length,
    repairedBatches: reviewed.filter((r) => r.addedNodes + r.addedEdges > 0).length,
    addedNodes: reviewed.reduce((sum, r) => sum + r.addedNodes, 0),
    addedEdges: reviewed.reduce((sum, r) => sum + r.addedEdges, 0),
    failed: reviewed.filter((r) => r.error).length,
  };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal);
}

function abortError(signal: AbortSignal): KgError {
  const reason: unknown = signal.reason;
  return isKgError(reason) ? reason : new KgError('cancelled');
}
