// Where a verification issue points, in the workbench: its relation's id (our edges have ids; reports may name them
// `from>to`), showing its node or relation with its unit (loading it by query when outside the current view), and
// the detail card kept true after a fix changed the graph.
import type { Issue } from '../verify-panel/report';
import type { ShownDocument, WorkbenchContext } from '../workbench/context';

/** The id of an edge target among the shown edges: by id, else by `from>to` (or `from>to:relation`). */
export function edgeIdOf(doc: Pick<ShownDocument, 'graph'>, issue: Pick<Issue, 'targetId' | 'edgeKey'>): string | null {
  const edges = doc.graph?.edges ?? [];
  if (edges.some((e) => e.id === issue.targetId)) return issue.targetId;
  const key = issue.edgeKey ?? issue.targetId ?? '';
  return (
    edges.find((e) => `${e.fromNodeId}>${e.toNodeId}` === key || `${e.fromNodeId}>${e.toNodeId}:${e.relation}` === key)
      ?.id ?? issue.targetId
  );
}

/** Selects the issue's node (its card open) or relation, flashes it in the graph and reveals its first unit. */
export async function showIssueTarget(ctx: WorkbenchContext, issue: Issue): Promise<void> {
  const { doc, selection, panes } = ctx;
  const inView = (id: string) => doc.graph?.nodes.some((n) => n.id === id) ?? false;
  if (issue.targetKind === 'node' && issue.targetId) {
    const id = issue.targetId;
    if (!inView(id)) await doc.search(id);
    selection.selectNode(id);
    void ctx.updateComplete.then(() => panes.focusNodes([id]));
  } else if (issue.targetKind === 'edge' && issue.targetId) {
    let edge = doc.graph?.edges.find((e) => e.id === edgeIdOf(doc, issue));
    if (!edge) {
      // Outside the view: load the neighbourhood of its source node, where the relation is.
      await doc.search((issue.edgeKey ?? issue.targetId).split('>')[0]);
      edge = doc.graph?.edges.find((e) => e.id === edgeIdOf(doc, issue));
    }
    if (edge) {
      const { fromNodeId, toNodeId } = edge;
      selection.selectEdge(edge);
      void ctx.updateComplete.then(() => panes.focusNodes([fromNodeId, toNodeId]));
    }
  }
  const unit = issue.units[0] ?? issue.evidence[0]?.paragraph;
  if (unit !== undefined) void panes.revealUnit(unit);
  panes.scrollToGraph();
}

/** The open detail card shows the new revision's node or relation, or closes when the fix removed it. */
export function refreshCard(ctx: Pick<WorkbenchContext, 'doc' | 'selection'>): void {
  const { doc, selection } = ctx;
  const card = selection.card;
  if (card?.kind === 'node') {
    if (doc.known.has(card.node.id)) selection.selectNode(card.node.id, { reveal: false });
    else selection.clear();
  } else if (card?.kind === 'edge') {
    const edge = doc.graph?.edges.find((e) => e.id === card.edge.id);
    if (edge) selection.selectEdge(edge);
    else selection.clear();
  }
}
