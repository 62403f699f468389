// The report's figures and summary line (docs/contracts/fact-check.md#report): counts per verdict, the supported rate over the
// claims judged against evidence (deep mode: those that cite an evidence item; quick mode has none, so the claims that
// could be checked at all), and the summary sentence (in the document's language), which says when an evidence source
// failed: a rate over claims no evidence reached would read as a finding.
import { isMostlyCjk } from './text';
import type { FactCheckClaim, FactCheckMetrics, FactCheckMode, FactCheckReport, FactCheckSource } from './types';
import { failedSources } from './warnings';

export const MAX_REPORT_WARNINGS = 200;

export function factMetrics(
  claims: readonly (Pick<FactCheckClaim, 'verdict'> & { evidence?: readonly unknown[] })[],
  mode: FactCheckMode = 'deep',
): FactCheckMetrics {
  const count = (v: FactCheckClaim['verdict']) => claims.filter((c) => c.verdict === v).length;
  const m = {
    totalClaims: claims.length,
    supported: count('supported'),
    contradicted: count('contradicted'),
    partially_supported: count('partially_supported'),
    insufficient: count('insufficient'),
    unverifiable: count('unverifiable'),
    out_of_scope: count('out_of_scope'),
  };
  const checked = claims.filter((c) => c.verdict !== 'unverifiable' && c.verdict !== 'out_of_scope');
  const judged = mode === 'quick' ? checked : checked.filter((c) => (c.evidence?.length ?? 0) > 0);
  const supportedJudged = judged.filter((c) => c.verdict === 'supported').length;
  return {
    ...m,
    judged: judged.length,
    supportedRate: judged.length > 0 ? Math.round((100 * supportedJudged) / judged.length) : 0,
  };
}

/** The summary sentence; `warnings` are the report's, so a source that failed is said first. */
export function factSummary(m: FactCheckMetrics, zh: boolean, warnings: readonly string[] = []): string {
  const failed = failedSources(warnings, zh ? 'zh' : 'en');
  const lead = failed.length
    ? zh
      ? `部分证据来源不可用（${failed.join('、')}），依赖它的声明没有外部证据。`
      : `An evidence source failed (${failed.join(', ')}): the claims that needed it had no outside evidence. `
    : '';
  return zh
    ? `${lead}外部事实核查完成：${m.supported} 项支持 / ${m.contradicted} 项矛盾 / ${m.partially_supported} 项部分支持 / ${m.insufficient} 项证据不足 / ${m.unverifiable} 项无法核查；${m.judged} 项对照证据裁决。`
    : `${lead}Fact-check done: ${m.supported} supported / ${m.contradicted} contradicted / ${m.partially_supported} partially supported / ${m.insufficient} insufficient / ${m.unverifiable} unverifiable; ${m.judged} judged against evidence.`;
}

export interface ReportInput {
  reportId: string;
  documentId: string;
  revision: number;
  mode: FactCheckMode;
  sources: FactCheckSource[];
  model: string;
  now: number;
  claims: FactCheckClaim[];
  warnings: readonly string[];
}

export function buildFactCheckReport(input: ReportInput): FactCheckReport {
  const metrics = factMetrics(input.claims, input.mode);
  const zh = isMostlyCjk(input.claims.map((c) => c.claim).join(' '));
  const warnings = [...new Set(input.warnings)].slice(0, MAX_REPORT_WARNINGS);
  return {
    reportId: input.reportId,
    documentId: input.documentId,
    revision: input.revision,
    mode: input.mode,
    sources: input.mode === 'quick' ? [] : input.sources,
    createdAt: input.now,
    model: input.model,
    summary: factSummary(metrics, zh, warnings),
    metrics,
    warnings,
    claims: input.claims,
  };
}
