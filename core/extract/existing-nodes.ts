// Which existing nodes an append's batch shows the model: a bounded, relevant slice sized to the batch, never the
// whole node list, so the prompt of an append to a 5,000-node graph costs about what it costs on a small one. Nodes sharing the most
// distinctive tokens with the batch's units come first (a token carried by more than 5 % of the nodes says little),
// then the most recent nodes (an agent trace grows at its end: its latest nodes are the likeliest to be continued).
import { MAX_EXISTING_NODES_IN_PROMPT } from '../limits';
import type { ContentUnit, KgGraph, NodeType } from '../schema';
import { tokenSet } from '../text/tokens';

export type ExistingNode = { id: string; type: NodeType; text: string };

interface NodeIndex {
  nodes: ExistingNode[];
  postings: Map<string, number[]>;
  /** Tokens in more than this many nodes are not used for ranking. */
  commonAt: number;
}

const indexes = new WeakMap<KgGraph, NodeIndex>();

function indexOf(base: KgGraph): NodeIndex {
  let index = indexes.get(base);
  if (index) return index;
  const nodes = base.nodes.map((n) => ({ id: n.id, type: n.type, text: n.text }));
  const postings = new Map<string, number[]>();
  nodes.forEach((node, i) => {
    for (const token of tokenSet(node.text)) {
      const list = postings.get(token);
      if (list) list.push(i);
      else postings.set(token, [i]);
    }
  });
  index = { nodes, postings, commonAt: Math.max(3, Math.ceil(nodes.length * 0.05)) };
  indexes.set(base, index);
  return index;
}

/** A small batch (an agent's 10 new events) needs few neighbours: four per unit, at least 24, at most the cap. */
export function existingNodeLimit(units: readonly ContentUnit[]): number {
  return Math.min(MAX_EXISTING_NODES_IN_PROMPT, Math.max(24, units.length * 4));
}

export function existingNodesFor(
  base: KgGraph | undefined,
  units: readonly ContentUnit[],
  limit = existingNodeLimit(units),
): ExistingNode[] {
  if (!base || base.nodes.length === 0) return [];
  const index = indexOf(base);
  if (index.nodes.length <= limit) return index.nodes;
  const scores = new Map<number, number>();
  for (const token of tokenSet(units.map((u) => u.text).join(' '))) {
    const list = index.postings.get(token);
    if (!list || list.length > index.commonAt) continue;
    const weight = 1 / list.length;
    for (const i of list) scores.set(i, (scores.get(i) ?? 0) + weight);
  }
  const chosen = [...scores.entries()]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, Math.floor(limit / 2))
    .map(([i]) => i);
  const taken = new Set(chosen);
  for (let i = index.nodes.length - 1; i >= 0 && taken.size < limit; i--) if (!taken.has(i)) taken.add(i);
  // In graph order, so the model reads them as the document runs.
  return [...taken].sort((a, b) => a - b).map((i) => index.nodes[i]);
}
