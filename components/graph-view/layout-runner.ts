// Runs the layouts of core/layout for the graph view and keeps one result per algorithm for the current data, so
// switching back to a layout is instant. 'layered' comes from the server through the embedder's callback; without
// one (or when it fails) the view falls back to the client force layout. Mentions (issue 25) go to every layout as
// light links (core/layout MENTION_LINK: placed near, never labelled), those that place a relation-less concept
// only (layeringEdges); a node's box grows with its degree (relations + mentions, core/layout sizeForDegree).
// Direct imports, not the core/layout index: the index would bring every layout (and d3-force) into the first load.
import { placeEdgeLabels } from '../../core/layout/labels';
import { layeringEdges } from '../../core/layout/prepare';
import { MENTION_LINK } from '../../core/layout/relations';
import { nodeSize, sizeForDegree, type NodeSize } from '../../core/layout/text-size';
import type { LayoutAlgorithm, LayoutGraph, LayoutResult } from '../../core/layout/types';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { KgEdge, KgNode, Mention } from '../../core/schema/graph';
import { pairKey } from './scene';

/** The layout edge id of a mention (apart from the relations' ids). */
export const mentionLinkId = (id: string): string => `mention:${id}`;

type SizedBox = NodeSize & { inset: number };

export type LayeredLayout = (graph: LayoutGraph, signal: AbortSignal) => Promise<LayoutResult>;

export interface LayoutOutcome {
  result: LayoutResult;
  /** The algorithm that produced the result (differs from the one asked for after a fallback). */
  algorithm: LayoutAlgorithm;
  fellBack: boolean;
  /** For a client layout: how long it took (ms) and whether it ran in the layout worker or on the page's thread. */
  ms?: number;
  thread?: 'worker' | 'page';
}

export class LayoutRunner {
  private nodes = new Map<string, KgNode>();
  /** Edges whose two ends exist, as layouts see them. */
  edges: LayoutGraph['edges'] = [];
  /** Mentions whose two ends exist, as light layout links (id: mentionLinkId). */
  mentionLinks: LayoutGraph['edges'] = [];
  /** Relations + mentions at each node. */
  readonly degree = new Map<string, number>();
  /** Concepts from outside the window (GraphView.concepts). */
  private readonly outside = new Set<string>();
  private sizes = new Map<string, SizedBox>();
  private sized: LayoutGraph | null = null;
  private cache = new Map<LayoutAlgorithm, LayoutOutcome>();
  private abort: AbortController | null = null;
  private generation = 0;
  private maxLines: number | undefined;

  /** New data: forgets the sizes and results of the old data. Nodes are sized lazily (core/layout nodeSize), so a
   * precomputed layout can be drawn after sizing only the nodes its first frame shows. */
  setData(
    nodes: readonly KgNode[],
    edges: readonly KgEdge[],
    maxLines?: number,
    mentions: readonly Mention[] = [],
    concepts: readonly KgNode[] = [],
  ): void {
    this.maxLines = maxLines;
    this.abort?.abort();
    this.abort = null;
    this.generation++;
    this.cache.clear();
    this.sizes.clear();
    this.sized = null;
    this.nodes = new Map();
    for (const n of nodes) if (!this.nodes.has(n.id)) this.nodes.set(n.id, n);
    this.outside.clear();
    for (const n of concepts) {
      if (this.nodes.has(n.id)) continue;
      this.nodes.set(n.id, n);
      this.outside.add(n.id);
    }
    this.degree.clear();
    const count = (id: string) => this.degree.set(id, (this.degree.get(id) ?? 0) + 1);
    this.edges = [];
    for (const e of edges) {
      if (!this.nodes.has(e.fromNodeId) || !this.nodes.has(e.toNodeId)) continue;
      this.edges.push({ id: e.id, source: e.fromNodeId, target: e.toNodeId, label: e.relation });
      count(e.fromNodeId);
      count(e.toNodeId);
    }
    this.mentionLinks = [];
    // As the scene: a mention beside a relation of the same two nodes is not drawn, placed or counted.
    const related = new Set(this.edges.map((e) => pairKey(e.source, e.target)));
    for (const m of mentions) {
      if (!this.nodes.has(m.nodeId) || !this.nodes.has(m.conceptId) || m.nodeId === m.conceptId) continue;
      if (related.has(pairKey(m.nodeId, m.conceptId))) continue;
      this.mentionLinks.push({ id: mentionLinkId(m.id), source: m.nodeId, target: m.conceptId, label: MENTION_LINK });
      count(m.nodeId);
      count(m.conceptId);
    }
  }

  /** The layout input: every node with its measured box, every relation with its name as label, then every
   * mention as a light link. */
  get graph(): LayoutGraph {
    if (!this.sized) {
      const nodes: LayoutGraph['nodes'] = [];
      for (const n of this.nodes.values()) {
        const size = this.sizeOf(n);
        // The box is measured here; the label only names the node (POST /api/layout takes at most 200 characters).
        nodes.push({ id: n.id, width: size.width, height: size.height, label: n.text.slice(0, 200), type: n.type });
      }
      this.sized = { nodes, edges: this.mentionLinks.length ? [...this.edges, ...this.mentionLinks] : this.edges };
    }
    return this.sized;
  }

