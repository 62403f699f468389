// The question task (docs/contracts/questions.md): a question about a node, a relation or the whole graph, answered by the
// model from the related units and subgraph of the task's revision; the normalised answer (verdict, authenticated
// evidence, at most one sanitised fix — none for supported and out_of_scope) is stored per revision
// (storage/reports.ts, kind "question") and is the task's result.
import { fixContext } from '../../core/operations/sanitize';
import { askJsonObject } from '../../core/review';
import {
  QuestionParamsSchema,
  buildQuestionPrompt,
  buildQuestionReport,
  normaliseQuestionAnswer,
  questionContext,
  type QuestionTarget,
} from '../../core/questions';
import { askModel, requireLanguageModel } from '../../models/ask';
import { saveReport } from '../../storage/reports';
import { loadTaskCanonical, parseParams } from './canonical';
import type { ReadTaskHandler } from './read-task';

/** The seed's budget for one question call (KG_MODEL_TIMEOUT_MS lowers it). */
export const QUESTION_CALL_MS = 180_000;
export const QUESTION_ATTEMPTS = 3;

export const runQuestionTask: ReadTaskHandler = async (ctx) => {
  const params = parseParams(QuestionParamsSchema, ctx.params);
  const config = requireLanguageModel(ctx.env, ctx.task.model);
  const { doc, graph, units } = await loadTaskCanonical(ctx);
  const target: QuestionTarget = params.target.kind === 'graph' ? { kind: 'graph' } : params.target;
  const context = questionContext(graph, units, target);
  ctx.progress('answer', 0, 1);

  const raw = await askJsonObject(
    (prompt, budgetMs, signal) => askModel(ctx.env, config, prompt, { budgetMs, signal, scheduler: ctx.scheduler }),
    buildQuestionPrompt(params.question, context, doc.title),
    {
      budgetMs: QUESTION_CALL_MS,
      signal: ctx.signal,
      attempts: QUESTION_ATTEMPTS,
      failure: {
        en: `The answer to the question could not be parsed (${QUESTION_ATTEMPTS} attempts).`,
        zh: 'AI 质疑回答无法解析（已自动重试）。',
      },
    },
  );
  if (ctx.signal.aborted) throw ctx.signal.reason;
  const answer = normaliseQuestionAnswer(raw, context, units, fixContext(graph, units));
  for (const w of answer.warnings) ctx.warn(w);
  ctx.assertRevision();
  const report = buildQuestionReport({
    documentId: ctx.task.documentId,
    revision: ctx.task.baseRevision,
    model: config.id,
    question: params.question,
    target: context.edge
      ? { kind: 'edge', id: context.edge.id, edgeKey: `${context.edge.fromNodeId}>${context.edge.toNodeId}` }
      : target,
    answer,
    now: Date.now(),
  });
  await saveReport(ctx.env, report);
  ctx.progress('answer', 1, 1);
  return report;
};
