// A file sent to POST /api/documents as multipart form data: one `file` part (.txt, .md, .html, .pdf, .docx),
// optional `title` and `model`. Its size is checked before its bytes are read; its contents by core/files.
import { KgError } from '../../core/errors';
import { fileTooLarge } from '../../core/files/errors';
import type { FileInput } from '../../core/files';
import { MAX_FILE_BYTES, MAX_MODEL_ID_CHARS, MAX_TITLE_CHARS } from '../../core/limits';
import { inputTitle } from '../../core/text/well-formed';
import { formField } from './image-body';
import { ModelIdField } from './request-fields';

const FORM_FIELDS = new Set(['file', 'title', 'model']);

export interface FileRequest {
  file: FileInput;
  title?: string;
  model?: string;
}

/** Whether a create form sends a file (else it sends images). */
export const sendsFile = (form: FormData) => form.has('file');

export async function readFileForm(form: FormData): Promise<FileRequest> {
  for (const key of form.keys()) {
    if (!FORM_FIELDS.has(key)) throw new KgError('invalid_input', `Unknown form field "${key.slice(0, 40)}".`);
  }
  const files = form.getAll('file');
  const file = files[0];
  if (files.length !== 1 || file === undefined || typeof file === 'string')
    throw new KgError('invalid_input', { en: 'file must be one file.', zh: 'file 须为一个文件。' });
  if (file.size > MAX_FILE_BYTES) throw fileTooLarge(file.size);
  const title = formField(form, 'title');
  const model = formField(form, 'model');
  if (title !== undefined && title.length > MAX_TITLE_CHARS)
    throw new KgError('invalid_input', `title is longer than ${MAX_TITLE_CHARS} characters.`);
  if (!ModelIdField.safeParse(model).success)
    throw new KgError('invalid_input', `model must be 1-${MAX_MODEL_ID_CHARS} characters.`);
  return {
    file: { name: file.name, mediaType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
    title: inputTitle(title),
    model,
  };
}
