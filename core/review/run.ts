// The model review loop, free of I/O (the caller passes the model call in): each batch is asked for issues (up to
// three attempts when the answer cannot be parsed), filtered (normalize.ts), then put to the verifier pass, which
// keeps only confirmed issues. Batches run in a few lanes; the first failure stops the rest. A cancel always ends
// the review as cancelled — it is never mistaken for an unparseable answer. Each finished batch is an outcome the
// caller may checkpoint; outcomes given back (a resumed task) are not asked again.
import { isKgError } from '../errors';
import { abortReason } from '../scheduler';
import type { EntailmentStatus } from '../schema';
import type { VerificationIssue } from '../verify/types';
import type { ReviewBatch } from './batches';
import { askJsonObject, type Ask } from './ask-json';
import { parseJsonObject } from './json';
import { normaliseReviewAnswer, type ReviewGraph } from './normalize';
import { buildReviewPrompt, buildVerifierPrompt } from './prompt';
import { applyVerifier } from './verifier';

/** Per-call budgets (docs/contracts/conventions.md#deadlines): a review batch 360 s, the verifier 240 s. */
export const REVIEW_CALL_MS = 360_000;
export const VERIFIER_CALL_MS = 240_000;
export const REVIEW_ATTEMPTS = 3;
/** Warnings kept in a report (drop reasons are also counted in the summary warning). */
const MAX_WARNINGS = 100;

export interface ReviewRunInput {
  batches: readonly ReviewBatch[];
  graph: ReviewGraph;
  title: string;
  ask: Ask;
  concurrency: number;
  signal: AbortSignal;
  /** Outcomes of batches finished by an earlier run of the same task (by batch index). */
  done?: ReadonlyMap<number, BatchOutcome>;
  /** Called once per newly finished batch (a checkpoint), before it counts as done. */
  onBatchOutcome?: (outcome: BatchOutcome) => Promise<void>;
  onBatchDone?: (done: number, total: number) => void | Promise<void>;
}

/** What one batch contributes to the report (JSON-serialisable: it is what a checkpoint holds). */
export interface BatchOutcome {
  index: number;
  issues: VerificationIssue[];
  entailment: Array<[string, Exclude<EntailmentStatus, 'unverified'>]>;
  warnings: string[];
  dropped: Record<string, number>;
  unconfirmed: number;
}

export interface ReviewRunResult {
  issues: VerificationIssue[];
  entailment: Map<string, Exclude<EntailmentStatus, 'unverified'>>;
  warnings: string[];
  /** Issues the verifier did not confirm; issues dropped by the host filter, by reason. */
  unconfirmed: number;
  dropped: Record<string, number>;
  /** Batches taken from an earlier run's outcomes. */
  resumed: number;
}

export async function runReview(input: ReviewRunInput): Promise<ReviewRunResult> {
  const outcomes = new Map<number, BatchOutcome>();
  for (const batch of input.batches) {
    const earlier = input.done?.get(batch.index);
    if (earlier) outcomes.set(batch.index, earlier);
  }
  const resumed = outcomes.size;
  const pending = input.batches.filter((b) => !outcomes.has(b.index));
  const stop = new AbortController();
  const onAbort = () => stop.abort(abortReason(input.signal));
  if (input.signal.aborted) onAbort();
  else input.signal.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let done = outcomes.size;
  let failure: unknown;

  const lane = async () => {
    while (!stop.signal.aborted && next < pending.length) {
      const batch = pending[next++];
      try {
        const outcome = await reviewBatch(input, batch, stop.signal);
        await input.onBatchOutcome?.(outcome);
        outcomes.set(batch.index, outcome);
      } catch (error) {
        failure ??= error;
        stop.abort(error);
        return;
      }
      done++;
      await input.onBatchDone?.(done, input.batches.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, pending.length)) }, lane));
  } finally {
    input.signal.removeEventListener('abort', onAbort);
  }
  if (input.signal.aborted) throw abortReason(input.signal);
  if (failure !== undefined) throw failure;
  return fold(
    input.batches.map((b) => outcomes.get(b.index)!),
    resumed,
  );
}

async function reviewBatch(input: ReviewRunInput, batch: ReviewBatch, signal: AbortSignal): Promise<BatchOutcome> {
  const outcome: BatchOutcome = {
    index: batch.index,
    issues: [],
    entailment: [],
    warnings: [],
    dropped: {},
    unconfirmed: 0,
  };
  const answer = await askJsonObject(input.ask, buildReviewPrompt(batch, input.title, input.batches.length), {
    budgetMs: REVIEW_CALL_MS,
    signal,
    attempts: REVIEW_ATTEMPTS,
    failure: {
      en: `The review answer could not be parsed (batch ${batch.index}/${input.batches.length}, ${REVIEW_ATTEMPTS} attempts).`,
      zh: `AI 审校结果无法解析（第 ${batch.index}/${input.batches.length} 批，已重试 ${REVIEW_ATTEMPTS} 次）。`,
    },
  });
  const normal = normaliseReviewAnswer(answer, batch, input.graph);
  for (const d of normal.dropped) {
    outcome.dropped[d.reason] = (outcome.dropped[d.reason] ?? 0) + 1;
    outcome.warnings.push(`verify_issue_dropped:${d.reason}:${d.id}`);
  }
  for (const f of normal.fixesDropped) outcome.warnings.push(`verify_fix_dropped:${f.reason}:${f.id}`);
  let kept = normal.issues;
  if (kept.length) {
    try {
      const verdict = parseJsonObject(await input.ask(buildVerifierPrompt(batch, kept), VERIFIER_CALL_MS, signal));
      const result = applyVerifier(kept, verdict);
      outcome.unconfirmed = result.rejected.length;
      for (const id of result.rejected) outcome.warnings.push(`verify_issue_unconfirmed:${id}`);
      kept = result.kept;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      // The verifier could not answer: the candidates stand, and the report says they were not confirmed.
      outcome.warnings.push(`verify_confirm_failed:b${batch.index}:${isKgError(error) ? error.code : 'error'}`);
    }
  }
  outcome.issues = kept;
  const groundingDoubts = new Set(
    kept.filter((i) => i.category === 'grounding' && i.targetKind === 'node').map((i) => i.targetId),
  );
  for (const [nodeId, status] of normal.entailment) {
    // A node with a confirmed grounding issue is not "verified", whatever the first pass said.
    outcome.entailment.push([nodeId, status === 'verified' && groundingDoubts.has(nodeId) ? 'uncertain' : status]);
  }
  return outcome;
}

/** The run's result from its batches' outcomes, in batch order. */
function fold(outcomes: readonly BatchOutcome[], resumed: number): ReviewRunResult {
  const result: ReviewRunResult = {
    issues: [],
    entailment: new Map(),
    warnings: [],
    unconfirmed: 0,
    dropped: {},
    resumed,
  };
  for (const o of outcomes) {
    result.issues.push(...o.issues);
    for (const [id, status] of o.entailment) result.entailment.set(id, status);
    for (const w of o.warnings) if (result.warnings.length < MAX_WARNINGS) result.warnings.push(w);
    for (const [reason, n] of Object.entries(o.dropped)) result.dropped[reason] = (result.dropped[reason] ?? 0) + n;
    result.unconfirmed += o.unconfirmed;
  }
  return result;
}
