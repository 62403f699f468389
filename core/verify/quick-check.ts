// The quick check (docs/contracts/verification.md#quick-check): deterministic, no model. The integrity gate of core/invariants.ts (the same
// one every commit passes) plus the quality rules, over the whole canonical graph or a scope, with metrics. Pure and
// linear in the graph apart from the token index of the duplicate and contradiction search.
import { newId } from '../ids';
import { checkGraph, type InvariantCode, type InvariantIssue } from '../invariants';
import type { ContentUnit, KgGraph, KgNode } from '../schema';
import { checkEdge, deleteEdgeFix } from './edge-rules';
import { type GateLookup, gateWords } from './gate-words';
import {
  checkContradictions,
  checkDuplicates,
  checkStructure,
  checkSummary,
  checkUncovered,
  nodeTokenSets,
} from './graph-rules';
import { IssueSink } from './issues';
import { QuoteLocator } from './locate';
import { checkNode } from './node-rules';
import { applyScope, type ScopeRequest } from './scope';
import type { IssueCategory, VerificationMetrics, VerificationReport } from './types';

export interface QuickCheckInput {
  documentId: string;
  revision: number;
  graph: KgGraph;
  /** All units of the document, numbered 1..n. */
  units: readonly ContentUnit[];
  scope?: ScopeRequest;
  now: number;
  reportId?: string;
}

/** Gate codes a quick-check rule already reports in its own words (one issue per fault, not two). */
const COVERED_BY_RULES: ReadonlySet<InvariantCode> = new Set(['edge_without_evidence', 'paragraph_out_of_range']);
const GATE_CATEGORY: Partial<Record<InvariantCode, IssueCategory>> = {
  unknown_type: 'type',
  unknown_relation: 'relation',
  dangling_edge: 'relation',
  self_loop: 'relation',
  duplicate_edge_id: 'relation',
  evidence_out_of_range: 'grounding',
  evidence_wrong_document: 'grounding',
  quote_not_in_unit: 'grounding',
  grounded_without_evidence: 'grounding',
};

export function quickCheck(input: QuickCheckInput): VerificationReport {
  const scoped = applyScope(input.graph, input.units, input.scope);
  const sink = new IssueSink();
  const locator = new QuoteLocator(input.units);

  const gate = checkGraph(
    { summary: input.graph.summary, nodes: [...scoped.nodes], edges: [...scoped.edges] },
    { documentId: input.documentId, units: input.units, maxIssues: 1_000 },
  );
  const edgesById = new Map(scoped.edges.map((e) => [e.id, e]));
  const lookup: GateLookup = { nodesById: new Map(input.graph.nodes.map((n) => [n.id, n])), edgesById };
  for (const issue of gate.errors) if (!COVERED_BY_RULES.has(issue.code)) sink.add(gateIssue(issue, lookup));

  let anchored = 0;
  let evidenced = 0;
  let verified = 0;
  for (const node of scoped.nodes) {
    const facts = checkNode(node, locator, sink);
    if (facts.anchored) anchored++;
    if (facts.evidenced) evidenced++;
    if (node.entailmentStatus === 'verified') verified++;
  }

  const byId = new Map<string, KgNode>(input.graph.nodes.map((n) => [n.id, n]));
  const seenKeys = new Set<string>();
  for (const edge of scoped.edges) checkEdge(edge, byId, seenKeys, locator, sink);

  const fullDegree = new Map<string, number>();
  for (const e of input.graph.edges) {
    fullDegree.set(e.fromNodeId, (fullDegree.get(e.fromNodeId) ?? 0) + 1);
    fullDegree.set(e.toNodeId, (fullDegree.get(e.toNodeId) ?? 0) + 1);
  }
  // A concept anchor carries no relation by design: its links are its mentions, so it is never "isolated". A statement
  // linked only by mentions still is (the rule is about relations; mentions never count as one).
  const namedAnchors = new Set((input.graph.mentions ?? []).map((m) => m.conceptId));
  const structure = checkStructure(scoped.nodes, scoped.edges, fullDegree, sink, namedAnchors);

  const covered = new Set<number>();
  for (const n of input.graph.nodes) {
    if (n.paragraph !== null) covered.add(n.paragraph);
    for (const ev of n.evidence) covered.add(ev.paragraph);
  }
  const coveredUnits = checkUncovered(scoped.units, covered, sink);
  const tokenSets = nodeTokenSets(scoped.nodes);
  checkDuplicates(scoped.nodes, tokenSets, sink);
  checkContradictions(scoped.nodes, tokenSets, sink);
  if (scoped.scope.kind === 'full') checkSummary(input.graph, sink);

  const issues = sink.issues();
  const nodeCount = scoped.nodes.length;
  const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);
  const { error: E, warning: W, suggestion: S } = sink.severityCounts;
  const metrics: VerificationMetrics = {
    checkedNodes: nodeCount,
    checkedEdges: scoped.edges.length,
    checkedUnits: scoped.units.length,
    connectedComponents: structure.components,
    isolatedNodes: structure.isolated,
    leafNodes: structure.leaves,
    invariantErrorCount: E,
    qualityWarningCount: W,
    qualitySuggestionCount: S,
    entailmentVerifiedCount: verified,
    errorCount: E,
    warningCount: W,
    suggestionCount: S,
    edgeNodeRatio: nodeCount === 0 ? 0 : Math.round((100 * scoped.edges.length) / nodeCount) / 100,
    largestComponentCoverage: pct(structure.largestComponent, nodeCount),
    anchorCoverage: pct(anchored, nodeCount),
    evidenceCoverage: pct(evidenced, nodeCount),
    entailmentCoverage: pct(verified, nodeCount),
    paragraphCoverage: pct(coveredUnits, scoped.units.length),
    issueCounts: { ...sink.counts },
    omittedIssues: sink.total - issues.length,
  };
  return {
    reportId: input.reportId ?? newId('vq'),
    mode: 'quick',
    documentId: input.documentId,
    revision: input.revision,
    createdAt: input.now,
    model: null,
    scope: scoped.scope,
    summary: `Quick check done: ${E} deterministic ${E === 1 ? 'error' : 'errors'}; ${W} quality ${W === 1 ? 'warning' : 'warnings'}, ${S} ${S === 1 ? 'suggestion' : 'suggestions'}.`,
    summaryZh: `快速体检完成：确定性错误 ${E} 个；质量警告 ${W} 个，建议 ${S} 条。`,
    metrics,
    issues,
    warnings: [],
  };
}

/** Gate faults whose one deterministic remedy is deleting the relation. */
const DELETE_EDGE_REMEDY: ReadonlySet<InvariantCode> = new Set(['dangling_edge', 'self_loop']);

function gateIssue(issue: InvariantIssue, lookup: GateLookup) {
  const onEdge = issue.edgeId !== undefined;
  const edge = issue.edgeId === undefined ? undefined : lookup.edgesById.get(issue.edgeId);
  return {
    ...(edge && DELETE_EDGE_REMEDY.has(issue.code) ? { remedies: [deleteEdgeFix(edge)] } : {}),
    code: issue.code,
    severity: 'error' as const,
    blocking: true,
    category: GATE_CATEGORY[issue.code] ?? 'other',
    targetKind: onEdge ? ('edge' as const) : issue.nodeId !== undefined ? ('node' as const) : ('graph' as const),
    targetId: issue.edgeId ?? issue.nodeId ?? null,
    ...gateWords(issue, lookup),
  };
}
