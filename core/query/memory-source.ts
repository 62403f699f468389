// The candidate source over a graph in memory: the exported graph file (core/export) that the browser's static
// `src` mode loads. Its lexical probe is the same test D1 runs (a probe token inside the node's folded fields), and
// the parity test holds the two sources to the same answers. The graph is treated as immutable once loaded.
import type { GraphExport } from '../export/graph-export';
import type { ContentUnit, KgEdge, KgNode, Mention } from '../schema';
import { parseQueryRequest } from './request';
import { runGraphQuery } from './run';
import {
  compareByParagraph,
  compareEdges,
  compareMentions,
  type EdgeRef,
  type MentionRef,
  type LexicalProbe,
  type NodeFilter,
  type QueryCandidateSource,
  type QueryDocumentInfo,
} from './source';
import { queryHaystack } from './text';
import type { GraphQueryResult, QueryMention } from './types';

/** The parts of an export a query reads. */
export type QueryableGraph = Pick<
  GraphExport,
  'documentId' | 'revision' | 'title' | 'summary' | 'sourceId' | 'chars' | 'sections' | 'units' | 'nodes' | 'edges'
> & {
  /** The concept layer's mentions (core/schema/graph.ts); absent in files without one. */
  mentions?: readonly Mention[];
};

export class MemoryQuerySource implements QueryCandidateSource {
  private readonly nodeById = new Map<string, KgNode>();
  private readonly edgeById = new Map<string, KgEdge>();
  private readonly unitByN = new Map<number, ContentUnit>();
  private readonly outgoing = new Map<string, KgEdge[]>();
  private readonly incoming = new Map<string, KgEdge[]>();
  private sortedEdges: KgEdge[] | null = null;
  private haystacks: string[] | null = null;

  constructor(private readonly graph: QueryableGraph) {
    for (const n of graph.nodes) this.nodeById.set(n.id, n);
    for (const u of graph.units) this.unitByN.set(u.n, u);
    for (const e of graph.edges) {
      this.edgeById.set(e.id, e);
      push(this.outgoing, e.fromNodeId, e);
      push(this.incoming, e.toNodeId, e);
    }
  }

  async document(): Promise<QueryDocumentInfo> {
    const g = this.graph;
    return {
      documentId: g.documentId,
      revision: g.revision,
      title: g.title,
      summary: g.summary,
      sourceId: g.sourceId,
      chars: g.chars,
      unitCount: g.units.length,
      nodeCount: g.nodes.length,
      edgeCount: g.edges.length,
      sections: g.sections,
    };
  }

  async *candidates(_filter: NodeFilter, probe: LexicalProbe | null): AsyncIterable<KgNode[]> {
    // The probe on each node's folded fields (computed once per node, kept for later queries), exactly as D1 does on
    // nodes.query_text; the algorithm applies the filters and scores what passes.
    if (!probe) {
      yield this.graph.nodes;
      return;
    }
    this.haystacks ??= this.graph.nodes.map(queryHaystack);
    const sections = new Set(probe.sectionIds);
    const hay = this.haystacks;
    yield this.graph.nodes.filter(
      (n, i) =>
        (n.sectionId !== undefined && sections.has(n.sectionId)) || probe.tokens.some((t) => hay[i].includes(t)),
    );
  }

  async nodesById(ids: readonly string[]) {
    return ids.map((id) => this.nodeById.get(id)).filter((n): n is KgNode => n !== undefined);
  }

  async relationEndpoints(relations: readonly string[], maxEndpoints: number) {
    this.sortedEdges ??= [...this.graph.edges].sort(compareEdges);
    const ids: string[] = [];
    const seen = new Set<string>();
    let edgeCount = 0;
    for (const e of this.sortedEdges) {
      if (!relations.includes(e.relation)) continue;
      edgeCount++;
      for (const id of [e.fromNodeId, e.toNodeId]) {
        if (ids.length < maxEndpoints && !seen.has(id)) {
          seen.add(id);
          ids.push(id);
        }
      }
    }
    return { ids, edgeCount };
  }

