// The answer task (kind 'answer', docs/contracts/answers.md): retrieval over D1 with the graph query's own code at the
// revision the task started on, the source fallback scan, the catalogue; then the answerer — a configured model
// (fenced prompt, deadline, transient retries, one retry when its output is not the agreed JSON) or the offline
// builtin:extractive — and the same admission and rendering for both. The result never holds the source text.
import {
  buildAnswerPrompt,
  citedParagraphs,
  extractiveDraft,
  fallbackScanner,
  finishAnswer,
  parseAnswerOutput,
  prepareAnswer,
  type AnswerDraft,
  type AnswerRequest,
  type PreparedAnswer,
} from '../../core/answer';
import { KgError, isKgError } from '../../core/errors';
import { runGraphQuery } from '../../core/query';
import { resolveAnswerer } from '../../models/answerers';
import type { ModelConfig } from '../../models/config';
import { callAnswerModel } from '../../models/providers/model-answerer';
import { dbOf } from '../../storage/db';
import { D1QuerySource } from '../../storage/graph-query-source';
import { readUnitPage, UNIT_PAGE } from '../../storage/pages';
import type { ReadTaskContext, ReadTaskHandler } from './read-task';

const PARSE_ATTEMPTS = 2;

export const answerTask: ReadTaskHandler = async (ctx) => {
  const request = ctx.params as AnswerRequest;
  const answerer = resolveAnswerer(ctx.env, ctx.task.model);
  ctx.progress('retrieve');
  const prepared = await retrieve(ctx, request);
  ctx.assertRevision();
  let draft: AnswerDraft | null = null;
  if (prepared.early === null) {
    ctx.progress('answer');
    draft =
      answerer.kind === 'extractive'
        ? extractiveDraft({ question: request.question, catalogue: prepared.catalogue, lang: prepared.lang })
        : await modelDraft(ctx, answerer.config, prepared);
  }
  return finishAnswer(prepared, draft, { model: answerer.id, answerer: answerer.kind, createdAt: Date.now() });
};

/** The graph query at the task's revision, the canonical units its evidence cites, and the fallback scan. */
async function retrieve(ctx: ReadTaskContext, request: AnswerRequest): Promise<PreparedAnswer> {
  const documentId = ctx.task.documentId;
  const source = new D1QuerySource(ctx.env, documentId);
  let retrieval = null;
  try {
    retrieval = await runGraphQuery(source, { ...request.query, expectedRevision: ctx.task.baseRevision });
  } catch (error) {
    if (!isKgError(error) || error.code !== 'not_found') throw error;
  }
  const units = new Map<number, string>();
  let fallback: { paragraph: number; text: string; score: number }[] = [];
  if (retrieval) {
    for (const unit of await source.units(citedParagraphs(retrieval))) units.set(unit.n, unit.text);
    const scanner = fallbackScanner(request.question, new Set(retrieval.sourceUnits.map((u) => u.paragraph)));
    const db = dbOf(ctx.env);
    for (let after = 0; ; ) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const page = await readUnitPage(db, documentId, after, UNIT_PAGE);
      if (page.length === 0 || !scanner.offer(page)) break;
      after = page[page.length - 1].n;
    }
    fallback = scanner.result();
    for (const unit of fallback) units.set(unit.paragraph, unit.text);
  }
  return prepareAnswer({
    question: request.question,
    documentId,
    revision: retrieval?.revision ?? ctx.task.baseRevision,
    retrieval,
    units,
    fallback,
    fallbackEvaluated: retrieval !== null,
  });
}

/** Two attempts at the agreed JSON; the second is told what went wrong. Provider failures keep their own codes. */
async function modelDraft(ctx: ReadTaskContext, config: ModelConfig, prepared: PreparedAnswer): Promise<AnswerDraft> {
  let detail = '';
  for (let attempt = 1; attempt <= PARSE_ATTEMPTS; attempt++) {
    await ctx.heartbeat();
    const prompt = buildAnswerPrompt(prepared.question, prepared.retrieval!, prepared.catalogue, attempt > 1);
    const raw = await callAnswerModel(ctx.env, config, prompt, { signal: ctx.signal, scheduler: ctx.scheduler });
    if (ctx.signal.aborted) throw ctx.signal.reason;
    try {
      return parseAnswerOutput(raw);
    } catch (error) {
      if (!isKgError(error)) throw error;
      detail = error.detail ?? error.code;
      ctx.warn(`Answer attempt ${attempt}: the model's output was not the agreed JSON (${detail.slice(0, 120)}).`);
    }
  }
  throw new KgError('schema_invalid', {
    en: `The evidence answer could not be parsed: ${detail.slice(0, 200)}`,
    zh: `证据回答无法解析：${detail.slice(0, 200)}`,
  });
}
