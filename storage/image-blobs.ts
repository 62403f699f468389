// R2 access for image input (layout in blobs.ts): the uploaded images under their content hash, the checkpoint a
// task writes right after transcription, and the visual source of a published image-derived revision. Only
// references (ids, hashes, names) ever go into D1, task records or checkpoints; bytes stay here.
import { KgError } from '../core/errors';
import type { ImageRef, ImageTranscript, VisualSource } from '../core/images/types';
import { docPrefix, sourceKey, taskPrefix, type BlobEnv } from './blobs';

export const imageKey = (documentId: string, sha256: string) => `${docPrefix(documentId)}images/${sha256}`;
const transcriptKey = (documentId: string, taskId: string) => `${taskPrefix(documentId, taskId)}transcript.json`;
const visualKey = (documentId: string, sourceId: string) =>
  sourceKey(documentId, sourceId).replace(/\.txt$/, '.visual.json');

export async function putImage(
  env: BlobEnv,
  documentId: string,
  sha256: string,
  mediaType: string,
  bytes: Uint8Array,
): Promise<void> {
  await env.BLOBS.put(imageKey(documentId, sha256), bytes, { httpMetadata: { contentType: mediaType } });
}

export async function getImage(env: BlobEnv, documentId: string, sha256: string): Promise<Uint8Array> {
  const object = await env.BLOBS.get(imageKey(documentId, sha256));
  if (!object) throw new KgError('not_found', 'The image is missing.');
  return new Uint8Array(await object.arrayBuffer());
}

/** What a task keeps once its images are transcribed: the transcript replaces the images from here on. */
export interface TranscriptCheckpoint {
  version: 1;
  taskId: string;
  baseRevision: number;
  /** The canonical transcript text (the task's source text from now on) and its SHA-256. */
  text: string;
  sourceId: string;
  ranges: Array<{ start: number; end: number }>;
  images: ImageRef[];
  transcripts: ImageTranscript[];
}

export async function putTranscriptCheckpoint(
  env: BlobEnv,
  documentId: string,
  checkpoint: TranscriptCheckpoint,
): Promise<void> {
  await env.BLOBS.put(transcriptKey(documentId, checkpoint.taskId), JSON.stringify(checkpoint), {
    httpMetadata: { contentType: 'application/json' },
  });
}

export async function getTranscriptCheckpoint(
  env: BlobEnv,
  documentId: string,
  taskId: string,
): Promise<TranscriptCheckpoint | null> {
  const object = await env.BLOBS.get(transcriptKey(documentId, taskId));
  return object ? object.json<TranscriptCheckpoint>() : null;
}

/** Written by the publishing task right before its commit, like the revision's text. */
export async function putVisualSource(
  env: BlobEnv,
  documentId: string,
  sourceId: string,
  source: VisualSource,
): Promise<void> {
  await env.BLOBS.put(visualKey(documentId, sourceId), JSON.stringify(source), {
    httpMetadata: { contentType: 'application/json' },
  });
}

export async function getVisualSource(
  env: BlobEnv,
  documentId: string,
  sourceId: string,
): Promise<VisualSource | null> {
  const object = await env.BLOBS.get(visualKey(documentId, sourceId));
  return object ? object.json<VisualSource>() : null;
}
