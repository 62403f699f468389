// One batch through generate → verify → repair → accept. The answer is parsed strictly, checked against the
// semantic contract and gated; blocking problems go back to the extractor as typed feedback for a targeted retry
// (at most `maxRetries`). After the last attempt, what can be dropped safely (edges) is dropped with a reason;
// what cannot (an unparseable answer, duplicate node ids) fails the task. A model's answer that leaves most units
// without a node has those units retried once as a batch of their own (coverage.ts). An answer that stopped at the
// token limit, or a prompt the model's context cannot hold, is never asked again as it was: the units are halved
// and each half runs on its own (down to a single unit, which then fails typed); the halves join as one batch.
import { batchUnits } from '../anchoring';
import { KgError, isKgError } from '../errors';
import { chunkIdFor } from '../ids';
import type { Scheduler } from '../scheduler';
import type { ContentUnit, KgGraph, WireBatch } from '../schema';
import { unitsOf, type BatchPlan } from './batches';
import { coverageOf, readInPart, type Coverage } from './coverage';
import { joinBatches } from './join-batches';
import type { Extractor, GateFeedback, ModelEvent } from './extractor';
import type { EdgeEndpoint } from './edge-grounding';
import { gateBatch, type AcceptedBatch, type DroppedEdge, type GateContext } from './gate';
import { reviewBatch } from './review-pass';
import { parseBatchAnswer } from './parse';
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
  onOutput?: (charsReceived: number, nodesSeen?: number) => void;
  /**
   * Runs one model call (attempt 1, 2, …) of the batch: the pipeline's call slots wrap it, so that a slot is handed
   * to the next call as soon as this answer is back, before the answer is parsed and gated here.
   */
  modelCall?: <T>(attempt: number, call: () => Promise<T>) => Promise<T>;
  /** Told as soon as something is recovered from (the task shows it while the batch still runs). */
  onEvent?: (event: ModelEvent) => void;
}

/** Share of a batch's nodes with unauthenticated quotes above which a retry is worth asking for. */
const UNGROUNDED_RETRY_SHARE = 0.3;
const PARSE_ERRORS = new Set(['model_output_not_json', 'schema_invalid']);
/** Failures that asking again with the same prompt cannot mend, but a smaller batch can. */
const SPLIT_CAUSE: Record<string, 'length' | 'context'> = {
  model_output_truncated: 'length',
  context_too_long: 'context',
};

type Outcome = { batch: AcceptedBatch; attempts: number };

export async function runBatch(input: BatchRunInput, plan: BatchPlan): Promise<Outcome> {
  const events: ModelEvent[] = [];
  const noted = new Set<string>();
  const onEvent = (event: ModelEvent) => {
    // Reasoning and prose set aside are said once per batch; every split, wait and refusal is said.
    if (event.kind === 'reasoning_set_aside' || event.kind === 'prose_set_aside') {
      if (noted.has(event.kind)) return;
      noted.add(event.kind);
    }
    events.push(event);
    input.onEvent?.(event);
  };
  const units = unitsOf(input.units, plan);
  const read = await runHalving({ ...input, onEvent }, plan, units, 1);
  // Then, once for the whole batch, the explanation-coverage review of what the answer left out (review-pass.ts).
  const outcome = await reviewBatch({ ...input, units, ctx: gateContext(input, plan, units) }, plan, read);
  return events.length ? { ...outcome, batch: { ...outcome.batch, events } } : outcome;
}

/** The units as one call; when the answer stopped at the token limit or the prompt overflowed, each half alone. */
async function runHalving(
  input: BatchRunInput,
  plan: BatchPlan,
  units: ContentUnit[],
  firstAttempt: number,
): Promise<Outcome> {
  try {
    return await runUnits(input, plan, units, firstAttempt);
  } catch (error) {
    const cause = isKgError(error) ? SPLIT_CAUSE[error.code] : undefined;
    if (!cause || units.length < 2 || input.signal?.aborted) throw withBatch(error, plan);
    const at = halfway(units);
    const [a, b] = [units.slice(0, at), units.slice(at)];
    const span = (us: ContentUnit[]): [number, number] => [us[0].n, us[us.length - 1].n];
    input.onEvent?.({ kind: 'split', cause, units: span(units), halves: [span(a), span(b)] });
    // The failed call counts as an attempt; the halves run one after the other, each in a call slot of its own.
    const first = await runHalving(input, plan, a, firstAttempt + 1);
    const second = await runHalving(input, plan, b, firstAttempt + 1 + first.attempts);
    return { batch: joinHalves(first.batch, second.batch), attempts: 1 + first.attempts + second.attempts };
  }
}

