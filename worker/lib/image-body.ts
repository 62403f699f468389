// The two ways images arrive at POST /api/documents: multipart form data (files) and JSON (base64). Both end as
// admitted images (core/images/admission.ts: every check before any model is contacted or anything stored), plus
// the optional title, text and model, checked as the text route checks them (the text rule, core/text/well-formed.ts:
// the form's text parts must be UTF-8, see multipart-text.ts; the JSON form is checked whole by readJson).
import { KgError } from '../../core/errors';
import {
  admitBase64Images,
  admitRawImages,
  checkImageCount,
  imageError,
  MAX_IMAGE_BYTES,
  type RawImage,
} from '../../core/images';
import { MAX_MODEL_ID_CHARS, MAX_TITLE_CHARS } from '../../core/limits';
import { assertWellFormed, inputTitle } from '../../core/text/well-formed';
import { readBodyBytes, type AppContext } from './http';
import { assertMultipartTextUtf8, multipartBoundary } from './multipart-text';
import { ModelIdField } from './request-fields';
import type { ImageDocumentInput } from '../services/image-documents';

export const isMultipart = (c: AppContext) => /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '');

const FORM_FIELDS = new Set(['title', 'text', 'model', 'images']);

/** The multipart body as form data, once its text parts are known to be UTF-8 (images and files both come so). */
export async function readMultipartForm(c: AppContext): Promise<FormData> {
  const type = c.req.header('content-type') ?? '';
  const bytes = await readBodyBytes(c);
  const boundary = multipartBoundary(type);
  // Before FormData, which would replace bytes that are not UTF-8 in the text fields without a word.
  if (boundary) assertMultipartTextUtf8(bytes, boundary);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new KgError('invalid_input', {
      en: 'The body is not valid multipart form data.',
      zh: '请求体不是合法的 multipart 表单。',
    });
  }
  return form;
}

export async function readImageForm(form: FormData): Promise<ImageDocumentInput> {
  for (const key of form.keys()) {
    if (!FORM_FIELDS.has(key)) throw new KgError('invalid_input', `Unknown form field "${key.slice(0, 40)}".`);
  }
  const field = (name: string) => formField(form, name);
  const files = form.getAll('images');
  // Count first, then sizes before reading any bytes (the body limit has already bounded the whole request).
  checkImageCount(files.length);
  const raw: RawImage[] = [];
  for (const [i, file] of files.entries()) {
    if (typeof file === 'string')
      throw imageError('image_invalid', 'INVALID_IMAGE', {
        en: `Image ${i + 1} is not a file.`,
        zh: `第 ${i + 1} 张图片不是文件。`,
      });
    if (file.size > MAX_IMAGE_BYTES)
      throw imageError('image_too_large', 'IMAGE_TOO_LARGE', {
        en: `Image ${i + 1} is larger than ${MAX_IMAGE_BYTES} bytes.`,
        zh: `第 ${i + 1} 张图片超过 6 MiB。`,
      });
    raw.push({ name: file.name, mediaType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return finishRequest({ title: field('title'), text: field('text'), model: field('model') }, admitRawImages(raw));
}

/** One optional text field of a form. */
export function formField(form: FormData, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1 || (values[0] !== undefined && typeof values[0] !== 'string'))
    throw new KgError('invalid_input', `${name} must be one text field.`);
  return values[0] as string | undefined;
}

/** The JSON form, once its envelope passed the route's zod schema. */
export function imageJsonRequest(body: {
  title?: string;
  text?: string;
  model?: string;
  images: unknown[];
}): ImageDocumentInput {
  return finishRequest(body, admitBase64Images(body.images));
}

function finishRequest(
  fields: { title?: string; text?: string; model?: string },
  images: ImageDocumentInput['images'],
): ImageDocumentInput {
  if (fields.title !== undefined && fields.title.length > MAX_TITLE_CHARS)
    throw new KgError('invalid_input', `title is longer than ${MAX_TITLE_CHARS} characters.`);
  if (!ModelIdField.safeParse(fields.model).success)
    throw new KgError('invalid_input', `model must be 1-${MAX_MODEL_ID_CHARS} characters.`);
  if (fields.text !== undefined) assertWellFormed(fields.text, 'text');
  return { title: inputTitle(fields.title), text: fields.text, model: fields.model, images };
}
