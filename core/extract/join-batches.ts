// One accepted batch from a batch's first answer and the answer of its coverage retry (coverage.ts). Both answers
// number their nodes from n1, so the retry's batch-local ids are renamed apart before they join; the merger
// renumbers every id afterwards anyway.
import type { AcceptedBatch } from './gate';

export function joinBatches(first: AcceptedBatch, retry: AcceptedBatch): AcceptedBatch {
  const taken = new Set(first.nodes.map((n) => n.id));
  const renamed = new Map<string, string>();
  for (const node of retry.nodes) {
    let id = `retry-${node.id}`;
    while (taken.has(id)) id = `retry-${id}`;
    taken.add(id);
    renamed.set(node.id, id);
  }
  // Ids the retry does not define are nodes already in the graph (append): they keep their id.
  const rename = (id: string) => renamed.get(id) ?? id;
  return {
    batchIndex: first.batchIndex,
    summary: [first.summary.trim(), retry.summary.trim()].filter(Boolean).join(' '),
    nodes: [...first.nodes, ...retry.nodes.map((n) => ({ ...n, id: rename(n.id) }))],
    edges: [
      ...first.edges,
      ...retry.edges.map((e) => ({ ...e, fromNodeId: rename(e.fromNodeId), toNodeId: rename(e.toNodeId) })),
    ],
    repairs: [
      ...first.repairs,
      ...retry.repairs.map((r) => ({ ...r, ref: r.target === 'node' ? rename(r.ref) : `retry-${r.ref}` })),
    ],
    dropped: [
      ...first.dropped,
      ...retry.dropped.map((d) => ({ ...d, fromNodeId: rename(d.fromNodeId), toNodeId: rename(d.toNodeId) })),
    ],
    unresolved: [...first.unresolved, ...retry.unresolved.map(rename)],
  };
}
