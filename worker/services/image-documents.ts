// Documents made from images: the images, already admitted (core/images/admission.ts), are checked against the
// model (one without image input is refused before anything is stored), stored in R2 under their content hash,
// and the document's object runs an extract task whose params carry references only. Reading back: the revision's
// visual source and the original images, only those that belong to the document.
import { KgError } from '../../core/errors';
import { newDocumentId, newId, sha256Hex } from '../../core/ids';
import { imageSha256, type AdmittedImage, type ImageRef, type VisualSource } from '../../core/images';
import { MAX_TEXT_CHARS, MAX_TITLE_CHARS } from '../../core/limits';
import { hasVisibleText } from '../../core/text/well-formed';
import { documentObject } from '../../durable-objects/client';
import { resolveModel } from '../../models/registry';
import { putTaskSource } from '../../storage/blobs';
import { getImage, getVisualSource, putImage } from '../../storage/image-blobs';
import { insertDocumentWithTask } from '../../storage/documents';
import { newDocumentCredentials, type DocumentCreator } from '../auth/document-credentials';
import { getDocumentRow } from './documents';

export interface ImageDocumentInput {
  title?: string;
  /** Optional user text (说明文字): its paragraphs come before the transcript. */
  text?: string;
  model?: string;
  images: AdmittedImage[];
}

export async function createImageDocument(env: Env, input: ImageDocumentInput, creator: DocumentCreator) {
  const text = input.text && hasVisibleText(input.text) ? input.text : '';
  if (text.length > MAX_TEXT_CHARS) {
    throw new KgError('input_too_large', `The text has ${text.length} characters; the limit is ${MAX_TEXT_CHARS}.`);
  }
  const model = resolveModel(env, input.model);
  // Before anything is stored. 'unknown' capability is allowed one attempt (the provider then decides).
  if (model.image === false) {
    throw new KgError(
      'model_image_unsupported',
      { en: `${model.id} does not take image input.`, zh: `${model.id} 不支持图片输入。` },
      { details: { reason: 'MODEL_DOES_NOT_SUPPORT_IMAGES' } },
    );
  }
  const documentId = newDocumentId();
  const taskId = newId('task');
  const refs: ImageRef[] = [];
  for (const image of input.images) {
    const sha256 = await imageSha256(image.bytes);
    await putImage(env, documentId, sha256, image.mediaType, image.bytes);
    refs.push({ id: image.id, name: image.name, mediaType: image.mediaType, bytes: image.bytes.length, sha256 });
  }
  const sourceKey = await putTaskSource(env, documentId, taskId, text);
  const title = (input.title?.trim() || refs[0]!.name).slice(0, MAX_TITLE_CHARS);
  const now = Date.now();
  const credentials = await newDocumentCredentials(documentId, creator);
  await insertDocumentWithTask(
    env,
    { id: documentId, title, ...credentials.columns, chars: text.length, model: model.id, createdAt: now },
    { id: taskId, kind: 'extract' },
  );
  // The task's sourceId is the user text's until the transcript exists (the published revision gets the transcript's).
  await documentObject(env, documentId).start({
    taskId,
    documentId,
    kind: 'extract',
    model: model.id,
    title,
    sourceKey,
    sourceId: await sha256Hex(text),
    params: { images: refs },
  });
  return {
    documentId,
    taskId,
    revision: 0,
    images: refs.map(({ id, name, mediaType, bytes }) => ({ id, name, mediaType, bytes })),
    ...credentials.answer,
  };
}

/** The current revision's visual source (null for a document made from text). */
export async function readVisualSource(
  env: Env,
  documentId: string,
): Promise<{ documentId: string; revision: number; visualSource: VisualSource | null }> {
  const doc = await getDocumentRow(env, documentId);
  const visualSource = doc.sourceId ? await getVisualSource(env, doc.id, doc.sourceId) : null;
  return { documentId: doc.id, revision: doc.revision, visualSource };
}

const IMAGE_ID = /^image-\d{1,2}$/;

/** An original image, only when the document's current revision lists it: no other blob is reachable this way. */
export async function readImage(env: Env, documentId: string, imageId: string) {
  const notFound = () =>
    new KgError('not_found', { en: 'This document has no such image.', zh: '该文档没有这张图片。' });
  if (!IMAGE_ID.test(imageId)) throw notFound();
  const { visualSource } = await readVisualSource(env, documentId);
  const image = visualSource?.images.find((img) => img.id === imageId);
  if (!image) throw notFound();
  const bytes = await getImage(env, documentId, image.attachment.sha256);
  return { image, bytes };
}
