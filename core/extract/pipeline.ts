// The extraction pipeline, free of I/O: plan batches, run them through the extractor with bounded concurrency,
// gate each one (with targeted retries), merge in batch order and run the whole-graph invariant gate.
// The caller injects persistence (checkpoint per batch), cancellation and its clock (a Scheduler: it yields to the
// event loop between CPU-heavy steps); nothing is published from here.
import { KgError, isKgError } from '../errors';
import { checkGraph } from '../invariants';
import type { Scheduler } from '../scheduler';
import type { ContentUnit, KgGraph } from '../schema';
import { planBatches, type BatchPlan } from './batches';
import { runBatch } from './batch-runner';
import type { TraceEventType } from '../trace/labels';
import type { Extractor } from './extractor';
import type { AcceptedBatch, DroppedEdge, Repair } from './gate';
import { mergeBatches, type MergeStats } from './merge';

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
  invariantErrors: 0;
  invariantWarnings: number;
}

export interface PipelineResult {
  graph: KgGraph;
  audit: GenerationAudit;
  plans: BatchPlan[];
}

const AUDIT_ITEMS = 100;

export async function runPipeline(input: PipelineInput): Promise<PipelineResult> {
  const fromIndex = (input.fromUnit ?? 1) - 1;
  const plans = planBatches(input.units.slice(fromIndex), input.extractor.batchChars);
  const accepted = new Map<number, AcceptedBatch>(input.accepted ?? []);
  const resumedBatches = accepted.size;
  const warnings: string[] = [];
  let retries = 0;
  let charsReceived = 0;
  const progress = (stage: PipelineProgress['stage']) =>
    input.onProgress?.({ stage, done: accepted.size, total: plans.length, charsReceived, warnings: warnings.slice(-20) });
  progress('extract');

  const batchInput = {
    ...input,
    maxRetries: input.maxRetries ?? 3,
    externalNodeIds: input.base ? new Set(input.base.nodes.map((n) => n.id)) : undefined,
    externalNodes: input.base ? new Map(input.base.nodes.map((n) => [n.id, n])) : undefined,
  };
  const pending = plans.filter((p) => !accepted.has(p.index));
  let cursor = 0;
  let yielded = false;
  // Checkpoint writes overlap the next model call of their lane; a batch counts as done once its write landed.
  const saving: Promise<void>[] = [];
  let writeFailed: unknown;
  const worker = async () => {
    while (cursor < pending.length) {
      if (writeFailed) throw writeFailed;
      if (input.shouldYield?.()) {
        yielded = true;
        return;
      }
      const plan = pending[cursor++];
      throwIfAborted(input.signal);
      let seen = 0;
      const onOutput = (chars: number) => {
        if (chars < seen) seen = 0; // a retry started a new call
        charsReceived += chars - seen;
        seen = chars;
        progress('extract');
      };
      const { batch, attempts } = await runBatch({ ...batchInput, onOutput }, plan);
      retries += attempts - 1;
      throwIfAborted(input.signal);
      for (const d of batch.dropped) warnings.push(`batch ${plan.index}: dropped ${d.relation} edge (${d.reason})`);
      const saved = Promise.resolve(input.onBatchAccepted?.(batch, plan, attempts)).then(
        () => {
          accepted.set(plan.index, batch);
          progress('extract');
        },
        (error: unknown) => {
          writeFailed ??= error;
          throw error;
        },
      );
      // Handled here as well, so that a failure is never "unhandled" while the lanes still run; it is rethrown below.
      saved.catch(() => undefined);
      saving.push(saved);
      // Status reads and cancels get their turn: a batch's own I/O can resolve without giving the event loop one.
      await input.scheduler.yield();
    }
  };
  const lanes = Math.max(1, Math.min(input.concurrency ?? 4, pending.length || 1));
  try {
    await Promise.all(Array.from({ length: lanes }, worker));
  } finally {
    // Even when a lane failed, let the writes in flight finish (or fail) before the task reports its end.
    await Promise.allSettled(saving);
  }
  await Promise.all(saving);
  throwIfAborted(input.signal);
  if (yielded) throw new PipelineYield();

  progress('merge');
  await input.scheduler.yield();
  const batches = plans.map((p) => accepted.get(p.index)!);
  const merged = mergeBatches(batches, input.base);
  progress('verify');
  await input.scheduler.yield();
  const report = checkGraph(merged.graph, { documentId: input.documentId, units: input.units });
  if (report.errors.length > 0) {
    const first = report.errors.slice(0, 3).map((e) => e.message).join(' ');
    throw new KgError('invariant_violation', `${report.errors.length} error(s): ${first}`);
  }
  const repairs = batches.flatMap((b) => b.repairs);
  const dropped = batches.flatMap((b) => b.dropped);
  return {
    graph: merged.graph,
    plans,
    audit: {
      extractor: input.extractor.id,
      extractorKind: input.extractor.kind,
      batches: plans.length,
      resumedBatches,
      retries,
      repairs: { count: repairs.length, items: repairs.slice(0, AUDIT_ITEMS) },
      droppedEdges: { count: dropped.length, items: dropped.slice(0, AUDIT_ITEMS) },
      merge: merged.stats,
      grounding: report.grounding,
      invariantErrors: 0,
      invariantWarnings: report.warnings.length,
    },
  };
}

function throwIfAborted(signal?: AbortSignal): void {
  if (!signal?.aborted) return;
  const reason: unknown = signal.reason;
  if (isKgError(reason)) throw reason;
  throw new KgError('cancelled');
}
