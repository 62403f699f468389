// R2 layout: the full source text of every version and the per-batch checkpoints of running tasks.
//   documents/<documentId>/source/<sourceId>.txt
//   documents/<documentId>/tasks/<taskId>/batch-<index>.json
import type { AcceptedBatch } from '../../core/extract/gate';
import { KgError } from '../../core/errors';

const docPrefix = (documentId: string) => `documents/${documentId}/`;
export const sourceKey = (documentId: string, sourceId: string) => `${docPrefix(documentId)}source/${sourceId}.txt`;
const taskPrefix = (documentId: string, taskId: string) => `${docPrefix(documentId)}tasks/${taskId}/`;

export async function putSource(bucket: R2Bucket, documentId: string, sourceId: string, text: string): Promise<string> {
  const key = sourceKey(documentId, sourceId);
  await bucket.put(key, text, { httpMetadata: { contentType: 'text/plain; charset=utf-8' } });
  return key;
}

export async function getSource(bucket: R2Bucket, key: string): Promise<string> {
  const object = await bucket.get(key);
  if (!object) throw new KgError('not_found', 'The source text of this document is missing.');
  return object.text();
}

export interface BatchCheckpoint {
  version: 1;
  taskId: string;
  baseRevision: number;
  batch: AcceptedBatch;
}

export async function putBatchCheckpoint(bucket: R2Bucket, documentId: string, checkpoint: BatchCheckpoint): Promise<void> {
  const key = `${taskPrefix(documentId, checkpoint.taskId)}batch-${String(checkpoint.batch.batchIndex).padStart(6, '0')}.json`;
  await bucket.put(key, JSON.stringify(checkpoint), { httpMetadata: { contentType: 'application/json' } });
}

/** All checkpointed batches of a task (the lossless state a resume starts from). */
export async function listBatchCheckpoints(bucket: R2Bucket, documentId: string, taskId: string): Promise<BatchCheckpoint[]> {
  const keys = await listKeys(bucket, taskPrefix(documentId, taskId));
  const out: BatchCheckpoint[] = [];
  for (const key of keys) {
    const object = await bucket.get(key);
    if (object) out.push(await object.json<BatchCheckpoint>());
  }
  return out;
}

export async function deleteTaskCheckpoints(bucket: R2Bucket, documentId: string, taskId: string): Promise<void> {
  await deleteKeys(bucket, await listKeys(bucket, taskPrefix(documentId, taskId)));
}

export async function deleteDocumentBlobs(bucket: R2Bucket, documentId: string): Promise<void> {
  await deleteKeys(bucket, await listKeys(bucket, docPrefix(documentId)));
}

async function listKeys(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    for (const o of page.objects) keys.push(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

async function deleteKeys(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
}
