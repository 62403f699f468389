// The model review task (mode "standard", docs/contracts/verification.md#model-review): the quick check of the same revision and scope,
// then the batched model review with its verifier pass (core/review), the entailment judgements written onto the
// revision's nodes (storage/entailment.ts), and the merged report stored per revision (storage/reports.ts). The
// report is also the task's result. Each finished batch is checkpointed in R2 (storage/review-checkpoints.ts), so
// a review interrupted by a restart resumes where it stopped.
import { KgError } from '../../core/errors';
import { fixContext } from '../../core/operations/sanitize';
import {
  MAX_REVIEW_NODES,
  ReviewParamsSchema,
  buildStandardReport,
  reviewBatches,
  runReview,
  type ReviewGraph,
} from '../../core/review';
import { applyScope, quickCheck } from '../../core/verify';
import { askModel, requireLanguageModel } from '../../models/ask';
import { deleteTaskBlobs } from '../../storage/blobs';
import { writeEntailment } from '../../storage/entailment';
import { putReviewCheckpoint, readReviewCheckpoints } from '../../storage/review-checkpoints';
import { saveReport } from '../../storage/reports';
import { loadTaskCanonical, parseParams } from './canonical';
import type { ReadTaskContext, ReadTaskHandler } from './read-task';

export const runReviewTask: ReadTaskHandler = async (ctx) => {
  try {
    return await reviewTask(ctx);
  } finally {
    // Checkpoints serve a resume of this run only; whether it succeeded, failed or was cancelled, they go now.
    await deleteTaskBlobs(ctx.env, ctx.task.documentId, ctx.task.id).catch(() => undefined);
  }
};

async function reviewTask(ctx: ReadTaskContext) {
  const params = parseParams(ReviewParamsSchema, ctx.params);
  const config = requireLanguageModel(ctx.env, ctx.task.model);
  const { doc, graph, units } = await loadTaskCanonical(ctx);
  const documentId = ctx.task.documentId;
  const revision = ctx.task.baseRevision;

  const scoped = applyScope(graph, units, params.scope);
  if (scoped.nodes.length > MAX_REVIEW_NODES) {
    throw new KgError('limit_exceeded', {
      en: `A model review covers at most ${MAX_REVIEW_NODES} nodes; this one has ${scoped.nodes.length}. Review it by section or unit list (scope).`,
      zh: `一次 AI 审校最多 ${MAX_REVIEW_NODES} 个节点，当前 ${scoped.nodes.length} 个。请按章节或段落范围（scope）审校。`,
    });
  }
  const local = quickCheck({ documentId, revision, graph, units, scope: params.scope, now: Date.now() });
  const batches = reviewBatches([...scoped.units], scoped.nodes, scoped.edges);
  ctx.progress('review', 0, batches.length);

  const reviewGraph: ReviewGraph = {
    nodes: new Map(graph.nodes.map((n) => [n.id, n])),
    edges: graph.edges,
    edgesById: new Map(graph.edges.map((e) => [e.id, e])),
    units,
    fixes: fixContext(graph, units),
  };
  const done = await readReviewCheckpoints(ctx.env, documentId, ctx.task.id, revision);
  const review = await runReview({
    batches,
    done,
    onBatchOutcome: (outcome) =>
      putReviewCheckpoint(ctx.env, documentId, { version: 1, taskId: ctx.task.id, baseRevision: revision, outcome }),
    graph: reviewGraph,
    title: doc.title,
    concurrency: config.concurrency,
    signal: ctx.signal,
    ask: (prompt, budgetMs, signal) =>
      askModel(ctx.env, config, prompt, { budgetMs, signal, scheduler: ctx.scheduler }),
    onBatchDone: async (done, total) => {
      ctx.progress('review', done, total);
      await ctx.heartbeat();
    },
  });
  if (ctx.signal.aborted) throw ctx.signal.reason;

  ctx.assertRevision();
  const written = await writeEntailment(ctx.env, documentId, revision, review.entailment);
  if (review.resumed) ctx.warn(`review_resumed:${review.resumed}`);
  if (written < review.entailment.size) ctx.warn(`entailment_not_written:${review.entailment.size - written}`);
  const report = buildStandardReport({ local, review, nodes: scoped.nodes, model: config.id, now: Date.now() });
  for (const w of report.warnings.slice(0, 20)) ctx.warn(w);
  await saveReport(ctx.env, report);
  return report;
}