  async neighbours(
    frontier: readonly string[],
    direction: 'both' | 'in' | 'out',
    relations: readonly string[],
    exclude: readonly string[],
    limit: number,
  ) {
    const skip = new Set(exclude);
    const found = new Map<string, KgNode>();
    const take = (e: KgEdge, other: string) => {
      if (relations.length && !relations.includes(e.relation)) return;
      const node = this.nodeById.get(other);
      if (node && !skip.has(other)) found.set(other, node);
    };
    for (const id of frontier) {
      if (direction !== 'in') for (const e of this.outgoing.get(id) ?? []) take(e, e.toNodeId);
      if (direction !== 'out') for (const e of this.incoming.get(id) ?? []) take(e, e.fromNodeId);
    }
    return [...found.values()]
      .sort(compareByParagraph)
      .slice(0, Math.max(0, limit))
      .map((n) => n.id);
  }

  async edgesAmong(
    ids: readonly string[],
    direct: readonly string[],
    relations: readonly string[],
    limit: number,
  ): Promise<EdgeRef[]> {
    const inside = new Set(ids);
    const first = new Set(direct);
    const out: KgEdge[] = [];
    for (const id of inside) {
      for (const e of this.outgoing.get(id) ?? []) {
        if (inside.has(e.toNodeId) && (!relations.length || relations.includes(e.relation))) out.push(e);
      }
    }
    const touches = (e: KgEdge) => (first.has(e.fromNodeId) || first.has(e.toNodeId) ? 0 : 1);
    return out.sort((a, b) => touches(a) - touches(b) || compareEdges(a, b)).slice(0, Math.max(0, limit));
  }

  async mentionsOf(conceptIds: readonly string[], limit: number): Promise<MentionRef[]> {
    const wanted = new Set(conceptIds);
    return (this.graph.mentions ?? [])
      .filter((m) => wanted.has(m.conceptId))
      .sort((a, b) => compareMentions(a, b, true))
      .slice(0, Math.max(0, limit))
      .map((m) => ({ id: m.id, nodeId: m.nodeId, conceptId: m.conceptId, term: m.term }));
  }

  async mentionsAmong(ids: readonly string[], limit: number): Promise<QueryMention[]> {
    const inside = new Set(ids);
    return (this.graph.mentions ?? [])
      .filter((m) => inside.has(m.nodeId) && inside.has(m.conceptId) && m.evidence.length > 0)
      .sort((a, b) => compareMentions(a, b))
      .slice(0, Math.max(0, limit))
      .map((m) => ({
        id: m.id,
        nodeId: m.nodeId,
        conceptId: m.conceptId,
        term: m.term,
        paragraph: m.evidence[0].paragraph,
        quote: m.evidence[0].quote,
      }));
  }

  async nodes(ids: readonly string[]) {
    return this.nodesById(ids);
  }

  async edges(ids: readonly string[]) {
    return ids.map((id) => this.edgeById.get(id)).filter((e): e is KgEdge => e !== undefined);
  }

  async units(paragraphs: readonly number[]) {
    return paragraphs.map((n) => this.unitByN.get(n)).filter((u): u is ContentUnit => u !== undefined);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The browser's graph query (static `src` mode): the same validation and algorithm as POST /api/documents/:id/query,
 * over the loaded export. `request` is the raw body the server would get; typed KgErrors for bad input.
 */
export async function queryExportedGraph(graph: QueryableGraph, request: unknown): Promise<GraphQueryResult> {
  const parsed = parseQueryRequest(request);
  let source = sources.get(graph);
  if (!source) {
    source = new MemoryQuerySource(graph);
    sources.set(graph, source);
  }
  return runGraphQuery(source, parsed);
}

/** One source per loaded graph object: its indexes and folded fields are built once, not per query. */
const sources = new WeakMap<QueryableGraph, MemoryQuerySource>();
