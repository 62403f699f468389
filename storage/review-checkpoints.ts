// Checkpoints of a model review: one R2 object per finished batch under the task's own prefix
// (documents/<id>/tasks/<taskId>/review-<n>.json, storage/blobs.ts layout), so a review interrupted by a restart
// resumes at its first unfinished batch instead of asking the model again. They go with the task
// (deleteTaskBlobs) when it ends, however it ends.
import type { BatchOutcome } from '../core/review';
import { taskPrefix, type BlobEnv } from './blobs';

const PREFIX = 'review-';

export interface ReviewCheckpoint {
  version: 1;
  taskId: string;
  baseRevision: number;
  outcome: BatchOutcome;
}

export async function putReviewCheckpoint(
  env: BlobEnv,
  documentId: string,
  checkpoint: ReviewCheckpoint,
): Promise<void> {
  const key = `${taskPrefix(documentId, checkpoint.taskId)}${PREFIX}${String(checkpoint.outcome.index).padStart(6, '0')}.json`;
  await env.BLOBS.put(key, JSON.stringify(checkpoint), { httpMetadata: { contentType: 'application/json' } });
}

/** The finished batches of this task at this base revision, by batch index. */
export async function readReviewCheckpoints(
  env: BlobEnv,
  documentId: string,
  taskId: string,
  baseRevision: number,
): Promise<Map<number, BatchOutcome>> {
  const out = new Map<number, BatchOutcome>();
  let cursor: string | undefined;
  do {
    const page = await env.BLOBS.list({ prefix: `${taskPrefix(documentId, taskId)}${PREFIX}`, cursor });
    for (const object of page.objects) {
      const body = await env.BLOBS.get(object.key);
      const cp = body ? await body.json<ReviewCheckpoint>() : null;
      if (cp?.version === 1 && cp.baseRevision === baseRevision) out.set(cp.outcome.index, cp.outcome);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}
