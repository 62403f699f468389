// Files in: upload a file as multipart form data to POST /api/documents, wait for its task, read its units.
import type { ContentUnit, DocumentDetail } from '../../core/schema';
import { call, json, waitForTask } from './helpers';

export async function upload(name: string, bytes: Uint8Array, fields: Record<string, string> = {}, type = '') {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await call('/api/documents', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** Uploads, expects 202, waits for the extraction and returns the document, its units and the create answer. */
export async function extractFile(name: string, bytes: Uint8Array, type = '') {
  const created = await upload(name, bytes, {}, type);
  if (created.status !== 202) throw new Error(`upload failed: ${created.status} ${JSON.stringify(created.body)}`);
  const task = await waitForTask(created.body.taskId);
  if (task.status !== 'succeeded') throw new Error(`task ${task.status}: ${JSON.stringify(task.error)}`);
  const doc = (await json<DocumentDetail>(`/api/documents/${created.body.documentId}`)).body;
  const units = (
    await json<{ units: (ContentUnit & { nodeTypes: string[] })[] }>(
      `/api/documents/${created.body.documentId}/units?limit=2000`,
    )
  ).body.units;
  return { created: created.body, doc, units };
}

export const kinds = (units: readonly ContentUnit[]) => units.map((u) => `${u.kind}:${u.text}`);
