// The fact-check task (issue 14, docs/contracts/fact-check.md): the checkable claims of the task's revision (core/fact-check
// selectClaims), their evidence — Wikipedia per claim (models/evidence/wikipedia.ts) and the pasted rules as
// numbered passages shared by every claim — then the judge in batches of 10 through the task's model, each answer
// normalised (quotes checked against the cited evidence, verdicts downgraded, the quick-mode cap). The report is
// stored per revision (storage/fact-check-reports.ts) and is the task's result. Quick mode retrieves nothing.
import { KgError } from '../../core/errors';
import {
  FactCheckParamsSchema,
  MAX_FACT_CLAIMS,
  buildFactCheckReport,
  buildJudgePrompt,
  countCheckable,
  judgeBatches,
  normaliseVerdicts,
  rulePassages,
  selectClaims,
  type FactCheckClaim,
  type FactEvidence,
} from '../../core/fact-check';
import { newId } from '../../core/ids';
import { askJsonObject } from '../../core/review';
import { askModel, requireLanguageModel } from '../../models/ask';
import { newWikiRun, retrieveWikipedia, wikiConfig } from '../../models/evidence/wikipedia';
import { saveFactCheckReport } from '../../storage/fact-check-reports';
import { loadTaskCanonical, parseParams } from './canonical';
import type { ReadTaskHandler } from './read-task';

/** The seed's budget for one judge call (KG_MODEL_TIMEOUT_MS lowers it), and its attempts at a parseable answer. */
export const FACT_JUDGE_CALL_MS = 240_000;
export const FACT_JUDGE_ATTEMPTS = 3;
/** Claims whose Wikipedia evidence is fetched at the same time. */
const RETRIEVAL_LANES = 4;

export const runFactCheckTask: ReadTaskHandler = async (ctx) => {
  const params = parseParams(FactCheckParamsSchema, ctx.params);
  const config = requireLanguageModel(ctx.env, ctx.task.model);
  const { doc, graph } = await loadTaskCanonical(ctx);
  const seeds = selectClaims(graph.nodes);
  if (seeds.length === 0) {
    throw new KgError('empty', {
      en: 'The graph has no claims to check against outside evidence (it needs fact, rule, definition, counter-example, claim or inference nodes).',
      zh: '知识图中没有可外部核查的声明（需有事实/规则/定义/反例/推论类节点）。',
    });
  }
  const warnings: string[] = [];
  const eligible = countCheckable(graph.nodes);
  if (eligible > MAX_FACT_CLAIMS) warnings.push(`fact_claims_capped:${eligible}:${MAX_FACT_CLAIMS}`);

  const deep = params.mode === 'deep';
  const shared = deep && params.sources.includes('rules') ? rulePassages(params.rules) : [];
  const perClaim = new Map<string, FactEvidence[]>();
  if (deep && params.sources.includes('wikipedia')) {
    const run = newWikiRun(wikiConfig(ctx.env), ctx.signal);
    let done = 0;
    ctx.progress('retrieve', 0, seeds.length);
    await inLanes(seeds, RETRIEVAL_LANES, async (seed) => {
      perClaim.set(seed.id, await retrieveWikipedia(ctx.env, run, seed));
      ctx.progress('retrieve', ++done, seeds.length);
      // Sixty claims against a slow wiki can take minutes: keep the resume alarm armed meanwhile.
      await ctx.heartbeat();
    });
    warnings.push(...run.warnings);
  }

  const batches = judgeBatches(seeds, (id) => perClaim.get(id) ?? [], shared);
  const judged: FactCheckClaim[][] = [];
  let finished = 0;
  ctx.progress('review', 0, batches.length);
  await inLanes(
    batches.map((batch, index) => ({ batch, index })),
    config.concurrency,
    async ({ batch, index }) => {
      const raw = await askJsonObject(
        (prompt, budgetMs, signal) => askModel(ctx.env, config, prompt, { budgetMs, signal, scheduler: ctx.scheduler }),
        buildJudgePrompt(batch, params.mode, graph.summary || doc.title),
        {
          budgetMs: FACT_JUDGE_CALL_MS,
          signal: ctx.signal,
          attempts: FACT_JUDGE_ATTEMPTS,
          failure: {
            en: `The fact-check verdicts could not be parsed (${FACT_JUDGE_ATTEMPTS} attempts).`,
            zh: '外部核查裁决无法解析（已自动重试）。',
          },
        },
      );
      const out = normaliseVerdicts(raw, batch, params.mode);
      judged[index] = out.claims;
      warnings.push(...out.warnings);
      ctx.progress('review', ++finished, batches.length);
      await ctx.heartbeat();
    },
  );
  if (ctx.signal.aborted) throw ctx.signal.reason;

  ctx.assertRevision();
  const report = buildFactCheckReport({
    reportId: newId('fc'),
    documentId: ctx.task.documentId,
    revision: ctx.task.baseRevision,
    mode: params.mode,
    sources: params.sources,
    model: config.id,
    now: Date.now(),
    claims: judged.flat(),
    warnings,
  });
  for (const w of report.warnings.slice(0, 20)) ctx.warn(w);
  await saveFactCheckReport(ctx.env, report);
  return report;
};

/** Runs `work` over `items` with at most `lanes` at a time; the first failure ends the run. */
async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}
