// The report's figures and summary line (docs/contracts/fact-check.md#report): counts per verdict, the supported rate over the
// claims that could be checked at all, and the seed's summary sentence (in the document's language).
import { isMostlyCjk } from './text';
import type { FactCheckClaim, FactCheckMetrics, FactCheckMode, FactCheckReport, FactCheckSource } from './types';

export const MAX_REPORT_WARNINGS = 200;

export function factMetrics(claims: readonly Pick<FactCheckClaim, 'verdict'>[]): FactCheckMetrics {
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
  const checkable = m.totalClaims - m.unverifiable - m.out_of_scope;
  return { ...m, supportedRate: checkable > 0 ? Math.round((100 * m.supported) / checkable) : 0 };
}

export function factSummary(m: FactCheckMetrics, zh: boolean): string {
  return zh
    ? `外部事实核查完成：${m.supported} 项支持 / ${m.contradicted} 项矛盾 / ${m.partially_supported} 项部分支持 / ${m.insufficient} 项证据不足 / ${m.unverifiable} 项无法核查。`
    : `Fact-check done: ${m.supported} supported / ${m.contradicted} contradicted / ${m.partially_supported} partially supported / ${m.insufficient} insufficient / ${m.unverifiable} unverifiable.`;
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
  const metrics = factMetrics(input.claims);
  const zh = isMostlyCjk(input.claims.map((c) => c.claim).join(' '));
  return {
    reportId: input.reportId,
    documentId: input.documentId,
    revision: input.revision,
    mode: input.mode,
    sources: input.mode === 'quick' ? [] : input.sources,
    createdAt: input.now,
    model: input.model,
    summary: factSummary(metrics, zh),
    metrics,
    warnings: [...new Set(input.warnings)].slice(0, MAX_REPORT_WARNINGS),
    claims: input.claims,
  };
}
