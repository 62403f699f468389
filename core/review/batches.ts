// Review batches (docs/contracts/verification.md#model-review): consecutive units grouped to about 2,500 characters, each batch reviewing
// the nodes anchored in it and the relations among them. Batches without nodes are dropped, nodes without a valid
// unit join the first batch, and a batch of more than 12 nodes is split into chunks of 12. Unlike the seed (units
// with the first chunk only), every chunk carries its units: a chunk's issues must cite quotes the model was shown.
import type { ContentUnit, KgEdge, KgNode } from '../schema';

export const REVIEW_BATCH_CHARS = 2_500;
export const REVIEW_BATCH_NODES = 12;
/** The most nodes one review covers (the seed's MAX_VERIFY_NODES); a larger graph is reviewed by scope. */
export const MAX_REVIEW_NODES = 800;

export interface ReviewBatch {
  /** 1-based, in document order. */
  index: number;
  units: ContentUnit[];
  nodes: KgNode[];
  edges: KgEdge[];
}

export function reviewBatches(
  units: readonly ContentUnit[],
  nodes: readonly KgNode[],
  edges: readonly KgEdge[],
): ReviewBatch[] {
  const groups: ContentUnit[][] = [];
  let current: ContentUnit[] = [];
  let chars = 0;
  for (const unit of units) {
    if (current.length > 0 && chars + unit.text.length > REVIEW_BATCH_CHARS) {
      groups.push(current);
      current = [];
      chars = 0;
    }
    current.push(unit);
    chars += unit.text.length;
  }
  if (current.length) groups.push(current);

  const groupOf = new Map<number, number>();
  groups.forEach((g, i) => g.forEach((u) => groupOf.set(u.n, i)));
  const nodesOf: KgNode[][] = groups.map(() => []);
  const unplaced: KgNode[] = [];
  for (const node of nodes) {
    const g = node.paragraph === null ? undefined : groupOf.get(node.paragraph);
    if (g === undefined) unplaced.push(node);
    else nodesOf[g].push(node);
  }
  if (unplaced.length) {
    if (!groups.length) {
      groups.push([]);
      nodesOf.push([]);
    }
    nodesOf[0].unshift(...unplaced);
  }

  const batches: ReviewBatch[] = [];
  groups.forEach((group, g) => {
    const list = nodesOf[g];
    for (let at = 0; at < list.length; at += REVIEW_BATCH_NODES) {
      const chunk = list.slice(at, at + REVIEW_BATCH_NODES);
      const ids = new Set(chunk.map((n) => n.id));
      batches.push({
        index: batches.length + 1,
        units: group,
        nodes: chunk,
        edges: edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId)),
      });
    }
  });
  return batches;
}
