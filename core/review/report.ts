// The standard (model review) report: the quick check's report for the same revision and scope, its issues merged
// with the confirmed model issues, the counts recomputed, entailment coverage after the review's judgements, and
// the warnings of the run (dropped issues, unconfirmed issues, a verifier that failed).
import { newId } from '../ids';
import type { EntailmentStatus, KgNode } from '../schema';
import type { VerificationReport } from '../verify/types';
import { mergeIssues, severityCounts } from './merge';
import type { ReviewRunResult } from './run';

export interface StandardReportInput {
  local: VerificationReport;
  review: ReviewRunResult;
  /** The nodes the review covered (the scope's nodes), with their statuses before the review. */
  nodes: readonly KgNode[];
  model: string;
  now: number;
  reportId?: string;
}

export function buildStandardReport(input: StandardReportInput): VerificationReport {
  const issues = mergeIssues(input.local.issues, input.review.issues);
  const { error: E, warning: W, suggestion: S } = severityCounts(issues);
  let verified = 0;
  for (const node of input.nodes) {
    const status: EntailmentStatus = input.review.entailment.get(node.id) ?? node.entailmentStatus;
    if (status === 'verified') verified++;
  }
  const n = input.nodes.length;
  const droppedSummary = Object.entries(input.review.dropped).map(([reason, count]) => `${reason}=${count}`);
  return {
    ...input.local,
    reportId: input.reportId ?? newId('vd'),
    mode: 'standard',
    createdAt: input.now,
    model: input.model,
    summary: `Model review done: ${E} ${E === 1 ? 'error' : 'errors'}, ${W} ${W === 1 ? 'warning' : 'warnings'}, ${S} ${S === 1 ? 'suggestion' : 'suggestions'} (local rule checks included).`,
    summaryZh: `AI 深度审校完成：${E} 个错误、${W} 个警告、${S} 条建议（已叠加本地规则检查）。`,
    metrics: {
      ...input.local.metrics,
      errorCount: E,
      warningCount: W,
      suggestionCount: S,
      entailmentVerifiedCount: verified,
      entailmentCoverage: n === 0 ? 0 : Math.round((1000 * verified) / n) / 10,
    },
    issues,
    warnings: [
      ...input.local.warnings,
      ...(droppedSummary.length ? [`verify_issues_dropped:${droppedSummary.join(',')}`] : []),
      ...(input.review.unconfirmed ? [`verify_issues_unconfirmed:${input.review.unconfirmed}`] : []),
      ...input.review.warnings,
    ],
  };
}
