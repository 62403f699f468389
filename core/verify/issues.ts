// Collecting the issues of one check: per-rule and per-report caps (a book can have thousands of isolated nodes; the
// report stays readable and small enough to store), counts of everything found, and a stable order (errors, then
// warnings, then suggestions; within a severity, the order the rules found them).
import { NO_FIX, type ProposedFix } from '../schema/fixes';
import type { IssueCategory, IssueEvidence, Severity, VerificationIssue } from './types';

/** Issues kept per rule and per report. */
export const MAX_ISSUES_PER_CODE = 200;
export const MAX_ISSUES_PER_REPORT = 1_500;

export interface Text2 {
  en: string;
  zh: string;
}

export interface NewIssue {
  code: string;
  severity: Severity;
  category: IssueCategory;
  blocking?: boolean;
  targetKind: VerificationIssue['targetKind'];
  targetId: string | null;
  edgeKey?: string;
  title: Text2;
  detail: Text2;
  evidence?: IssueEvidence[];
  units?: number[];
  confidence?: number;
  fix?: ProposedFix;
  /** What a person may pick instead (or besides) the proposed fix, with no model (VerificationIssue.remedies). */
  remedies?: ProposedFix[];
  safeRepairable?: boolean;
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, suggestion: 2 };

export class IssueSink {
  private readonly kept: NewIssue[] = [];
  readonly counts: Record<string, number> = {};
  readonly severityCounts: Record<Severity, number> = { error: 0, warning: 0, suggestion: 0 };
  blockingCount = 0;

  add(issue: NewIssue): void {
    const n = (this.counts[issue.code] ?? 0) + 1;
    this.counts[issue.code] = n;
    this.severityCounts[issue.severity]++;
    if (issue.blocking) this.blockingCount++;
    if (n <= MAX_ISSUES_PER_CODE) this.kept.push(issue);
  }

  get total(): number {
    return this.severityCounts.error + this.severityCounts.warning + this.severityCounts.suggestion;
  }

  /** The report's issues: sorted by severity (stable), capped, numbered loc1, loc2, ... */
  issues(): VerificationIssue[] {
    const ordered = this.kept
      .map((issue, i) => ({ issue, i }))
      .sort((p, q) => RANK[p.issue.severity] - RANK[q.issue.severity] || p.i - q.i)
      .slice(0, MAX_ISSUES_PER_REPORT);
    return ordered.map(({ issue }, k) => ({
      id: `loc${k + 1}`,
      source: 'local',
      severity: issue.severity,
      category: issue.category,
      targetKind: issue.targetKind,
      targetId: issue.targetId,
      ...(issue.edgeKey ? { edgeKey: issue.edgeKey } : {}),
      title: issue.title.en,
      titleZh: issue.title.zh,
      detail: issue.detail.en,
      detailZh: issue.detail.zh,
      evidence: issue.evidence ?? [],
      units: issue.units ?? [],
      confidence: issue.confidence ?? 1,
      proposedFix: issue.fix ?? NO_FIX,
      ...(issue.remedies?.length ? { remedies: issue.remedies } : {}),
      safeRepairable: issue.safeRepairable ?? false,
      status: 'open',
      invariantCode: issue.code,
      blocking: issue.blocking ?? false,
    }));
  }
}

/** Short text for titles and details (never the whole of a long node). */
export function clip(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
