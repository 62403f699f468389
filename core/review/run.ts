// The model review loop, free of I/O (the caller passes the model call in): each batch is asked for issues (up to
// three attempts when the answer cannot be parsed), filtered (normalize.ts), then put to the verifier pass, which
// keeps only confirmed issues. Batches run in a few lanes; the first failure stops the rest. A cancel always ends
// the review as cancelled — it is never mistaken for an unparseable answer.
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

/** Per-call budgets (seed-contracts §0): a review batch 360 s, the verifier 240 s. */
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
  onBatchDone?: (done: number, total: number) => void | Promise<void>;
}

export interface ReviewRunResult {
  issues: VerificationIssue[];
  entailment: Map<string, Exclude<EntailmentStatus, 'unverified'>>;
  warnings: string[];
  /** Issues the verifier did not confirm; issues dropped by the host filter, by reason. */
  unconfirmed: number;
  dropped: Record<string, number>;
}

export async function runReview(input: ReviewRunInput): Promise<ReviewRunResult> {
  const result: ReviewRunResult = { issues: [], entailment: new Map(), warnings: [], unconfirmed: 0, dropped: {} };
  const perBatch: VerificationIssue[][] = input.batches.map(() => []);
  const warn = (w: string) => {
    if (result.warnings.length < MAX_WARNINGS) result.warnings.push(w);
  };
  const stop = new AbortController();
  const onAbort = () => stop.abort(abortReason(input.signal));
  if (input.signal.aborted) onAbort();
  else input.signal.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let done = 0;
  let failure: unknown;

  const reviewOne = async (batch: ReviewBatch) => {
    const answer = await askJsonObject(input.ask, buildReviewPrompt(batch, input.title, input.batches.length), {
      budgetMs: REVIEW_CALL_MS,
      signal: stop.signal,
      attempts: REVIEW_ATTEMPTS,
      failure: {
        en: `The review answer could not be parsed (batch ${batch.index}/${input.batches.length}, ${REVIEW_ATTEMPTS} attempts).`,
        zh: `AI 审校结果无法解析（第 ${batch.index}/${input.batches.length} 批，已重试 ${REVIEW_ATTEMPTS} 次）。`,
      },
    });
    const normal = normaliseReviewAnswer(answer, batch, input.graph);
    for (const d of normal.dropped) {
      result.dropped[d.reason] = (result.dropped[d.reason] ?? 0) + 1;
      warn(`verify_issue_dropped:${d.reason}:${d.id}`);
    }
    for (const f of normal.fixesDropped) warn(`verify_fix_dropped:${f.reason}:${f.id}`);
    let kept = normal.issues;
    if (kept.length) {
      try {
        const verdict = parseJsonObject(await input.ask(buildVerifierPrompt(batch, kept), VERIFIER_CALL_MS, stop.signal));
        const outcome = applyVerifier(kept, verdict);
        result.unconfirmed += outcome.rejected.length;
        for (const id of outcome.rejected) warn(`verify_issue_unconfirmed:${id}`);
        kept = outcome.kept;
      } catch (error) {
        if (stop.signal.aborted) throw stop.signal.reason;
        // The verifier could not answer: the candidates stand, and the report says they were not confirmed.
        warn(`verify_confirm_failed:b${batch.index}:${isKgError(error) ? error.code : 'error'}`);
      }
    }
    perBatch[batch.index - 1] = kept;
    const groundingDoubts = new Set(kept.filter((i) => i.category === 'grounding' && i.targetKind === 'node').map((i) => i.targetId));
    for (const [nodeId, status] of normal.entailment) {
      // A node with a confirmed grounding issue is not "verified", whatever the first pass said.
      result.entailment.set(nodeId, status === 'verified' && groundingDoubts.has(nodeId) ? 'uncertain' : status);
    }
  };

  const lane = async () => {
    while (!stop.signal.aborted && next < input.batches.length) {
      const batch = input.batches[next++];
      try {
        await reviewOne(batch);
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
    await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, input.batches.length)) }, lane));
  } finally {
    input.signal.removeEventListener('abort', onAbort);
  }
  if (input.signal.aborted) throw abortReason(input.signal);
  if (failure !== undefined) throw failure;
  result.issues = perBatch.flat();
  return result;
}
