// A mutable copy of a whole graph with the indexes operations need (node and edge by id, edges per node), so an
// operation costs the size of what it touches, not the size of a book-scale graph.
import type { KgEdge, KgGraph, KgNode } from '../schema';

export class WorkingGraph {
  summary: string;
  readonly nodes: Map<string, KgNode>;
  readonly edges: Map<string, KgEdge>;
  /** Node id → ids of the edges that start or end at it. */
  private readonly incident = new Map<string, Set<string>>();

  constructor(graph: KgGraph) {
    this.summary = graph.summary;
    this.nodes = new Map(graph.nodes.map((n) => [n.id, n]));
    this.edges = new Map();
    for (const edge of graph.edges) this.putEdge(edge);
  }

  edgesOf(nodeId: string): KgEdge[] {
    return [...(this.incident.get(nodeId) ?? [])].map((id) => this.edges.get(id)!);
  }

  /** Edges from → to in canonical order (parallel edges differ by relation). */
  between(fromNodeId: string, toNodeId: string): KgEdge[] {
    return this.edgesOf(fromNodeId).filter((e) => e.fromNodeId === fromNodeId && e.toNodeId === toNodeId);
  }

  putNode(node: KgNode): void {
    this.nodes.set(node.id, node);
  }

  /** Removes the node only; callers remove or redirect its edges first. */
  removeNode(id: string): void {
    this.nodes.delete(id);
    this.incident.delete(id);
  }

  putEdge(edge: KgEdge): void {
    const old = this.edges.get(edge.id);
    if (old) this.unlink(old);
    this.edges.set(edge.id, edge);
    for (const end of [edge.fromNodeId, edge.toNodeId]) {
      let set = this.incident.get(end);
      if (!set) {
        set = new Set();
        this.incident.set(end, set);
      }
      set.add(edge.id);
    }
  }

  removeEdge(id: string): void {
    const old = this.edges.get(id);
    if (!old) return;
    this.unlink(old);
    this.edges.delete(id);
  }

  toGraph(): KgGraph {
    return { summary: this.summary, nodes: [...this.nodes.values()], edges: [...this.edges.values()] };
  }

  private unlink(edge: KgEdge): void {
    this.incident.get(edge.fromNodeId)?.delete(edge.id);
    this.incident.get(edge.toNodeId)?.delete(edge.id);
  }
}
