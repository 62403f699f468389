// R2 layout: the full source text of every published revision, and what each task owns while it runs.
//   documents/<documentId>/source/<sourceId>.txt         a published revision's text (content-addressed, shared by
//                                                        revisions with the same text; removed with the document)
//   documents/<documentId>/tasks/<taskId>/source.txt     the text a task extracts from (owned by that task alone)
//   documents/<documentId>/tasks/<taskId>/batch-<n>.json the task's checkpoints: one object per group of batches
//                                                        saved together, named after its first batch
//   documents/<documentId>/images/<sha256>               an uploaded image (content-addressed; written at admission,
//                                                        referenced by the revision's visual source; removed with the
//                                                        document) — storage/image-blobs.ts
//   documents/<documentId>/source/<sourceId>.visual.json the visual source of an image-derived revision
//   documents/<documentId>/tasks/<taskId>/transcript.json the task's checkpoint right after transcription
// Lifetimes are owned: a task's blobs live under its own prefix and go with it, a revision's source is written by the
// task that publishes it just before the commit. So a refused or duplicate request can only ever delete its own
// task's blobs, never what a running task or a published revision references.
import type { AcceptedBatch } from '../core/extract/gate';
import { KgError } from '../core/errors';

/** What the blob functions need from the Worker's environment (passed in, never read at module level). */
export type BlobEnv = Pick<Env, 'BLOBS'>;

export const docPrefix = (documentId: string) => `documents/${documentId}/`;
export const sourceKey = (documentId: string, sourceId: string) => `${docPrefix(documentId)}source/${sourceId}.txt`;
export const taskPrefix = (documentId: string, taskId: string) => `${docPrefix(documentId)}tasks/${taskId}/`;

const taskSourceKey = (documentId: string, taskId: string) => `${taskPrefix(documentId, taskId)}source.txt`;
const BATCH_PREFIX = 'batch-';

/** The text a task will extract from, under the task's own prefix; returns its key. */
export async function putTaskSource(env: BlobEnv, documentId: string, taskId: string, text: string): Promise<string> {
  const key = taskSourceKey(documentId, taskId);
  await env.BLOBS.put(key, text, { httpMetadata: { contentType: 'text/plain; charset=utf-8' } });
  return key;
}

/** A published revision's text (written by the publishing task right before its commit). */
export async function putSource(env: BlobEnv, documentId: string, sourceId: string, text: string): Promise<string> {
  const key = sourceKey(documentId, sourceId);
  await env.BLOBS.put(key, text, { httpMetadata: { contentType: 'text/plain; charset=utf-8' } });
  return key;
}

export async function getSource(env: BlobEnv, key: string): Promise<string> {
  const object = await env.BLOBS.get(key);
  if (!object) throw new KgError('not_found', 'The source text of this document is missing.');
  return object.text();
}

/** One checkpoint object: the batches accepted while the previous one was being written (grouped-checkpoints.ts). */
export interface BatchCheckpoint {
  version: 2;
  taskId: string;
  baseRevision: number;
  batches: AcceptedBatch[];
}

/** What a task that ran before grouped checkpoints wrote: one batch per object. */
interface SingleBatchCheckpoint {
  version: 1;
  taskId: string;
  baseRevision: number;
  batch: AcceptedBatch;
}

export async function putBatchCheckpoint(env: BlobEnv, documentId: string, checkpoint: BatchCheckpoint): Promise<void> {
  const first = Math.min(...checkpoint.batches.map((b) => b.batchIndex));
  const key = `${taskPrefix(documentId, checkpoint.taskId)}${BATCH_PREFIX}${String(first).padStart(6, '0')}.json`;
  await env.BLOBS.put(key, JSON.stringify(checkpoint), { httpMetadata: { contentType: 'application/json' } });
}

/** All checkpoints of a task (the lossless state a resume starts from), either version, as groups. */
export async function listBatchCheckpoints(
  env: BlobEnv,
  documentId: string,
  taskId: string,
): Promise<BatchCheckpoint[]> {
  const bucket = env.BLOBS;
  const keys = await listKeys(bucket, `${taskPrefix(documentId, taskId)}${BATCH_PREFIX}`);
  const out: BatchCheckpoint[] = [];
  for (const key of keys) {
    const object = await bucket.get(key);
    if (!object) continue;
    const saved = await object.json<BatchCheckpoint | SingleBatchCheckpoint>();
    out.push(
      saved.version === 1
        ? { version: 2, taskId: saved.taskId, baseRevision: saved.baseRevision, batches: [saved.batch] }
        : saved,
    );
  }
  return out;
}

/** Everything a task owns (its source copy and checkpoints): when it ends, or when its start was refused. */
export async function deleteTaskBlobs(env: BlobEnv, documentId: string, taskId: string): Promise<void> {
  await deleteKeys(env.BLOBS, await listKeys(env.BLOBS, taskPrefix(documentId, taskId)));
}

export async function deleteDocumentBlobs(env: BlobEnv, documentId: string): Promise<void> {
  await deleteKeys(env.BLOBS, await listKeys(env.BLOBS, docPrefix(documentId)));
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
