// A read-only index over one revision's graph, built once per round and shared by the analyzers and attribution:
// lookups, incident edges, chain families, weakly connected components ("is there any path between them?").
import type { KgEdge, KgGraph, KgNode, Section } from '../schema';
import { nodeFamilies, type ChainFamily } from './chains';
import { tokenSet } from '../text/tokens';

export interface GraphIndex {
  readonly graph: KgGraph;
  readonly sections: readonly Section[];
  readonly nodeById: ReadonlyMap<string, KgNode>;
  readonly edgeById: ReadonlyMap<string, KgEdge>;
  /** Position of the node in graph.nodes (document order; later ids are newer). */
  readonly ordinal: ReadonlyMap<string, number>;
  readonly incident: ReadonlyMap<string, readonly KgEdge[]>;
  readonly family: ReadonlyMap<string, ChainFamily>;
  /** Weakly connected component of each node: two nodes have a path between them iff the ids are equal. */
  readonly component: ReadonlyMap<string, number>;
  readonly sectionById: ReadonlyMap<string, Section>;
  /** Token set of a node's text (memoised). */
  tokens(nodeId: string): ReadonlySet<string>;
}

const NO_EDGES: readonly KgEdge[] = Object.freeze([]);

export function indexGraph(graph: KgGraph, sections: readonly Section[] = []): GraphIndex {
  const nodeById = new Map(graph.nodes.map((n) => [n.id, n] as const));
  const edgeById = new Map(graph.edges.map((e) => [e.id, e] as const));
  const ordinal = new Map(graph.nodes.map((n, i) => [n.id, i] as const));
  const incident = new Map<string, KgEdge[]>();
  for (const e of graph.edges) {
    for (const id of [e.fromNodeId, e.toNodeId]) {
      const list = incident.get(id);
      if (list) list.push(e);
      else incident.set(id, [e]);
    }
  }
  const component = components(graph);
  const memo = new Map<string, Set<string>>();
  return {
    graph,
    sections,
    nodeById,
    edgeById,
    ordinal,
    incident,
    family: nodeFamilies(graph.nodes, graph.edges),
    component,
    sectionById: new Map(sections.map((s) => [s.id, s] as const)),
    tokens(nodeId) {
      let set = memo.get(nodeId);
      if (!set) {
        set = tokenSet(nodeById.get(nodeId)?.text ?? '');
        memo.set(nodeId, set);
      }
      return set;
    },
  };
}

export function edgesOf(index: GraphIndex, nodeId: string): readonly KgEdge[] {
  return index.incident.get(nodeId) ?? NO_EDGES;
}

/** The other end of an edge. */
export function otherEnd(edge: KgEdge, nodeId: string): string {
  return edge.fromNodeId === nodeId ? edge.toNodeId : edge.fromNodeId;
}

function components(graph: KgGraph): Map<string, number> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    while (parent.get(x) !== root) {
      const next = parent.get(x)!;
      parent.set(x, root);
      x = next;
    }
    return root;
  };
  for (const n of graph.nodes) parent.set(n.id, n.id);
  for (const e of graph.edges) {
    if (!parent.has(e.fromNodeId) || !parent.has(e.toNodeId)) continue;
    const a = find(e.fromNodeId);
    const b = find(e.toNodeId);
    if (a !== b) parent.set(a, b);
  }
  const ids = new Map<string, number>();
  const out = new Map<string, number>();
  for (const n of graph.nodes) {
    const root = find(n.id);
    if (!ids.has(root)) ids.set(root, ids.size);
    out.set(n.id, ids.get(root)!);
  }
  return out;
}

/**
 * A node's confidence: the extractor's own value when it gave one; otherwise derived from what the engine verified
 * (an authenticated quote 0.8, or 0.9 once entailment is verified; an anchor without a quote 0.5; a quote that
 * does not entail the text 0.2). A node whose quote could not be authenticated has no known confidence.
 */
export function nodeConfidence(node: KgNode): number | undefined {
  if (node.confidence !== undefined) return node.confidence;
  if (node.entailmentStatus === 'unsupported') return 0.2;
  switch (node.groundingStatus) {
    case 'grounded':
      return node.entailmentStatus === 'verified' ? 0.9 : 0.8;
    case 'candidate':
      return 0.5;
    default:
      return undefined;
  }
}