  /** What every layout places (the server's layered one and the client ones): the relations and only the mentions
   * that place a relation-less concept (core/layout layeringEdges; the rest are drawn straight), so each layout's
   * budget and time stay about those of the relations. Given every mention, the force layout of a 400-node sample
   * took 50x as long (mentions join the relation components into one). */
  get layeredGraph(): LayoutGraph {
    const g = this.graph;
    if (!this.mentionLinks.length) return g;
    // A full window plus the concepts outside it would pass the server's node limit (GRAPH_VIEW_LIMIT): the outside
    // concepts beyond it are left out, and the scene places them under the statements naming them.
    let nodes = g.nodes;
    if (nodes.length > GRAPH_VIEW_LIMIT) {
      let room = GRAPH_VIEW_LIMIT - (nodes.length - this.outside.size);
      nodes = nodes.filter((n) => !this.outside.has(n.id) || room-- > 0);
    }
    const kept = new Set(nodes.map((n) => n.id));
    const edges = layeringEdges(g.edges).filter((e) => kept.has(e.source) && kept.has(e.target));
    return { nodes, edges };
  }

  /** The wrapped lines of a node (at most `maxLines`, default 4, with an ellipsis when clipped). */
  readonly linesOf = (id: string): readonly string[] => {
    const n = this.nodes.get(id);
    return n ? this.sizeOf(n).lines : [];
  };

  /** How far a node's lines are drawn inside its box (its degree's growth, core/layout degreeInset). */
  readonly insetOf = (id: string): number => {
    const n = this.nodes.get(id);
    return n ? this.sizeOf(n).inset : 0;
  };

  private sizeOf(n: KgNode): SizedBox {
    let size = this.sizes.get(n.id);
    if (!size) {
      size = sizeForDegree(nodeSize(n.text, n.type, this.maxLines), this.degree.get(n.id) ?? 0);
      this.sizes.set(n.id, size);
    }
    return size;
  }

  private centre: string | null = null;

  /** The radial layout's centre (the selected node); a new one drops the radial result. True when it changed. */
  setCentre(id: string | null): boolean {
    if (id === this.centre) return false;
    this.centre = id;
    this.cache.delete('radial');
    return true;
  }

  cached(algorithm: LayoutAlgorithm): LayoutOutcome | undefined {
    return this.cache.get(algorithm);
  }

  /** Drops the result of `algorithm`, so the next compute asks again. */
  forget(algorithm: LayoutAlgorithm): void {
    this.cache.delete(algorithm);
  }

  /** Stores a result computed elsewhere (a precomputed or server layout); places its edge labels if it has none. */
  provide(algorithm: LayoutAlgorithm, result: LayoutResult): LayoutOutcome {
    const labelled =
      result.edges.length === 0 || result.edges.some((e) => e.label) ? result : placeEdgeLabels(result, this.graph);
    const outcome = { result: labelled, algorithm, fellBack: false };
    this.cache.set(algorithm, outcome);
    return outcome;
  }

  /** Computes `algorithm` for the current data. Resolves to null when newer data or a newer request overtook it. */
  async compute(algorithm: LayoutAlgorithm, layered?: LayeredLayout): Promise<LayoutOutcome | null> {
    const hit = this.cache.get(algorithm);
    if (hit) return hit;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const generation = this.generation;
    const stale = () => abort.signal.aborted || generation !== this.generation;
    if (algorithm === 'layered') {
      if (layered) {
        try {
          const result = await layered(this.layeredGraph, abort.signal);
          if (stale()) return null;
          return this.provide('layered', result);
        } catch (error) {
          if (stale()) return null;
          console.warn('kg-graph-view: the layered layout failed, using force', error);
        }
      }
      const force = this.cache.get('force') ?? (await this.runClient('force', stale));
      if (!force || stale()) return null;
      const outcome = { ...force, fellBack: true };
      this.cache.set('layered', outcome);
      return outcome;
    }
    return this.runClient(algorithm, stale);
  }

  private async runClient(
    algorithm: Exclude<LayoutAlgorithm, 'layered'>,
    stale: () => boolean,
  ): Promise<LayoutOutcome | null> {
    // The client layouts and their worker come in a chunk of their own on first use (layout-worker-client.ts); the
    // layout runs off the page's thread where the page allows a worker.
    const { runClientLayout } = await import('./layout-worker-client');
    if (stale()) return null;
    const graph =
      algorithm === 'radial' && this.centre ? { ...this.layeredGraph, centre: this.centre } : this.layeredGraph;
    const { result, ms, thread } = await runClientLayout(algorithm, graph);
    if (stale()) return null;
    const outcome = { result, algorithm, fellBack: false, ms, thread };
    this.cache.set(algorithm, outcome);
    return outcome;
  }
}
