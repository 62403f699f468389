// The semantic merge_node of docs/contracts/verification.md#merge-node, applied to the whole canonical graph (never a reader's window):
// the target inherits an empty quote/paragraph/section from the source and the union of the evidence (≤ 8); every
// edge of the source, wherever it is, is redirected to the target; a redirected edge that becomes a self-loop is
// dropped, one that duplicates an existing `from>to:relation` is folded into it with the union of their evidence.
import type { Evidence, KgNode } from '../schema';
import { MAX_NODE_EVIDENCE, groundNode, type CanonicalSource } from './authenticate';
import type { ChangeTracker } from './tracker';
import type { WorkingGraph } from './working-graph';

export function mergeNode(
  g: WorkingGraph,
  track: ChangeTracker,
  src: CanonicalSource,
  fromId: string,
  intoId: string,
): void {
  const from = g.nodes.get(fromId)!;
  const into = g.nodes.get(intoId)!;
  track.node(fromId);
  track.node(intoId);
  const merged: KgNode = {
    ...into,
    quote: into.quote.trim() ? into.quote : from.quote,
    paragraph: into.paragraph ?? from.paragraph,
    evidence: unionEvidence(into.evidence, from.evidence, MAX_NODE_EVIDENCE),
    ...((into.sectionId ?? from.sectionId) ? { sectionId: into.sectionId ?? from.sectionId } : {}),
  };
  // The target keeps its own type and text, so its entailment judgement stays its own (the source's judged a
  // different text; the seed's SQLite store would borrow it, which the entailment-authority rule forbids).
  g.putNode(groundNode(src, merged, false));

  for (const edge of g.edgesOf(fromId)) {
    track.edge(edge.id);
    const redirected = {
      ...edge,
      fromNodeId: edge.fromNodeId === fromId ? intoId : edge.fromNodeId,
      toNodeId: edge.toNodeId === fromId ? intoId : edge.toNodeId,
    };
    if (redirected.fromNodeId === redirected.toNodeId) {
      g.removeEdge(edge.id);
      continue;
    }
    const twin = g
      .between(redirected.fromNodeId, redirected.toNodeId)
      .find((e) => e.id !== edge.id && e.relation === edge.relation);
    if (twin) {
      track.edge(twin.id);
      g.putEdge({ ...twin, evidence: unionEvidence(twin.evidence, edge.evidence) });
      g.removeEdge(edge.id);
    } else {
      g.putEdge(redirected);
    }
  }
  g.removeNode(fromId);
}

export function unionEvidence(a: readonly Evidence[], b: readonly Evidence[], max = Infinity): Evidence[] {
  const out = [...a];
  for (const e of b) {
    if (out.length >= max) break;
    if (!out.some((x) => x.paragraph === e.paragraph && x.quote === e.quote)) out.push(e);
  }
  return out.slice(0, max);
}