/** Where the units split into two halves of about equal characters (each half at least one unit). */
function halfway(units: readonly ContentUnit[]): number {
  const total = units.reduce((sum, u) => sum + (u.end - u.start), 0);
  let chars = 0;
  for (let i = 0; i < units.length - 1; i++) {
    chars += units[i].end - units[i].start;
    if (chars * 2 >= total) return i + 1;
  }
  return units.length - 1;
}

function joinHalves(a: AcceptedBatch, b: AcceptedBatch): AcceptedBatch {
  const joined = joinBatches(a, b);
  const coverage =
    a.coverage && b.coverage
      ? {
          eligible: a.coverage.eligible + b.coverage.eligible,
          missed: [...a.coverage.missed, ...b.coverage.missed],
          stillMissed: [...a.coverage.stillMissed, ...b.coverage.stillMissed],
          retryError: a.coverage.retryError ?? b.coverage.retryError,
        }
      : (a.coverage ?? b.coverage);
  return coverage ? { ...joined, coverage } : joined;
}

/** One set of units: its attempts, then the coverage retry when the model read them in part. */
async function runUnits(
  input: BatchRunInput,
  plan: BatchPlan,
  units: ContentUnit[],
  firstAttempt: number,
): Promise<Outcome> {
  // A deterministic extractor would give the same answer again: retrying it is pointless.
  const maxAttempts = firstAttempt + (input.extractor.kind === 'heuristic' ? 0 : input.maxRetries);
  const first = await runAttempts(input, plan, units, firstAttempt, maxAttempts);
  // The built-in extractor legitimately leaves units without a node; a model that does so for most of them read
  // the batch in part (coverage.ts).
  if (input.extractor.kind !== 'model') return first;
  const coverage = coverageOf(units, first.batch, input.unitEvents);
  if (!readInPart(coverage)) return first;
  return retryMissedUnits(input, plan, units, first, coverage, firstAttempt);
}

/**
 * The one retry of a batch read in part: its missed units as a batch of their own, a single call (never a loop).
 * What it finds joins the first answer; when it fails, the first answer stands and the note says why.
 */
async function retryMissedUnits(
  input: BatchRunInput,
  plan: BatchPlan,
  units: readonly ContentUnit[],
  first: Outcome,
  coverage: Coverage,
  firstAttempt: number,
): Promise<Outcome> {
  const missed = new Set(coverage.missed);
  const retryUnits = units.filter((u) => missed.has(u.n));
  const attempt = firstAttempt + first.attempts;
  let second: AcceptedBatch;
  try {
    second = (await runAttempts(input, plan, retryUnits, attempt, attempt)).batch;
  } catch (error) {
    if (input.signal?.aborted) throw error;
    const retryError = isKgError(error) ? error.code : 'internal';
    return {
      batch: { ...first.batch, coverage: { ...coverage, stillMissed: coverage.missed, retryError } },
      attempts: first.attempts + 1,
    };
  }
  const stillMissed = coverageOf(retryUnits, second, input.unitEvents).missed;
  return {
    batch: { ...joinBatches(first.batch, second), coverage: { ...coverage, stillMissed } },
    attempts: first.attempts + 1,
  };
}

/** Attempts `attempt`..`lastAttempt` of one set of units: generate, parse, check, gate, retry with feedback. */
async function runAttempts(
  input: BatchRunInput,
  plan: BatchPlan,
  units: ContentUnit[],
  firstAttempt: number,
  lastAttempt: number,
): Promise<Outcome> {
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
        onEvent: input.onEvent,
      });
    const raw = await (input.modelCall ? input.modelCall(attempt, call) : call());
    let wire: WireBatch;
    try {
      const parsed = parseBatchAnswer(raw);
      wire = parsed.wire;
      if (parsed.wrapping.reasoning) input.onEvent?.({ kind: 'reasoning_set_aside' });
      if (parsed.wrapping.prose) input.onEvent?.({ kind: 'prose_set_aside' });
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
