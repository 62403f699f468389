// The host-side filter of one review batch's answer (docs/contracts/verification.md#model-review). Every issue must target something that
// exists, cite at least one quote that authenticates against the canonical units (completeness and summary issues
// excepted) and reach the confidence floor; anything else is dropped with a reason the report lists. Fixes pass
// through the shared sanitiser (core/operations/sanitize.ts).
import { sanitizeFix, type FixContext } from '../operations/sanitize';
import type { ContentUnit, EntailmentStatus, KgEdge, KgNode } from '../schema';
import {
  ISSUE_CATEGORIES,
  SEVERITIES,
  type IssueCategory,
  type Severity,
  type VerificationIssue,
} from '../verify/types';
import type { ReviewBatch } from './batches';
import { checkEvidence } from './evidence';
import { isRecord, textField } from './json';
import { REVIEW_LIMITS } from './prompt';

export const ISSUE_TITLE_MAX = 120;
export const ISSUE_DETAIL_MAX = 1_000;
/** Categories that may be raised without a quote (what is missing cannot be quoted). */
const UNQUOTED: ReadonlySet<IssueCategory> = new Set(['completeness', 'summary']);

export type DropReason =
  | 'not_an_object'
  | 'missing_target'
  | 'missing_edge'
  | 'no_evidence'
  | 'unauthenticated_evidence'
  | 'low_confidence'
  | 'duplicate_id'
  | 'over_limit';

export interface ReviewGraph {
  nodes: ReadonlyMap<string, KgNode>;
  edges: readonly KgEdge[];
  edgesById: ReadonlyMap<string, KgEdge>;
  /** All units of the document, numbered 1..n. */
  units: readonly ContentUnit[];
  fixes: FixContext;
}

export interface NormalisedBatch {
  issues: VerificationIssue[];
  dropped: Array<{ id: string; reason: DropReason }>;
  /** Fixes a sanitiser turned into `none`, with the reason. */
  fixesDropped: Array<{ id: string; reason: string }>;
  entailment: Map<string, Exclude<EntailmentStatus, 'unverified'>>;
}

export function normaliseReviewAnswer(
  answer: Record<string, unknown>,
  batch: ReviewBatch,
  graph: ReviewGraph,
): NormalisedBatch {
  const out: NormalisedBatch = {
    issues: [],
    dropped: [],
    fixesDropped: [],
    entailment: normaliseEntailment(answer.entailment, batch),
  };
  const raw = Array.isArray(answer.issues) ? answer.issues : [];
  const seen = new Set<string>();
  let suggestions = 0;
  raw.forEach((item, k) => {
    const rawId =
      isRecord(item) && (typeof item.id === 'string' || typeof item.id === 'number')
        ? String(item.id).trim().slice(0, 40)
        : '';
    const id = `b${batch.index}:${rawId || `i${k + 1}`}`;
    const drop = (reason: DropReason) => out.dropped.push({ id, reason });
    if (!isRecord(item)) return drop('not_an_object');
    const severity = oneOf(item.severity, SEVERITIES, 'warning' as Severity);
    const category = oneOf(item.category, ISSUE_CATEGORIES, 'other' as IssueCategory);
    const target = resolveTarget(item, batch, graph);
    if ('reason' in target) return drop(target.reason);
    const checked = checkEvidence(item.evidence, graph.units, batch.units);
    if (!UNQUOTED.has(category) && checked.authenticated === 0)
      return drop(checked.quoted > 0 ? 'unauthenticated_evidence' : 'no_evidence');
    const confidence =
      typeof item.confidence === 'number' && Number.isFinite(item.confidence)
        ? Math.min(1, Math.max(0, item.confidence))
        : 0.5;
    if (confidence < REVIEW_LIMITS.minConfidence) return drop('low_confidence');
    if (seen.has(id)) return drop('duplicate_id');
    if (
      out.issues.length >= REVIEW_LIMITS.issues ||
      (severity === 'suggestion' && suggestions >= REVIEW_LIMITS.suggestions)
    )
      return drop('over_limit');
    seen.add(id);
    if (severity === 'suggestion') suggestions++;
    const { fix, dropped } = sanitizeFix(item.proposedFix ?? { action: 'none' }, graph.fixes);
    if (dropped) out.fixesDropped.push({ id, reason: dropped });
    const title = textField(item.title, ISSUE_TITLE_MAX) || 'Review finding';
    const detail = textField(item.detail, ISSUE_DETAIL_MAX);
    const units = [
      ...new Set([...(target.paragraph ? [target.paragraph] : []), ...checked.evidence.map((e) => e.paragraph)]),
    ];
    out.issues.push({
      id,
      source: 'model',
      severity,
      category,
      targetKind: target.kind,
      targetId: target.id,
      ...(target.edgeKey ? { edgeKey: target.edgeKey } : {}),
      title,
      titleZh: title,
      detail,
      detailZh: detail,
      evidence: checked.evidence,
      units,
      confidence,
      proposedFix: fix,
      safeRepairable: false,
      status: 'open',
      invariantCode: 'model_review',
      blocking: false,
    });
  });
  return out;
}

type Target =
  | { kind: VerificationIssue['targetKind']; id: string | null; edgeKey?: string; paragraph?: number }
  | { reason: DropReason };

function resolveTarget(item: Record<string, unknown>, batch: ReviewBatch, graph: ReviewGraph): Target {
  const kind = oneOf(item.targetKind, ['node', 'edge', 'graph'] as const, 'graph');
  const rawId =
    typeof item.targetId === 'string' ? item.targetId.trim() : typeof item.targetId === 'number' ? item.targetId : null;
  if (kind === 'node') {
    const node = typeof rawId === 'string' ? graph.nodes.get(rawId) : undefined;
    return node ? { kind, id: node.id, paragraph: node.paragraph ?? undefined } : { reason: 'missing_target' };
  }
  if (kind === 'edge') {
    let edge: KgEdge | undefined;
    if (typeof rawId === 'number') edge = Number.isInteger(rawId) ? batch.edges[rawId] : undefined;
    else if (rawId !== null) {
      edge = graph.edgesById.get(rawId);
      const [from, to, extra] = rawId.split('>');
      if (!edge && to !== undefined && extra === undefined) {
        edge =
          batch.edges.find((e) => e.fromNodeId === from && e.toNodeId === to) ??
          graph.edges.find((e) => e.fromNodeId === from && e.toNodeId === to);
      }
    }
    return edge ? { kind, id: edge.id, edgeKey: `${edge.fromNodeId}>${edge.toNodeId}` } : { reason: 'missing_edge' };
  }
  return { kind: 'graph', id: null };
}

/** The model's judgement of each batch node's text against its quote; only grounded nodes of this batch count. */
function normaliseEntailment(raw: unknown, batch: ReviewBatch): NormalisedBatch['entailment'] {
  const out: NormalisedBatch['entailment'] = new Map();
  if (!Array.isArray(raw)) return out;
  const judged = new Map(
    batch.nodes.filter((n) => n.groundingStatus === 'grounded' && n.quote.trim()).map((n) => [n.id, n]),
  );
  for (const item of raw) {
    if (!isRecord(item) || typeof item.nodeId !== 'string' || !judged.has(item.nodeId)) continue;
    const status = oneOf(item.status, ['verified', 'unsupported', 'uncertain'] as const, null);
    if (status) out.set(item.nodeId, status);
  }
  return out;
}

function oneOf<T extends string, F>(value: unknown, allowed: readonly T[], fallback: F): T | F {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
