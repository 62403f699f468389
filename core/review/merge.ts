// The standard report's issue list (docs/contracts/verification.md#model-review): the quick check's issues plus the confirmed model issues,
// one per `category|targetKind|targetId|title`, ordered by severity (error, warning, suggestion), then by confidence.
import type { Severity, VerificationIssue } from '../verify/types';

const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

export function mergeIssues(
  local: readonly VerificationIssue[],
  model: readonly VerificationIssue[],
): VerificationIssue[] {
  const seen = new Set<string>();
  const out: VerificationIssue[] = [];
  for (const issue of [...local, ...model]) {
    const key = `${issue.category}|${issue.targetKind}|${issue.targetId ?? ''}|${issue.title}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  // Array.prototype.sort is stable: equal issues keep local-first, rule order.
  return out.sort((a, b) => RANK[a.severity] - RANK[b.severity] || b.confidence - a.confidence);
}

export function severityCounts(issues: readonly VerificationIssue[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  for (const issue of issues) counts[issue.severity]++;
  return counts;
}
