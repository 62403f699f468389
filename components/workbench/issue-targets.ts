// Where a verification issue points, in the workbench: its relation's id (our edges have ids; the seed names them
// `from>to`), showing its node or relation with its unit (loading it by query when outside the current view), and
// the detail card kept true after a fix changed the graph.
import type { Issue } from '../verify-panel/report';
import type { KgWorkbench } from './workbench';

/** The id of an edge target among the shown edges: by id, else by `from>to` (or `from>to:relation`). */
export function edgeIdOf(wb: KgWorkbench, issue: Pick<Issue, 'targetId' | 'edgeKey'>): string | null {
  const edges = wb.doc.graph?.edges ?? [];
  if (edges.some((e) => e.id === issue.targetId)) return issue.targetId;
  const key = issue.edgeKey ?? issue.targetId ?? '';
  return (
    edges.find((e) => `${e.fromNodeId}>${e.toNodeId}` === key || `${e.fromNodeId}>${e.toNodeId}:${e.relation}` === key)
      ?.id ?? issue.targetId
  );
}

/** Selects the issue's node (its card open) or relation, flashes it in the graph and reveals its first unit. */
export async function showIssueTarget(wb: KgWorkbench, issue: Issue): Promise<void> {
  const { doc, selection } = wb;
  const inView = (id: string) => doc.graph?.nodes.some((n) => n.id === id) ?? false;
  if (issue.targetKind === 'node' && issue.targetId) {
    const id = issue.targetId;
    if (!inView(id)) await doc.search(id);
    selection.selectNode(id);
    void wb.updateComplete.then(() => wb.graphView?.focusNodes([id], { flash: true }));
  } else if (issue.targetKind === 'edge' && issue.targetId) {
    let edge = doc.graph?.edges.find((e) => e.id === edgeIdOf(wb, issue));
    if (!edge) {
      // Outside the view: load the neighbourhood of its source node, where the relation is.
      await doc.search((issue.edgeKey ?? issue.targetId).split('>')[0]);
      edge = doc.graph?.edges.find((e) => e.id === edgeIdOf(wb, issue));
    }
    if (edge) {
      const { fromNodeId, toNodeId } = edge;
      selection.selectEdge(edge);
      void wb.updateComplete.then(() => wb.graphView?.focusNodes([fromNodeId, toNodeId], { flash: true }));
    }
  }
  const unit = issue.units[0] ?? issue.evidence[0]?.paragraph;
  if (unit !== undefined) void wb.sourcePane?.reveal(unit);
  wb.renderRoot.querySelector('.graph-pane')?.scrollIntoView({ block: 'nearest' });
}

/** The open detail card shows the new revision's node or relation, or closes when the fix removed it. */
export function refreshCard(wb: KgWorkbench): void {
  const { doc, selection } = wb;
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
