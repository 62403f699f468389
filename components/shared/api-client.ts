// The workbench's only door to the HTTP API (README "HTTP API" and "Access"). A request carries the bearer token
// when one is configured (an API key, or a read capability for an embed); otherwise, in open mode, a request that
// changes a document carries that document's write capability from the store, and the listing sends every held
// capability (X-KG-Capabilities). Every failure becomes an ApiError with the server's typed code, or `network`
// when the server could not be reached.
import type { RunEstimate } from '../../core/extract/estimate';
import type { TraceEventSpan } from '../../core/trace';
import type { DocumentDetail, DocumentSummary, GraphView, ModelInfo, SourceUnit } from '../../core/schema/api';
import type { TaskStatus } from '../../core/schema';
import type { VisualSource } from '../../core/images/types';
import { FEED_BEARER_PREFIX, TASK_FEED_PROTOCOL } from '../../core/schema/task-feed';
import { base64url, utf8 } from '../../core/access/encoding';
import type { LayoutGraph, LayoutResult } from '../../core/layout/types';
import type { WriteCapabilityStore } from './write-capabilities';
import type { ExportFormat } from '../../core/export/graph-export';
import type { GraphPathResult } from '../../core/query/path';

export type { DocumentSummary, GraphViewInfo, ModelInfo, SourceUnit } from '../../core/schema/api';

/** The answer of DELETE /api/documents/:id: restorable until purgeAt. */
export interface DeletedDocument {
  deleted: true;
  documentId: string;
  deletedAt: number;
  purgeAt: number;
}

export interface GraphPage extends GraphView {
  revision: number;
}

export interface UnitsPage {
  units: SourceUnit[];
  total: number;
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
  /** Open mode: where the write capabilities of documents created here are kept (write-capabilities.ts). */
  writeCapabilities?: WriteCapabilityStore;
  /** Bearer token (read on every request, so it can be set after the element started). */
  token?: () => string | null | undefined;
  /** Sent as Accept-Language so that error details come back in the reader's language. */
  lang?: () => string;
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** The document a request changes: its write capability is sent when no bearer token is configured. */
  documentId?: string;
  /** The document list: send the held write capabilities. */
  listing?: boolean;
}

/** The server reads at most this many capabilities from X-KG-Capabilities (worker/auth/held-documents.ts). */
const MAX_HELD = 100;

export class ApiClient {
  /** Task id → document id, for tasks this client started or read (cancel needs the document's capability). */
  private readonly taskDocuments = new Map<string, string>();

  constructor(private readonly options: ApiClientOptions) {}

  models() {
    return this.json<{ models: ModelInfo[] }>('/api/models').then((r) => r.models);
  }

  /** A text, or 1–4 images as base64 (components/image-gallery/image-files.ts) with an optional text. */
  async createDocument(
    body:
      | {
          title?: string;
          text?: string;
          model?: string;
          images?: Array<{ name: string; mediaType: string; data: string }>;
        }
      | FormData,
  ) {
    return this.startDocument('/api/documents', body);
  }

  /** What extracting a text would take (POST /api/estimate): nothing is created. */
  async estimate(body: { title?: string; text: string; model?: string }) {
    return this.json<RunEstimate & { model: string }>('/api/estimate', { method: 'POST', body });
  }

  /** A file (.txt, .md, .html, .pdf, .docx) as multipart form data: the server converts it (core/files). */
  createDocumentFromFile(file: File, fields: { title?: string; model?: string }) {
    const form = new FormData();
    form.set('file', file);
    if (fields.title) form.set('title', fields.title);
    if (fields.model) form.set('model', fields.model);
    return this.createDocument(form);
  }

  /** An agent's trace file (.json, .jsonl) as read: the server tells its format (core/trace/file-formats.ts). */
  async createTraceFromFile(file: File, fields: { title?: string; model?: string }) {
    return this.startDocument('/api/traces', { file: { name: file.name, text: await file.text() }, ...fields });
  }

  /** POSTs a new document (text, images, a file or a trace) and keeps what its answer gives once. */
  private async startDocument(path: '/api/documents' | '/api/traces', body: object | FormData) {
    const created = await this.json<{ documentId: string; taskId: string; revision: number; writeCapability?: string }>(
      path,
      { method: 'POST', body },
    );
    // Given once, in open mode only: keep it, or the document can never be changed from here.
    if (created.writeCapability) this.options.writeCapabilities?.set(created.documentId, created.writeCapability);
    this.taskDocuments.set(created.taskId, created.documentId);
    return { documentId: created.documentId, taskId: created.taskId, revision: created.revision };
  }

