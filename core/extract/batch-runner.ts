// One batch through generate → verify → repair → accept. The answer is parsed strictly, checked against the
// semantic contract and gated; blocking problems go back to the extractor as typed feedback for a targeted retry
// (at most `maxRetries`). After the last attempt, what can be dropped safely (edges) is dropped with a reason;
// what cannot (an unparseable answer, duplicate node ids) fails the task. A model's answer that leaves most units
// without a node has those units retried once as a batch of their own (coverage.ts).
import { batchUnits } from '../anchoring';
import { KgError, isKgError } from '../errors';
import { chunkIdFor } from '../ids';
import type { Scheduler } from '../scheduler';
import type { ContentUnit, KgGraph, WireBatch } from '../schema';
import { unitsOf, type BatchPlan } from './batches';
import { coverageOf, readInPart, type Coverage } from './coverage';
import { joinBatches } from './join-batches';
import type { Extractor, GateFeedback } from './extractor';
import type { EdgeEndpoint } from './edge-grounding';
import { gateBatch, type AcceptedBatch, type DroppedEdge, type GateContext } from './gate';
import { reviewBatch } from './review-pass';
import { parseBatchOutput } from './parse';
import { checkSemantics } from './semantic';
import { existingNodesFor } from './existing-nodes';
import type { TraceEventType } from '../trace/labels';

export interface BatchRunInput {
  documentId: string;
  sourceId: string;
  title: string;
  units: readonly ContentUnit[];
  extractor: Extractor;
  maxRetries: number;
  base?: KgGraph;
  externalNodeIds?: ReadonlySet<string>;
  externalNodes?: ReadonlyMap<string, EdgeEndpoint>;
  /** Agent traces: each unit's trace event type (what the unit is: a tool result, a user message, …). */
  unitEvents?: ReadonlyMap<number, TraceEventType>;
  signal?: AbortSignal;
  scheduler: Scheduler;
  onOutput?: (charsReceived: number) => void;
  /**
   * Runs one model call (attempt 1, 2, …) of the batch: the pipeline's call slots wrap it, so that a slot is handed
   * to the next call as soon as this answer is back, before the answer is parsed and gated here.
   */
  modelCall?: <T>(attempt: number, call: () => Promise<T>) => Promise<T>;
}

/** Share of a batch's nodes with unauthenticated quotes above which a retry is worth asking for. */
const UNGROUNDED_RETRY_SHARE = 0.3;
const PARSE_ERRORS = new Set(['model_output_not_json', 'schema_invalid']);

export async function runBatch(
  input: BatchRunInput,
  plan: BatchPlan,
): Promise<{ batch: AcceptedBatch; attempts: number }> {
  const units = unitsOf(input.units, plan);
  // A deterministic extractor would give the same answer again: retrying it is pointless.
  const maxAttempts = input.extractor.kind === 'heuristic' ? 1 : 1 + input.maxRetries;
  const first = await runAttempts(input, plan, units, 1, maxAttempts);
  // The built-in extractor legitimately leaves units without a node; a model that does so for most of them read
  // the batch in part (coverage.ts).
  if (input.extractor.kind !== 'model') return first;
  const coverage = coverageOf(units, first.batch, input.unitEvents);
  const read = readInPart(coverage) ? await retryMissedUnits(input, plan, units, first, coverage) : first;
  // Then, once, the explanation-coverage review of what the answer left out (review-pass.ts).
  return reviewBatch({ ...input, units, ctx: gateContext(input, plan, units) }, plan, read);
}

/**
 * The one retry of a batch read in part: its missed units as a batch of their own, a single call (never a loop).
 * What it finds joins the first answer; when it fails, the first answer stands and the note says why.
 */
async function retryMissedUnits(
  input: BatchRunInput,
  plan: BatchPlan,
  units: readonly ContentUnit[],
  first: { batch: AcceptedBatch; attempts: number },
  coverage: Coverage,
): Promise<{ batch: AcceptedBatch; attempts: number }> {
  const missed = new Set(coverage.missed);
  const retryUnits = units.filter((u) => missed.has(u.n));
  const attempt = first.attempts + 1;
  let second: AcceptedBatch;
  try {
    second = (await runAttempts(input, plan, retryUnits, attempt, attempt)).batch;
  } catch (error) {
    if (input.signal?.aborted) throw error;
    const retryError = isKgError(error) ? error.code : 'internal';
    return {
      batch: { ...first.batch, coverage: { ...coverage, stillMissed: coverage.missed, retryError } },
      attempts: attempt,
    };
  }
  const stillMissed = coverageOf(retryUnits, second, input.unitEvents).missed;
  return { batch: { ...joinBatches(first.batch, second), coverage: { ...coverage, stillMissed } }, attempts: attempt };
}

