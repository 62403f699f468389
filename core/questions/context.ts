// What a question shows the model (docs/contracts/questions.md#context-and-answer): for a node, its unit (the quote's unit when it has none)
// and the units on either side; for a relation, the units of both ends and of its evidence; for the whole graph,
// the leading units up to about 5,000 characters. Plus the subgraph of those units: their nodes, the target's own
// nodes and the relations among them.
import { KgError } from '../errors';
import type { ContentUnit, KgEdge, KgGraph, KgNode } from '../schema';
import { QuoteLocator } from '../verify/locate';

export type QuestionTarget = { kind: 'node'; id: string } | { kind: 'edge'; id: string } | { kind: 'graph' };

export const GRAPH_CONTEXT_CHARS = 5_000;
/** Nodes in a question's subgraph (the target's own nodes always included). */
export const MAX_CONTEXT_NODES = 80;

export interface QuestionContext {
  target: QuestionTarget;
  /** How the prompt names the target. */
  label: string;
  units: ContentUnit[];
  nodes: KgNode[];
  edges: KgEdge[];
  /** The target edge resolved (its id and `from>to`), when the target is an edge. */
  edge?: KgEdge;
}

/** `units` are all the document's units, numbered 1..n. Throws not_found when the target does not exist. */
export function questionContext(
  graph: KgGraph,
  units: readonly ContentUnit[],
  target: QuestionTarget,
): QuestionContext {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const locator = new QuoteLocator(units);
  const unitOf = (node: KgNode): number | null =>
    locator.unit(node.paragraph)
      ? node.paragraph
      : (node.evidence[0]?.paragraph ?? locator.locate(node.quote, null)?.paragraph ?? null);
  const wanted = new Set<number>();
  const own: KgNode[] = [];
  let label: string;
  let edge: KgEdge | undefined;
  if (target.kind === 'node') {
    const node = byId.get(target.id);
    if (!node) throw new KgError('not_found', `No node "${target.id}" in this revision.`);
    own.push(node);
    const p = unitOf(node);
    if (p !== null) for (const n of [p - 1, p, p + 1]) wanted.add(n);
    label = `node ${node.id} (${node.type}): ${JSON.stringify(node.text.slice(0, 200))}`;
  } else if (target.kind === 'edge') {
    edge = findEdge(graph.edges, target.id);
    if (!edge) throw new KgError('not_found', `No relation "${target.id}" in this revision.`);
    for (const id of [edge.fromNodeId, edge.toNodeId]) {
      const node = byId.get(id);
      if (!node) continue;
      own.push(node);
      const p = unitOf(node);
      if (p !== null) wanted.add(p);
    }
    for (const ev of edge.evidence) wanted.add(ev.paragraph);
    label = `relation ${edge.fromNodeId}>${edge.toNodeId} (${edge.relation}, id ${edge.id})`;
  } else {
    let chars = 0;
    for (const u of units) {
      if (chars > 0 && chars + u.text.length > GRAPH_CONTEXT_CHARS) break;
      wanted.add(u.n);
      chars += u.text.length;
    }
    label = 'the whole graph';
  }
  const contextUnits = [...wanted]
    .filter((n) => locator.unit(n))
    .sort((a, b) => a - b)
    .map((n) => units[n - 1]);
  const ownIds = new Set(own.map((n) => n.id));
  const nodes = [...own];
  for (const node of graph.nodes) {
    if (nodes.length >= MAX_CONTEXT_NODES) break;
    if (ownIds.has(node.id)) continue;
    if (node.paragraph === null || !locator.unit(node.paragraph) || wanted.has(node.paragraph)) nodes.push(node);
  }
  const ids = new Set(nodes.map((n) => n.id));
  const edges = graph.edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId));
  return { target, label, units: contextUnits, nodes, edges, ...(edge ? { edge } : {}) };
}

/** An edge by its id, or by the seed's `from>to` (the first such edge). */
export function findEdge(edges: readonly KgEdge[], id: string): KgEdge | undefined {
  const exact = edges.find((e) => e.id === id);
  if (exact) return exact;
  const parts = id.split('>');
  return parts.length === 2 ? edges.find((e) => e.fromNodeId === parts[0] && e.toNodeId === parts[1]) : undefined;
}