  async appendToDocument(id: string, body: { text: string; model?: string; expectedRevision?: number }) {
    const started = await this.json<{ documentId: string; taskId: string; revision: number }>(
      `/api/documents/${encodeURIComponent(id)}/append`,
      {
        method: 'POST',
        body,
        documentId: id,
      },
    );
    this.taskDocuments.set(started.taskId, id);
    return started;
  }

  /** An agent trace's new events (only those after the last seq in the graph are added; 409 `empty` when none). */
  async appendTraceEvents(id: string, body: { events: unknown[]; model?: string; expectedRevision?: number }) {
    const started = await this.json<{ documentId: string; taskId: string; revision: number }>(
      `/api/traces/${encodeURIComponent(id)}/events`,
      {
        method: 'POST',
        body,
        documentId: id,
      },
    );
    this.taskDocuments.set(started.taskId, id);
    return started;
  }

  async task(taskId: string, signal?: AbortSignal) {
    const task = await this.json<TaskStatus>(`/api/tasks/${encodeURIComponent(taskId)}`, { signal });
    this.taskDocuments.set(taskId, task.documentId);
    return task;
  }

  /**
   * The task's progress pushed by the server (GET /api/tasks/:id/events as a WebSocket, core/schema/task-feed.ts).
   * The bearer token, which a WebSocket cannot send as a header, goes as a second offered subprotocol.
   */
  taskEvents(taskId: string): WebSocket {
    const url = new URL(
      `${this.options.base.replace(/\/$/, '')}/api/tasks/${encodeURIComponent(taskId)}/events`,
      location.href,
    );
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const token = this.options.token?.();
    return new WebSocket(
      url,
      token ? [TASK_FEED_PROTOCOL, FEED_BEARER_PREFIX + base64url(utf8(token))] : [TASK_FEED_PROTOCOL],
    );
  }

  async cancelTask(taskId: string) {
    // The write capability is per document: learn the task's document first when this client did not start it.
    const documentId =
      this.taskDocuments.get(taskId) ??
      (this.options.writeCapabilities && !this.options.token?.() ? (await this.task(taskId)).documentId : undefined);
    return this.json<TaskStatus>(`/api/tasks/${encodeURIComponent(taskId)}/cancel`, { method: 'POST', documentId });
  }

  listDocuments(limit = 20) {
    return this.json<{ items: DocumentSummary[]; nextCursor: string | null }>(`/api/documents?limit=${limit}`, {
      listing: true,
    });
  }

  document(id: string) {
    return this.json<DocumentDetail>(`/api/documents/${encodeURIComponent(id)}`);
  }

