// The workbench's only door to the HTTP API (README "HTTP API"). Every request carries the reader's client key
// (X-KG-Client, which scopes the document list) and, when configured, the bearer token; every failure becomes an
// ApiError with the server's typed code, or `network` when the server could not be reached.
import type { DocumentDetail, DocumentSummary, GraphView, ModelInfo, SourceUnit } from '../../core/schema/api';
import type { TaskStatus } from '../../core/schema';
import { FEED_BEARER_PREFIX, TASK_FEED_PROTOCOL } from '../../core/schema/task-feed';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import type { ExportFormat } from '../../core/export/graph-export';

export type { DocumentDetail, DocumentSummary, GraphViewInfo, ModelInfo, SourceUnit } from '../../core/schema/api';

export interface GraphPage extends GraphView {
  revision: number;
}

export interface UnitsPage {
  units: SourceUnit[];
  total: number;
}

/** UTF-8 bytes in base64url without padding: every character is allowed in a subprotocol name. */
function base64url(text: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(text));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** Base URL of the Worker ('' for the page's own origin). */
  base: string;
  clientKey: string;
  /** Bearer token (read on every request, so it can be set after the element started). */
  token?: () => string | null | undefined;
  /** Sent as Accept-Language so that error details come back in the reader's language. */
  lang?: () => string;
}

export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  models() {
    return this.json<{ models: ModelInfo[] }>('/api/models').then((r) => r.models);
  }

  createDocument(body: { title?: string; text: string; model?: string }) {
    return this.json<{ documentId: string; taskId: string; revision: number }>('/api/documents', { method: 'POST', body });
  }

  appendToDocument(id: string, body: { text: string; model?: string; expectedRevision?: number }) {
    return this.json<{ documentId: string; taskId: string; revision: number }>(`/api/documents/${encodeURIComponent(id)}/append`, {
      method: 'POST',
      body,
    });
  }

  task(taskId: string, signal?: AbortSignal) {
    return this.json<TaskStatus>(`/api/tasks/${encodeURIComponent(taskId)}`, { signal });
  }

  /**
   * The task's progress pushed by the server (GET /api/tasks/:id/events as a WebSocket, core/schema/task-feed.ts).
   * The bearer token, which a WebSocket cannot send as a header, goes as a second offered subprotocol.
   */
  taskEvents(taskId: string): WebSocket {
    const url = new URL(`${this.options.base.replace(/\/$/, '')}/api/tasks/${encodeURIComponent(taskId)}/events`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const token = this.options.token?.();
    return new WebSocket(url, token ? [TASK_FEED_PROTOCOL, FEED_BEARER_PREFIX + base64url(token)] : [TASK_FEED_PROTOCOL]);
  }

  cancelTask(taskId: string) {
    return this.json<TaskStatus>(`/api/tasks/${encodeURIComponent(taskId)}/cancel`, { method: 'POST' });
  }

  listDocuments(limit = 20) {
    return this.json<{ items: DocumentSummary[]; nextCursor: string | null }>(`/api/documents?limit=${limit}`);
  }

  document(id: string) {
    return this.json<DocumentDetail>(`/api/documents/${encodeURIComponent(id)}`);
  }

  deleteDocument(id: string) {
    return this.json<{ deleted: boolean }>(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }

  units(id: string, offset: number, limit: number, signal?: AbortSignal) {
    return this.json<UnitsPage>(`/api/documents/${encodeURIComponent(id)}/units?offset=${offset}&limit=${limit}`, { signal });
  }

  graph(id: string, params: { offset?: number; limit?: number; q?: string; section?: string }, signal?: AbortSignal) {
    const search = new URLSearchParams();
    if (params.offset) search.set('offset', String(params.offset));
    if (params.limit) search.set('limit', String(params.limit));
    if (params.q) search.set('q', params.q);
    if (params.section) search.set('section', params.section);
    return this.json<GraphPage>(`/api/documents/${encodeURIComponent(id)}/graph?${search}`, { signal });
  }

  insights(id: string, signal?: AbortSignal) {
    return this.json<unknown>(`/api/documents/${encodeURIComponent(id)}/insights`, { signal });
  }

  /** ELK layered layout of a window of a stored document (the server may cache it per revision). */
  documentLayout(id: string, offset: number, limit: number, signal: AbortSignal) {
    return this.json<LayoutResult>(`/api/documents/${encodeURIComponent(id)}/layout?algorithm=layered&offset=${offset}&limit=${limit}`, { signal });
  }

  /** ELK layered layout of any graph the view shows (a query or section view): the body is the graph itself. */
  layout(graph: LayoutGraph, signal: AbortSignal) {
    return this.json<LayoutResult>('/api/layout', { method: 'POST', body: { nodes: graph.nodes, edges: graph.edges }, signal });
  }

  async exportFile(id: string, format: ExportFormat): Promise<Blob> {
    const res = await this.fetch(`/api/documents/${encodeURIComponent(id)}/export?format=${encodeURIComponent(format)}`, {});
    return res.blob();
  }

  private async json<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
    const res = await this.fetch(path, init);
    return (await res.json()) as T;
  }

  private async fetch(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal }): Promise<Response> {
    const headers: Record<string, string> = { 'X-KG-Client': this.options.clientKey, Accept: 'application/json' };
    const token = this.options.token?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const lang = this.options.lang?.();
    if (lang) headers['Accept-Language'] = lang;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.options.base.replace(/\/$/, '') + path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError('network', (error as Error).message);
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      throw new ApiError(body?.error?.code ?? 'internal', body?.error?.message ?? res.statusText, res.status);
    }
    return res;
  }
}
