// The document the workbench shows: its summary, the current graph view (a GRAPH_VIEW_LIMIT-node window, a query, optionally
// narrowed to one section) and an index of every node loaded so far (unit → nodes), which links source and graph.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { KgEdge, KgNode, Mention, Section } from '../../core/schema';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import type { UnitLoader } from '../source-pane/unit-pages';
import type { GraphViewInfo } from '../shared/api-client';
import type { DocumentInfo, DocumentSource, GraphQuery } from '../shared/document-source';

export interface ShownGraph {
  nodes: KgNode[];
  edges: KgEdge[];
  /** The concept layer of the view (issue 25): mentions touching its nodes and the anchors outside it they name. */
  mentions?: Mention[];
  concepts?: KgNode[];
  view: GraphViewInfo;
}

export class DocumentController implements ReactiveController {
  source: DocumentSource | null = null;
  info: DocumentInfo | null = null;
  graph: ShownGraph | null = null;
  offset = 0;
  query = '';
  sectionId: string | null = null;
  /** The view is a region opened from the whole-document overview (exactly its nodes; laid out as a posted graph). */
  region = false;
  loading = false;
  error: unknown = null;
  /** Reads units of the shown revision; a new function per revision, so the source pane drops stale pages. */
  unitLoader: UnitLoader | null = null;
  /** The graph view's server layout callback: one per source (absent in static mode). */
  layeredLayout: ((graph: LayoutGraph, signal: AbortSignal) => Promise<LayoutResult>) | undefined = undefined;
  /** Every node seen in any view of this revision, by id. */
  readonly known = new Map<string, KgNode>();
  private readonly byUnit = new Map<number, Set<string>>();
  private abort: AbortController | null = null;
  private generation = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onError: (error: unknown) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.abort?.abort();
  }

  get section(): Section | null {
    return this.info?.sections.find((s) => s.id === this.sectionId) ?? null;
  }

  /** The query the current view was read with (null for a section or search view), for the layout route. */
  get windowQuery(): GraphQuery | null {
    return !this.query && !this.sectionId && !this.region ? { offset: this.offset, limit: GRAPH_VIEW_LIMIT } : null;
  }

  async open(source: DocumentSource): Promise<void> {
    this.source = source;
    this.layeredLayout = source.layeredLayout
      ? (graph, signal) => source.layeredLayout!(graph, signal, this.windowQuery)
      : undefined;
    this.info = null;
    this.graph = null;
    this.unitLoader = null;
    this.offset = 0;
    this.query = '';
    this.sectionId = null;
    await this.refresh();
  }

  /** Re-reads the document (after a commit): same view settings, new revision. */
  async refresh(): Promise<void> {
    const source = this.source;
    if (!source) return;
    const gen = ++this.generation;
    this.loading = true;
    this.host.requestUpdate();
    try {
      const info = await source.info();
      if (gen !== this.generation) return;
      if (this.info?.revision !== info.revision || !this.unitLoader) {
        this.forget();
        this.unitLoader = (offset, limit, signal) => source.units(offset, limit, signal);
      }
      this.info = info;
      if (this.sectionId && !info.sections.some((s) => s.id === this.sectionId)) this.sectionId = null;
      await this.load(gen);
    } catch (error) {
      if (gen === this.generation) this.fail(error);
    }
  }

  showWindow(offset: number): Promise<void> {
    this.offset = Math.max(0, offset);
    return this.reload();
  }

  search(q: string): Promise<void> {
    this.query = q.trim();
    this.offset = 0;
    return this.reload();
  }

  setSection(sectionId: string | null): Promise<void> {
    this.sectionId = sectionId;
    this.offset = 0;
    return this.reload();
  }

  /** A subgraph found by the ask panel's structured search, shown as a query view (clearing the search returns to the window). */
  showFound(nodes: KgNode[], edges: KgEdge[], query: string, matched: number): void {
    const info = this.info;
    if (!info) return;
    this.generation++;
    this.abort?.abort();
    // Projected nodes carry at most two evidence items: a node known in full keeps its full record.
    for (const node of nodes) if (!this.known.has(node.id)) this.remember(node);
    this.typesOfUnit = this.typesLookup();
    this.region = false;
    this.query = query;
    this.offset = 0;
    this.sectionId = null;
    const view = {
      kind: 'query' as const,
      nodeOffset: 0,
      nodeLimit: GRAPH_VIEW_LIMIT,
      totalNodes: info.nodeCount,
      totalEdges: info.edgeCount,
    };
    this.graph = {
      nodes,
      edges,
      view: { ...view, truncated: nodes.length < info.nodeCount, query, matchedNodes: matched },
    };
    this.loading = false;
    this.host.requestUpdate();
  }

  /** Exactly these nodes and the relations among them: a region opened from the whole-document overview. */
  showRegion(nodes: KgNode[], edges: KgEdge[]): void {
    this.showFound(nodes, edges, '', nodes.length);
    this.region = true;
  }

  close(): void {
    this.generation++;
    this.abort?.abort();
    this.source = null;
    this.info = null;
    this.graph = null;
    this.unitLoader = null;
    this.layeredLayout = undefined;
    this.forget();
    this.host.requestUpdate();
  }

  /** Node ids anchored to (or citing) unit `n`, among the nodes loaded so far. */
  nodesOfUnit(n: number): string[] {
    return [...(this.byUnit.get(n) ?? [])];
  }

  /** Units a node is anchored to or cites as evidence, anchor first. */
  unitsOfNode(node: KgNode): number[] {
    const units = node.paragraph === null ? [] : [node.paragraph];
    for (const e of node.evidence) if (!units.includes(e.paragraph)) units.push(e.paragraph);
    return units;
  }

  /** The anchoring node types per unit, for the source pane's badges; a new function whenever more nodes are known,
   * so the pane redraws its badges. */
  typesOfUnit: (n: number) => string[] = () => [];

  private typesLookup(): (n: number) => string[] {
    return (n) => {
      const types = new Set<string>();
      for (const id of this.byUnit.get(n) ?? []) {
        const node = this.known.get(id);
        if (node?.paragraph === n) types.add(node.type);
      }
      return [...types];
    };
  }

  private reload(): Promise<void> {
    const gen = ++this.generation;
    return this.load(gen).catch((error) => {
      if (gen === this.generation) this.fail(error);
    });
  }

  private async load(gen: number): Promise<void> {
    const source = this.source;
    if (!source) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.region = false;
    this.loading = true;
    this.error = null;
    this.host.requestUpdate();
    const page = await source.graph(
      {
        offset: this.offset,
        limit: GRAPH_VIEW_LIMIT,
        q: this.query || undefined,
        section: this.sectionId || undefined,
      },
      abort.signal,
    );
    if (gen !== this.generation) return;
    for (const node of page.nodes) this.remember(node);
    this.typesOfUnit = this.typesLookup();
    const section = this.section;
    const nodes = section ? page.nodes.filter((n) => inSection(n, section)) : page.nodes;
    const ids = new Set(nodes.map((n) => n.id));
    const edges = section ? page.edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId)) : page.edges;
    const mentions = section ? page.mentions?.filter((m) => ids.has(m.nodeId)) : page.mentions;
    this.graph = { nodes, edges, mentions, concepts: page.concepts, view: page.view };
    this.loading = false;
    this.host.requestUpdate();
  }

  private remember(node: KgNode): void {
    this.known.set(node.id, node);
    for (const n of this.unitsOfNode(node)) {
      let set = this.byUnit.get(n);
      if (!set) {
        set = new Set();
        this.byUnit.set(n, set);
      }
      set.add(node.id);
    }
  }

  private forget(): void {
    this.known.clear();
    this.byUnit.clear();
  }

  private fail(error: unknown): void {
    if ((error as Error)?.name === 'AbortError') return;
    this.loading = false;
    this.error = error;
    this.host.requestUpdate();
    this.onError(error);
  }
}

function inSection(node: KgNode, section: Section): boolean {
  if (node.sectionId) return node.sectionId === section.id;
  return node.paragraph !== null && node.paragraph >= section.firstUnit && node.paragraph <= section.lastUnit;
}
