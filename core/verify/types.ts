// The shapes of a verification report (docs/contracts/verification.md#quick-check): issues with a severity, a category, a target and a
// proposed fix (core/schema/fixes.ts), metrics, and the scope that was checked. The quick check writes them; the
// model review and questions reuse the issue shape and the metrics; the workbench panel reads them.
import type { ProposedFix } from '../schema/fixes';

export const SEVERITIES = ['error', 'warning', 'suggestion'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ISSUE_CATEGORIES = [
  'grounding',
  'type',
  'relation',
  'duplicate',
  'contradiction',
  'completeness',
  'summary',
  'other',
] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

export const ISSUE_STATUSES = ['open', 'accepted', 'rejected', 'applied'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const REPORT_KINDS = ['quick', 'standard', 'question'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What was checked: the whole graph, the units of some sections, or a list of units. */
export type VerifyScope =
  | { kind: 'full'; ids: [] }
  | { kind: 'sections'; ids: string[] }
  | { kind: 'units'; ids: number[] };

export interface IssueEvidence {
  /** 1-based unit number. */
  paragraph: number;
  quote: string;
}

export interface VerificationIssue {
  /** 'loc<n>' for quick-check issues (unique within a report). */
  id: string;
  source: 'local' | 'model' | 'question';
  severity: Severity;
  category: IssueCategory;
  targetKind: 'node' | 'edge' | 'graph';
  /** A node id, an edge id, or null for the whole graph. */
  targetId: string | null;
  /** For edge targets: the seed's edge identity `from>to` (our edges also have ids: targetId). */
  edgeKey?: string;
  /** English title and detail; the Chinese ones beside them (the panel picks by the reader's language). */
  title: string;
  titleZh: string;
  detail: string;
  detailZh: string;
  evidence: IssueEvidence[];
  /** Units the issue is about (the panel scrolls to the first). */
  units: number[];
  confidence: number;
  proposedFix: ProposedFix;
  /**
   * Deterministic remedies a person may pick with no model (issue 26): retype the source of a type–relation mismatch
   * or delete the relation, merge suspected duplicates, delete a dangling or self-loop relation. Each one is a fix of
   * the same vocabulary, committed through the gate like any other; none is applied by "fix all".
   */
  remedies?: ProposedFix[];
  /** A fix the commit may apply without asking (e.g. a paragraph number where the quote really is). */
  safeRepairable: boolean;
  status: IssueStatus;
  /** The rule that fired (docs/contracts/verification.md#quick-check codes, and core/invariants.ts codes for the integrity gate). */
  invariantCode: string;
  /** A deterministic error: a graph with one cannot pass the commit gate as it stands. */
  blocking: boolean;
}

export interface VerificationMetrics {
  checkedNodes: number;
  checkedEdges: number;
  checkedUnits: number;
  connectedComponents: number;
  isolatedNodes: number;
  leafNodes: number;
  invariantErrorCount: number;
  qualityWarningCount: number;
  qualitySuggestionCount: number;
  entailmentVerifiedCount: number;
  errorCount: number;
  warningCount: number;
  suggestionCount: number;
  /** Relations per node, 2 decimals. */
  edgeNodeRatio: number;
  /** Share of the checked nodes in the largest component, percent. */
  largestComponentCoverage: number;
  /** Percent of nodes whose quote is found in the source or that cite a valid unit. */
  anchorCoverage: number;
  /** Percent of nodes with an authenticated evidence quote (or grounded). */
  evidenceCoverage: number;
  /** Percent of nodes whose entailment a model verified. */
  entailmentCoverage: number;
  /** Percent of the checked units that hold at least one node. */
  paragraphCoverage: number;
  /** Issues found per rule, before the report's issue list was capped. */
  issueCounts: Record<string, number>;
  /** Issues found but left out of `issues` (per-rule and per-report caps keep a book's report readable and small). */
  omittedIssues: number;
}

export interface VerificationReport {
  reportId: string;
  mode: ReportKind;
  documentId: string;
  /** The canonical revision the report was computed from. */
  revision: number;
  createdAt: number;
  model: string | null;
  scope: VerifyScope;
  summary: string;
  summaryZh: string;
  metrics: VerificationMetrics;
  issues: VerificationIssue[];
  warnings: string[];
}
