// Calls into the real Worker (its default export) running in workerd with local D1, R2 and Durable Objects.
import { exports } from 'cloudflare:workers';
import type { KgEdge, KgNode, TaskStatus } from '../../core/schema';

export const BASE = 'http://kg.test';

export async function call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response> {
  const headers = new Headers(init?.headers);
  let body = init?.body;
  if (init?.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(new Request(`${BASE}${path}`, { ...init, headers, body }));
}

export async function json<T = any>(
  path: string,
  init?: RequestInit & { json?: unknown },
): Promise<{ status: number; body: T }> {
  const res = await call(path, init);
  return { status: res.status, body: (await res.json()) as T };
}

/** Open mode: the write capability of each document these helpers created, by document id and by its first task id. */
const writeCapabilities = new Map<string, string>();

/** `Authorization` for a mutating call on a document (or its creation task) made by createDocument. */
export function writeAuth(id: string): Record<string, string> {
  const token = writeCapabilities.get(id);
  if (!token) throw new Error(`no write capability recorded for ${id}`);
  return { authorization: `Bearer ${token}` };
}

export async function createDocument(text: string, extra: Record<string, unknown> = {}, headers: HeadersInit = {}) {
  const res = await json<{ documentId: string; taskId: string; revision: number; writeCapability?: string }>(
    '/api/documents',
    {
      method: 'POST',
      json: { text, ...extra },
      headers,
    },
  );
  if (res.status !== 202) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.writeCapability) {
    writeCapabilities.set(res.body.documentId, res.body.writeCapability);
    writeCapabilities.set(res.body.taskId, res.body.writeCapability);
  }
  return res.body;
}

export async function waitForTask(taskId: string, timeoutMs = 60_000): Promise<TaskStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await json<TaskStatus>(`/api/tasks/${taskId}`);
    if (status !== 200) throw new Error(`task status ${status}: ${JSON.stringify(body)}`);
    if (body.status !== 'queued' && body.status !== 'running') return body;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function extractAndWait(text: string, extra: Record<string, unknown> = {}) {
  const created = await createDocument(text, extra);
  const task = await waitForTask(created.taskId);
  return { ...created, task };
}

export interface GraphBody {
  documentId: string;
  revision: number;
  nodes: KgNode[];
  edges: KgEdge[];
  view: {
    kind: string;
    nodeOffset: number;
    nodeLimit: number;
    totalNodes: number;
    totalEdges: number;
    truncated: boolean;
    matchedNodes?: number;
    section?: string;
    sectionNodes?: number;
  };
}

export async function allUnits(documentId: string) {
  const units: Array<{ n: number; text: string; start: number; end: number; kind: string; sectionId: string }> = [];
  for (let offset = 0; ; offset += 2000) {
    const { body } = await json(`/api/documents/${documentId}/units?offset=${offset}&limit=2000`);
    units.push(...body.units);
    if (units.length >= body.total || body.units.length === 0) return units;
  }
}

export function expectError(res: { status: number; body: any }, status: number, code: string): void {
  if (res.status !== status || res.body?.error?.code !== code || typeof res.body?.error?.message !== 'string') {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
}