  /**
   * Soft delete: the answer says until when it can be restored (purgeAt, 30 days on). The write capability is kept,
   * since restoring needs it (and the deleted listing sends it).
   */
  deleteDocument(id: string) {
    return this.json<DeletedDocument>(`/api/documents/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      documentId: id,
    });
  }

  /** Brings a deleted document back (within its 30 days); `restored: false` when it was not deleted. */
  restoreDocument(id: string) {
    return this.json<{ restored: boolean; documentId: string; revision: number }>(
      `/api/documents/${encodeURIComponent(id)}/restore`,
      { method: 'POST', documentId: id },
    );
  }

  /** The caller's deleted documents, most recently deleted first, each with deletedAt and purgeAt. */
  listDeletedDocuments(limit = 20) {
    return this.json<{ items: DocumentSummary[]; nextCursor: string | null }>(
      `/api/documents?deleted=1&limit=${limit}`,
      { listing: true },
    );
  }

  traceEvents(id: string, signal?: AbortSignal) {
    return this.json<{ documentId: string; revision: number; events: TraceEventSpan[] }>(
      `/api/traces/${encodeURIComponent(id)}/events`,
      { signal },
    );
  }

  units(id: string, offset: number, limit: number, signal?: AbortSignal) {
    return this.json<UnitsPage>(`/api/documents/${encodeURIComponent(id)}/units?offset=${offset}&limit=${limit}`, {
      signal,
    });
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

  /** Structured graph-query (docs/contracts/graph-query.md#request-and-result): direct matches, their context subgraph and source units. */
  queryGraph<T>(id: string, body: object, signal?: AbortSignal) {
    return this.json<T>(`/api/documents/${encodeURIComponent(id)}/query`, {
      method: 'POST',
      body,
      signal,
      documentId: id,
    });
  }

  /** The shortest path between two nodes (typed relations first, then through mentions): GET …/path. */
  path(id: string, from: string, to: string, signal?: AbortSignal) {
    const q = new URLSearchParams({ from, to });
    return this.json<GraphPathResult>(`/api/documents/${encodeURIComponent(id)}/path?${q}`, { signal, documentId: id });
  }

  /** Starts an answer task (docs/contracts/answers.md#request-and-result); its TaskStatus carries the answer as `result` once it succeeded. */
  async startAnswer(id: string, body: object, signal?: AbortSignal) {
    const started = await this.json<{ taskId: string }>(`/api/documents/${encodeURIComponent(id)}/answers`, {
      method: 'POST',
      body,
      signal,
      documentId: id,
    });
    this.taskDocuments.set(started.taskId, id);
    return started;
  }

  /** ELK layered layout of a window of a stored document (the server may cache it per revision). */
  documentLayout(id: string, offset: number, limit: number, signal: AbortSignal) {
    return this.json<LayoutResult>(
      `/api/documents/${encodeURIComponent(id)}/layout?algorithm=layered&offset=${offset}&limit=${limit}`,
      { signal },
    );
  }

  /** ELK layered layout of any graph the view shows (a query or section view): the body is the graph itself. */
  layout(graph: LayoutGraph, signal: AbortSignal) {
    return this.json<LayoutResult>('/api/layout', {
      method: 'POST',
      body: { nodes: graph.nodes, edges: graph.edges },
      signal,
    });
  }

  // ── The trust loop (issue 11): checks, fixes with their audit log, questions, candidates. Answers are read by
  // the panels that show them (components/verify-panel/report.ts and friends), so they stay `unknown` here.

  /** quick: the report itself; standard: a model review task `{ taskId }`. */
  async verify(id: string, body: { mode: 'quick' | 'standard'; expectedRevision?: number; model?: string }) {
    const answer = await this.json<{ taskId?: string } & Record<string, unknown>>(
      `/api/documents/${encodeURIComponent(id)}/verify`,
      { method: 'POST', body, documentId: id },
    );
    if (typeof answer.taskId === 'string') this.taskDocuments.set(answer.taskId, id);
    return answer;
  }

  reports(id: string) {
    return this.json<unknown>(`/api/documents/${encodeURIComponent(id)}/reports`);
  }

  /** Applies fix operations as one new revision, fenced by the revision the reader saw. */
  commit(id: string, body: { expectedRevision: number; operations: unknown[]; reportId?: string }) {
    return this.json<{ revision: number } & Record<string, unknown>>(
      `/api/documents/${encodeURIComponent(id)}/commit`,
      { method: 'POST', body, documentId: id },
    );
  }

  undo(id: string, body: { expectedRevision: number }) {
    return this.json<{ revision: number } & Record<string, unknown>>(`/api/documents/${encodeURIComponent(id)}/undo`, {
      method: 'POST',
      body,
      documentId: id,
    });
  }

  /** A reader's decision on a stored report's issue ("Ignore" = rejected), kept with the report. */
  setIssueStatus(id: string, reportId: string, issueId: string, status: 'open' | 'accepted' | 'rejected') {
    return this.json<{ reportId: string; issueId: string; status: string }>(
      `/api/documents/${encodeURIComponent(id)}/reports/${encodeURIComponent(reportId)}/issues/${encodeURIComponent(issueId)}`,
      { method: 'POST', body: { status }, documentId: id },
    );
  }

  audit(id: string) {
    return this.json<unknown>(`/api/documents/${encodeURIComponent(id)}/audit`);
  }

  async askQuestion(
    id: string,
    body: {
      question: string;
      target: { kind: 'node' | 'edge' | 'graph'; id?: string };
      expectedRevision?: number;
      model?: string;
    },
  ) {
    const answer = await this.json<{ taskId: string }>(`/api/documents/${encodeURIComponent(id)}/questions`, {
      method: 'POST',
      body,
      documentId: id,
    });
    this.taskDocuments.set(answer.taskId, id);
    return answer;
  }

  /** Starts an external fact-check task (docs/contracts/fact-check.md); its report is read back with factCheck(). */
  async startFactCheck(
    id: string,
    body: { mode: 'quick' | 'deep'; sources?: string[]; rules?: string; model?: string; expectedRevision?: number },
  ) {
    const answer = await this.json<{ taskId: string }>(`/api/documents/${encodeURIComponent(id)}/fact-check`, {
      method: 'POST',
      body,
      documentId: id,
    });
    this.taskDocuments.set(answer.taskId, id);
    return answer;
  }

  /** The latest fact-check report `{ report, stale }`. */
  factCheck(id: string) {
    return this.json<unknown>(`/api/documents/${encodeURIComponent(id)}/fact-check`);
  }

  setFactCheckClaim(id: string, claimId: string, status: 'open' | 'accepted' | 'rejected') {
    return this.json<unknown>(
      `/api/documents/${encodeURIComponent(id)}/fact-check/claims/${encodeURIComponent(claimId)}`,
      { method: 'POST', body: { status }, documentId: id },
    );
  }

  candidates(id: string, params: { kind?: string; status?: string; cursor?: string }) {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
    return this.json<unknown>(`/api/documents/${encodeURIComponent(id)}/candidates?${search}`);
  }

  updateCandidate(id: string, candidateId: string, status: string) {
    return this.json<unknown>(
      `/api/documents/${encodeURIComponent(id)}/candidates/${encodeURIComponent(candidateId)}`,
      { method: 'PATCH', body: { status }, documentId: id },
    );
  }

  /** Where each image of an image-derived document lies among its units (null for a text document). */
  visualSource(id: string) {
    return this.json<{ documentId: string; revision: number; visualSource: VisualSource | null }>(
      `/api/documents/${encodeURIComponent(id)}/images`,
    );
  }

  /** An original image (fetched with the reader's credentials, so it works where <img src> could not). */
  async image(id: string, imageId: string): Promise<Blob> {
    const res = await this.fetch(`/api/documents/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`, {});
    return res.blob();
  }

  async exportFile(id: string, format: ExportFormat): Promise<Blob> {
    const res = await this.fetch(
      `/api/documents/${encodeURIComponent(id)}/export?format=${encodeURIComponent(format)}`,
      {},
    );
    return res.blob();
  }

  /** A GET of the API for a lazily loaded part that owns its routes (the whole-document overview, issue 16). */
  getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.json<T>(path, { signal });
  }

  /**
   * A failed call to a Worker on another origin: the browser hides whether the network is down or the API refused
   * this page's origin (both are a TypeError). The component's own code is public on every Worker (CORS *), so if it
   * can be fetched, the server is up and the API's CORS refused this page: the reader is told to set KG_CORS_ORIGINS
   * instead of "cannot reach the server".
   */
  private async refusesThisPage(): Promise<boolean> {
    const here = globalThis.location?.origin;
    let api: URL;
    try {
      api = new URL(this.options.base);
    } catch {
      return false; // '' or a relative base: the page's own origin, which CORS never refuses
    }
    if (!here || api.origin === here) return false;
    try {
      const probe = await fetch(`${api.origin}/kg-workbench.js`, {
        method: 'HEAD',
        credentials: 'omit',
        cache: 'no-store',
      });
      return probe.ok;
    } catch {
      return false;
    }
  }

  private async json<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const res = await this.fetch(path, init);
    return (await res.json()) as T;
  }

  private async fetch(path: string, init: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const store = this.options.writeCapabilities;
    const token = this.options.token?.() || (init.documentId ? store?.get(init.documentId) : undefined);
    if (token) headers.Authorization = `Bearer ${token}`;
    else if (init.listing && store) headers['X-KG-Capabilities'] = store.all().slice(0, MAX_HELD).join(',');
    const lang = this.options.lang?.();
    if (lang) headers['Accept-Language'] = lang;
    // Form data (a file) sets its own multipart Content-Type with its boundary.
    const form = init.body instanceof FormData;
    if (init.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.options.base.replace(/\/$/, '') + path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      if (await this.refusesThisPage()) throw new ApiError('origin_refused', globalThis.location.origin);
      throw new ApiError('network', (error as Error).message);
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      throw new ApiError(body?.error?.code ?? 'internal', body?.error?.message ?? res.statusText, res.status);
    }
    return res;
  }
}
