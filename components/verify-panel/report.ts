// What the verification panel reads from the API: a quick-check or model-review report (docs/contracts/verification.md#quick-check, #model-review)
// and its issues. Read defensively, like every answer a component shows: anything malformed is left out rather
// than breaking the panel, and a fix that does not parse against the shared vocabulary (core/schema/fixes.ts) is
// treated as no fix at all, so the panel never offers to apply something the server would refuse.
import { FIX_ACTIONS } from '../../core/schema/fix-actions';
import type { ProposedFix } from '../../core/schema/fixes';
import { ISSUE_CATEGORIES as CATEGORIES, SEVERITIES, type IssueCategory, type Severity } from '../../core/verify/types';

export { CATEGORIES, type IssueCategory };

export interface IssueEvidence {
  paragraph: number;
  quote: string;
}

export interface Issue {
  id: string;
  /** 'local' for the deterministic rules, else the model review. */
  source: string;
  severity: Severity;
  category: IssueCategory;
  targetKind: 'node' | 'edge' | 'graph';
  targetId: string | null;
  /** English title and detail, and the Chinese ones when the server wrote them (the panel picks by language). */
  title: string;
  titleZh: string;
  detail: string;
  detailZh: string;
  evidence: IssueEvidence[];
  /** Units the issue is about (else those of its evidence). */
  units: number[];
  /** For an edge target: the seed's `from>to` identity, when the server gives it. */
  edgeKey: string | null;
  /** 'open' unless the server already recorded it as applied or rejected. */
  status: string;
  confidence: number | null;
  proposedFix: ProposedFix;
  /** Deterministic remedies a reader may pick with no model (each one a fix of the shared vocabulary). */
  remedies: ProposedFix[];
  code: string | null;
}

export interface Report {
  reportId: string;
  mode: string;
  createdAt: number | null;
  model: string | null;
  /** The revision the report was computed on (when the server says). */
  revision: number | null;
  stale: boolean;
  summary: string;
  summaryZh: string;
  metrics: Record<string, number>;
  issues: Issue[];
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const oneOf = <T extends string>(v: unknown, list: readonly T[], fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

export function readEvidence(value: unknown): IssueEvidence[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((e) => {
    const paragraph = num((e as IssueEvidence)?.paragraph);
    return paragraph !== null && paragraph > 0 ? [{ paragraph, quote: str((e as IssueEvidence).quote) }] : [];
  });
}

/** A proposed fix as the shared vocabulary defines it; anything else is `none`. */
export function readFix(value: unknown): ProposedFix {
  // The action is checked here (zod stays out of the browser bundle); the fields are the server's, and a commit
  // validates them in full (400 invalid_operation), so a malformed one is refused there, never applied.
  const action = typeof value === 'object' && value !== null ? (value as { action?: unknown }).action : undefined;
  return typeof action === 'string' && action !== 'none' && (FIX_ACTIONS as readonly string[]).includes(action)
    ? (value as ProposedFix)
    : { action: 'none' };
}

function readIssue(value: unknown, index: number): Issue | null {
  const v = (value ?? {}) as Record<string, unknown>;
  const title = str(v.title);
  if (!title) return null;
  const kind = oneOf(v.targetKind, ['node', 'edge', 'graph'] as const, 'graph');
  return {
    id: str(v.id) || `issue-${index}`,
    source: str(v.source, 'local'),
    severity: oneOf(v.severity, SEVERITIES, 'warning'),
    category: oneOf(v.category, CATEGORIES, 'other'),
    targetKind: kind,
    targetId: kind === 'graph' ? null : str(v.targetId) || null,
    title,
    titleZh: str(v.titleZh),
    detail: str(v.detail),
    detailZh: str(v.detailZh),
    evidence: readEvidence(v.evidence),
    units: Array.isArray(v.units) ? v.units.filter((n): n is number => typeof n === 'number' && n > 0) : [],
    edgeKey: str(v.edgeKey) || null,
    status: str(v.status, 'open'),
    confidence: num(v.confidence),
    proposedFix: readFix(v.proposedFix),
    remedies: Array.isArray(v.remedies)
      ? v.remedies
          .map(readFix)
          .filter((f) => f.action !== 'none')
          .slice(0, 4)
      : [],
    code: str(v.invariantCode ?? v.code) || null,
  };
}

/** The report in an answer (`{ report, stale }`, or the report itself); null when there is none. */
export function readReport(value: unknown): Report | null {
  const outer = (value ?? {}) as Record<string, unknown>;
  const v = (outer.report && typeof outer.report === 'object' ? outer.report : outer) as Record<string, unknown>;
  if (!Array.isArray(v.issues)) return null;
  const metrics: Record<string, number> = {};
  for (const [key, value] of Object.entries((v.metrics ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'number' && Number.isFinite(value)) metrics[key] = value;
  }
  const created = num(v.createdAt) ?? (typeof v.createdAt === 'string' ? Date.parse(v.createdAt) || null : null);
  return {
    reportId: str(v.reportId ?? v.id),
    mode: str(v.mode, 'quick'),
    createdAt: created,
    model: typeof v.model === 'string' ? v.model : null,
    revision: num(v.revision ?? v.baseRevision),
    stale: v.stale === true || outer.stale === true,
    summary: str(v.summary),
    summaryZh: str(v.summaryZh),
    metrics,
    issues: v.issues.flatMap((issue, i) => readIssue(issue, i) ?? []),
  };
}

/** The text of an issue or report in the reader's language (the English one when no Chinese one was written). */
export const inLang = (lang: string, en: string, zh: string): string => (lang === 'zh' && zh ? zh : en);

/** True when the issue proposes something the commit route can apply. */
export const isFixable = (issue: Pick<Issue, 'proposedFix'>): boolean => issue.proposedFix.action !== 'none';

/** Issue targets by id, with the most severe issue's severity (for colouring the graph). */
export function severityByTarget(issues: readonly Issue[]): {
  nodes: Map<string, Severity>;
  edges: Map<string, Severity>;
} {
  const nodes = new Map<string, Severity>();
  const edges = new Map<string, Severity>();
  for (const issue of issues) {
    if (!issue.targetId || issue.targetKind === 'graph') continue;
    const map = issue.targetKind === 'node' ? nodes : edges;
    const had = map.get(issue.targetId);
    if (!had || SEVERITIES.indexOf(issue.severity) < SEVERITIES.indexOf(had)) map.set(issue.targetId, issue.severity);
  }
  return { nodes, edges };
}
