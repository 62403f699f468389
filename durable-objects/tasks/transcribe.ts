// The first step of an extraction from images: one multimodal call turns the task's images into the canonical
// transcript, and a checkpoint holding the transcript (never the images) is written at once. From then on the task
// is a text task: its batches, retries and any resume read the transcript, so no image is ever sent again.
import { KgError } from '../../core/errors';
import { sha256Hex } from '../../core/ids';
import {
  buildTranscriptionPrompt,
  buildTranscriptText,
  buildVisualSource,
  normalizeTranscript,
  type ImageRef,
  type VisualSource,
} from '../../core/images';
import { MAX_TEXT_CHARS } from '../../core/limits';
import { parseJsonObject } from '../../core/review/json';
import type { Scheduler } from '../../core/scheduler';
import { resolveModel } from '../../models/registry';
import { transcribeWithModel } from '../../models/providers/vision-chat';
import {
  getImage,
  getTranscriptCheckpoint,
  putTranscriptCheckpoint,
  type TranscriptCheckpoint,
} from '../../storage/image-blobs';
import type { TaskRecord } from '../task-store';

/** An extract task started from images carries their references (never bytes) in its params. */
export interface ImageTaskParams {
  images: ImageRef[];
}

export function imagesOf(task: Pick<TaskRecord, 'kind' | 'params'>): ImageRef[] | null {
  const params = task.params as Partial<ImageTaskParams> | null;
  return task.kind === 'extract' && params && Array.isArray(params.images) && params.images.length > 0
    ? params.images
    : null;
}

export interface TaskInput {
  text: string;
  sourceId: string;
  /** Set for an image-derived task: what the visual source is built from once the transcript is segmented. */
  visual: TranscriptCheckpoint | null;
}

export interface TranscribeDeps {
  signal: AbortSignal;
  scheduler: Scheduler;
  /** Marks the task as transcribing (stage) and reports characters received. */
  progress: (charsReceived: number) => void;
  heartbeat: () => Promise<void>;
}

/**
 * The text a task extracts from. Text tasks: the text they were given. Image tasks: the transcript, from the
 * checkpoint when an earlier run of this task already made it (a resume), else from one transcription call.
 */
export async function taskInput(env: Env, task: TaskRecord, given: string, deps: TranscribeDeps): Promise<TaskInput> {
  const images = imagesOf(task);
  if (!images) return { text: given, sourceId: task.sourceId, visual: null };
  const saved = await getTranscriptCheckpoint(env, task.documentId, task.id);
  if (saved && saved.baseRevision === task.baseRevision)
    return { text: saved.text, sourceId: saved.sourceId, visual: saved };

  const model = resolveModel(env, task.model);
  if (!model.config || model.image === false)
    throw new KgError('model_image_unsupported', `${model.id} does not take images.`);
  deps.progress(0);
  const names = images.map((image) => image.name);
  const request = buildTranscriptionPrompt(task.title, given, names);
  const parts = await Promise.all(
    images.map(async (image, i) => ({
      caption: request.captions[i]!,
      mediaType: image.mediaType,
      bytes: await getImage(env, task.documentId, image.sha256),
    })),
  );
  // Streaming progress arrives often; the task row is written at most twice a second.
  let lastWrite = 0;
  const onText = (chars: number) => {
    const now = Date.now();
    if (now - lastWrite < 500) return;
    lastWrite = now;
    deps.progress(chars);
  };
  const raw = await transcribeWithModel(env, model.config, request.prompt, parts, {
    signal: deps.signal,
    scheduler: deps.scheduler,
    onText,
  });
  let answer: Record<string, unknown>;
  try {
    answer = parseJsonObject(raw);
  } catch {
    throw new KgError('visual_schema_invalid', 'The transcription is not a JSON object.');
  }
  const transcripts = normalizeTranscript(answer, images.length);
  const { text, ranges } = buildTranscriptText(given, names, transcripts);
  if (text.length > MAX_TEXT_CHARS)
    throw new KgError(
      'visual_too_large',
      `The transcript and text have ${text.length} characters; the limit is ${MAX_TEXT_CHARS}.`,
    );
  const checkpoint: TranscriptCheckpoint = {
    version: 1,
    taskId: task.id,
    baseRevision: task.baseRevision,
    text,
    sourceId: await sha256Hex(text),
    ranges,
    images,
    transcripts,
  };
  await putTranscriptCheckpoint(env, task.documentId, checkpoint);
  await deps.heartbeat();
  return { text, sourceId: checkpoint.sourceId, visual: checkpoint };
}

/** The revision's `source.visualSource`, from the transcript checkpoint and the transcript's content units. */
export function visualSourceOf(
  visual: TranscriptCheckpoint,
  units: ReadonlyArray<{ n: number; start: number; end: number }>,
): VisualSource {
  return buildVisualSource(units, visual.ranges, visual.images, visual.transcripts);
}
