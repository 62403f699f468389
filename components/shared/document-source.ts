// Where a shown document comes from: the API (a stored document) or a graph file exported earlier (`src`, no
// backend at all). The workbench talks to this interface only, so both modes share every view.
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { Section, SourceKind, TaskStatus } from '../../core/schema';
import type { TraceEventSpan } from '../../core/trace';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import type { ApiClient, GraphPage, UnitsPage } from './api-client';
import type { ExportFormat } from '../../core/export/graph-export';

export interface DocumentInfo {
  documentId: string;
  title: string;
  revision: number;
  summary: string;
  sections: Section[];
  unitCount: number;
  nodeCount: number;
  edgeCount: number;
  /** Grounded nodes of the whole document when known (from the generation audit). */
  groundedCount: number | null;
  /** A task running on the document right now (API mode only). */
  activeTask?: TaskStatus | null;
  /** 'trace' for an agent's execution trace (its source is shown as events); 'text' otherwise. */
  sourceKind?: SourceKind;
  /** Provenance: the extractor or model that made the graph, and when (ms; the export time for a graph file). */
  model?: string;
  madeAt?: number;
}

export interface GraphQuery {
  offset?: number;
  limit?: number;
  q?: string;
  /** Limit the view (window or query) to one section. */
  section?: string;
}

export interface DocumentSource {
  readonly kind: 'api' | 'static';
  readonly documentId: string;
  info(): Promise<DocumentInfo>;
  units(offset: number, limit: number, signal?: AbortSignal): Promise<UnitsPage>;
  graph(query: GraphQuery, signal?: AbortSignal): Promise<GraphPage>;
  exportFile(format: ExportFormat): Promise<Blob>;
  /** Server-side layered layout; absent in static mode (the graph view then lays out in the browser). */
  layeredLayout?: (graph: LayoutGraph, signal: AbortSignal, window: GraphQuery | null) => Promise<LayoutResult>;
  insights?: (signal?: AbortSignal) => Promise<unknown>;
  /** The events of an agent trace with their units (API mode, trace documents). */
  traceEvents?: (signal?: AbortSignal) => Promise<{ revision: number; events: TraceEventSpan[] }>;
}

export function groundedOf(audit: unknown): number | null {
  const grounded = (audit as { grounding?: { grounded?: unknown } } | null)?.grounding?.grounded;
  return typeof grounded === 'number' ? grounded : null;
}

export class ApiDocumentSource implements DocumentSource {
  readonly kind = 'api';

  constructor(
    private readonly client: ApiClient,
    readonly documentId: string,
  ) {}

  async info(): Promise<DocumentInfo> {
    const d = await this.client.document(this.documentId);
    return {
      documentId: d.documentId,
      title: d.title,
      revision: d.revision,
      summary: d.summary,
      sections: d.sections,
      unitCount: d.unitCount,
      nodeCount: d.nodeCount,
      edgeCount: d.edgeCount,
      groundedCount: groundedOf(d.audit),
      activeTask: d.activeTask,
      sourceKind: d.sourceKind,
      model: d.model,
      madeAt: d.updatedAt,
    };
  }

  units(offset: number, limit: number, signal?: AbortSignal) {
    return this.client.units(this.documentId, offset, limit, signal);
  }

  graph(query: GraphQuery, signal?: AbortSignal) {
    return this.client.graph(this.documentId, query, signal);
  }

  exportFile(format: ExportFormat) {
    return this.client.exportFile(this.documentId, format);
  }

  /** A plain window is laid out by its document route (cacheable per revision); any other view is posted. */
  layeredLayout = (graph: LayoutGraph, signal: AbortSignal, window: GraphQuery | null) =>
    window && !window.q
      ? this.client.documentLayout(this.documentId, window.offset ?? 0, window.limit ?? GRAPH_VIEW_LIMIT, signal)
      : this.client.layout(graph, signal);

  insights = (signal?: AbortSignal) => this.client.insights(this.documentId, signal);

  traceEvents = (signal?: AbortSignal) => this.client.traceEvents(this.documentId, signal);
}
