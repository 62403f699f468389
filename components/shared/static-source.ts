// A document read from an exported graph file (<kg-workbench src="graph.json">): windows, queries and units are
// answered in memory with the same rules as the server (core/export/graph-export.ts defines the file).
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { KgNode, Mention } from '../../core/schema';
import { matchesSearch, searchQuery } from '../../core/search';
import { NODE_TYPES } from '../../core/schema/vocabulary';
import type { GraphPage } from './api-client';
import type { DocumentInfo, DocumentSource, GraphQuery } from './document-source';
import { groundedOf } from './document-source';
import {
  assertGraphExport,
  edgesCsv,
  isGraphFileFormat,
  mentionsCsv,
  nodesCsv,
  type ExportFormat,
  type GraphExport,
} from '../../core/export/graph-export';

export async function loadGraphFile(url: string, signal?: AbortSignal): Promise<GraphExport> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
  const data: unknown = await res.json();
  assertGraphExport(data);
  return data;
}

export class StaticDocumentSource implements DocumentSource {
  readonly kind = 'static';
  readonly documentId: string;
  private readonly order = new Map<string, number>();
  private readonly typesOfUnit = new Map<number, Set<string>>();

  constructor(private readonly data: GraphExport) {
    this.documentId = data.documentId;
    data.nodes.forEach((n, i) => {
      this.order.set(n.id, i);
      if (n.paragraph === null) return;
      const set = this.typesOfUnit.get(n.paragraph) ?? new Set<string>();
      set.add(n.type);
      this.typesOfUnit.set(n.paragraph, set);
    });
  }

  /** The whole exported graph (the ask panel's static query and answers read it). */
  get exported(): GraphExport {
    return this.data;
  }

  async info(): Promise<DocumentInfo> {
    const d = this.data;
    const grounded = groundedOf(d.audit) ?? d.nodes.filter((n) => n.groundingStatus === 'grounded').length;
    return {
      documentId: d.documentId,
      title: d.title,
      revision: d.revision,
      summary: d.summary,
      sections: d.sections,
      unitCount: d.units.length,
      nodeCount: d.nodes.length,
      edgeCount: d.edges.length,
      groundedCount: grounded,
      model: d.model,
      madeAt: Date.parse(d.exportedAt) || undefined,
    };
  }

  async units(offset: number, limit: number) {
    const units = this.data.units.slice(offset, offset + limit).map((u) => ({
      ...u,
      nodeTypes: NODE_TYPES.filter((t) => this.typesOfUnit.get(u.n)?.has(t)),
    }));
    return { units, total: this.data.units.length };
  }

  async graph(query: GraphQuery): Promise<GraphPage> {
    const offset = query.offset ?? 0;
    const limit = Math.min(query.limit ?? GRAPH_VIEW_LIMIT, GRAPH_VIEW_LIMIT);
    const term = query.q?.trim();
    const section = query.section;
    const totals = { totalNodes: this.data.nodes.length, totalEdges: this.data.edges.length };
    const scope = section ? this.data.nodes.filter((n) => n.sectionId === section) : this.data.nodes;
    if (!term) {
      const nodes = scope.slice(offset, offset + limit);
      return {
        revision: this.data.revision,
        ...this.subgraph(nodes),
        view: {
          kind: 'window',
          nodeOffset: offset,
          nodeLimit: limit,
          ...totals,
          truncated: offset > 0 || offset + nodes.length < scope.length,
          ...(section ? { section, sectionNodes: scope.length } : {}),
        },
      };
    }
    // The server's rule (core/search.ts): exact id, section or node type, or folded text containing the folded term.
    const search = searchQuery(term);
    const all = scope.filter((n) => matchesSearch(n, search));
    const matched = all.slice(offset, offset + limit);
    const matchedIds = new Set(matched.map((n) => n.id));
    // One hop around the matches (not further), within the same node budget.
    const have = new Set(matchedIds);
    for (const e of this.data.edges) {
      if (have.size >= limit) break;
      if (matchedIds.has(e.fromNodeId)) have.add(e.toNodeId);
      if (matchedIds.has(e.toNodeId) && have.size < limit) have.add(e.fromNodeId);
    }
    const nodes = scope.filter((n) => have.has(n.id));
    const shown = new Set(nodes.map((n) => n.id));
    // Like the server: the relations of the matches, not those between two neighbours.
    const edges = this.data.edges.filter(
      (e) =>
        (matchedIds.has(e.fromNodeId) || matchedIds.has(e.toNodeId)) &&
        shown.has(e.fromNodeId) &&
        shown.has(e.toNodeId),
    );
    return {
      revision: this.data.revision,
      nodes,
      edges,
      view: {
        kind: 'query',
        nodeOffset: offset,
        nodeLimit: limit,
        ...totals,
        truncated: all.length > offset + matched.length || nodes.length < totals.totalNodes,
        query: term,
        matchedNodes: all.length,
        ...(section ? { section } : {}),
      },
    };
  }

  async exportFile(format: ExportFormat): Promise<Blob> {
    if (isGraphFileFormat(format)) {
      // The writers load on demand: few readers ask for these files, the first load stays without them.
      const { GRAPH_FILES, writeWhole } = await import('../../core/export/files');
      const file = GRAPH_FILES[format];
      return new Blob([writeWhole(file.open, this.data)], { type: file.contentType });
    }
    if (format === 'nodes.csv') return new Blob([nodesCsv(this.data.nodes)], { type: 'text/csv;charset=utf-8' });
    if (format === 'edges.csv') return new Blob([edgesCsv(this.data.edges)], { type: 'text/csv;charset=utf-8' });
    if (format === 'mentions.csv')
      return new Blob([mentionsCsv(this.data.mentions ?? [])], { type: 'text/csv;charset=utf-8' });
    return new Blob([JSON.stringify(this.data)], { type: 'application/json' });
  }

  private subgraph(nodes: KgNode[]) {
    const ids = new Set(nodes.map((n) => n.id));
    const edges = this.data.edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId));
    // The concept layer of a file that has one (issue 25), as the server serves it: the window's statements'
    // mentions, and the anchors outside the window they name.
    const all = (this.data as GraphExport & { mentions?: Mention[] }).mentions;
    if (!all?.length) return { nodes, edges };
    const mentions = all.filter((m) => ids.has(m.nodeId));
    const named = new Set(mentions.map((m) => m.conceptId));
    const concepts = this.data.nodes.filter((n) => named.has(n.id) && !ids.has(n.id));
    return { nodes, edges, mentions, concepts };
  }
}