/** Attempts `attempt`..`lastAttempt` of one set of units: generate, parse, check, gate, retry with feedback. */
async function runAttempts(
  input: BatchRunInput,
  plan: BatchPlan,
  units: ContentUnit[],
  firstAttempt: number,
  lastAttempt: number,
): Promise<{ batch: AcceptedBatch; attempts: number }> {
  const ctx = gateContext(input, plan, units);
  let feedback: GateFeedback[] | undefined;
  let previousAnswer: string | undefined;
  for (let attempt = firstAttempt; ; attempt++) {
    const last = attempt >= lastAttempt;
    const call = () =>
      input.extractor.extractBatch({
        documentId: input.documentId,
        sourceId: input.sourceId,
        title: input.title,
        batchIndex: plan.index,
        units,
        existingNodes: input.base ? existingNodesFor(input.base, units) : undefined,
        unitEvents: input.unitEvents,
        attempt,
        feedback,
        previousAnswer,
        signal: input.signal,
        scheduler: input.scheduler,
        onOutput: input.onOutput,
      });
    const raw = await (input.modelCall ? input.modelCall(attempt, call) : call());
    let wire: WireBatch;
    try {
      wire = parseBatchOutput(raw);
    } catch (error) {
      if (!isKgError(error) || !PARSE_ERRORS.has(error.code) || last) throw withBatch(error, plan);
      feedback = [{ code: error.code, blocking: true, message: error.message }];
      previousAnswer = typeof raw === 'string' ? raw : undefined;
      continue;
    }
    const semantic = checkSemantics(wire);
    // An edge whose quote states no relation is never accepted; the model hears about it if it gets a retry.
    let semanticDrops: DroppedEdge[] = [];
    if (semantic.edgesWithoutRelationWords.length > 0) {
      const drop = new Set(semantic.edgesWithoutRelationWords);
      semanticDrops = wire.edges
        .filter((_, i) => drop.has(i))
        .map((e) => ({
          fromNodeId: e.fromNodeId,
          toNodeId: e.toNodeId,
          relation: e.relation,
          reason: 'edge_without_relation_words',
        }));
      wire = { ...wire, edges: wire.edges.filter((_, i) => !drop.has(i)) };
    }
    const result = gateBatch(wire, ctx);
    const ungrounded = result.feedback.filter((f) => f.code === 'quote_not_found').length;
    const worthRetry =
      result.feedback.some((f) => f.blocking) ||
      (wire.nodes.length > 0 && ungrounded / wire.nodes.length > UNGROUNDED_RETRY_SHARE);
    if (worthRetry && !last) {
      feedback = [...result.feedback, ...semantic.feedback].slice(0, 30);
      previousAnswer = undefined;
      continue;
    }
    if (result.fatal.length > 0) {
      throw new KgError('invariant_violation', `Batch ${plan.index}: ${result.fatal[0].message}`);
    }
    return {
      batch: { ...result.accepted, dropped: [...semanticDrops, ...result.accepted.dropped] },
      attempts: attempt - firstAttempt + 1,
    };
  }
}

function gateContext(input: BatchRunInput, plan: BatchPlan, units: readonly ContentUnit[]): GateContext {
  return {
    documentId: input.documentId,
    sourceId: input.sourceId,
    batchIndex: plan.index,
    chunkId: chunkIdFor(input.sourceId, plan.index, plan.firstUnit, plan.lastUnit),
    batch: batchUnits(units),
    externalNodeIds: input.externalNodeIds,
    externalNodes: input.externalNodes,
  };
}

function withBatch(error: unknown, plan: BatchPlan): unknown {
  if (isKgError(error) && error.detail !== undefined && !error.detail.startsWith('Batch ')) {
    return new KgError(error.code, `Batch ${plan.index}: ${error.detail}`);
  }
  return error;
}
