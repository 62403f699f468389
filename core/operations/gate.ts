// The commit gate: the whole-graph invariant gate (core/invariants.ts, the one an extraction passes) on the result,
// plus the seed's `node_unanchored` rule for what the operations wrote (an edited or added node must be locatable:
// a quote found in the source or a valid unit). Any error refuses the whole commit with invariant_violation.
import { KgError } from '../errors';
import { checkGraph } from '../invariants';
import type { KgGraph } from '../schema';
import type { CanonicalSource } from './authenticate';

export interface GateIssue {
  code: string;
  targetKind: 'node' | 'edge' | 'graph';
  targetId: string | null;
  title: string;
}

/** At most this many issues travel with the refusal (docs/contracts/verification.md#commit-gate). */
const MAX_REPORTED = 20;

export function gateIssues(graph: KgGraph, touchedNodeIds: ReadonlySet<string>, src: CanonicalSource): GateIssue[] {
  const issues: GateIssue[] = [];
  for (const node of graph.nodes) {
    if (node.paragraph === null && touchedNodeIds.has(node.id)) {
      issues.push({
        code: 'node_unanchored',
        targetKind: 'node',
        targetId: node.id,
        title: `Node ${node.id} has neither a quote found in the source nor a valid unit.`,
      });
    }
  }
  const report = checkGraph(graph, { documentId: src.documentId, units: src.units, maxIssues: MAX_REPORTED });
  for (const e of report.errors) {
    issues.push({
      code: e.code,
      targetKind: e.nodeId ? 'node' : e.edgeId ? 'edge' : 'graph',
      targetId: e.nodeId ?? e.edgeId ?? null,
      title: e.message,
    });
  }
  return issues.slice(0, MAX_REPORTED);
}

export function assertCommittable(graph: KgGraph, touchedNodeIds: ReadonlySet<string>, src: CanonicalSource): void {
  const issues = gateIssues(graph, touchedNodeIds, src);
  if (issues.length > 0) {
    throw new KgError(
      'invariant_violation',
      `${issues.length} blocking issue(s), first: ${issues[0].code} (${issues[0].targetId ?? 'graph'}).`,
      { issues },
    );
  }
}
