// Documents made from a file: the file becomes structured text (core/files), then a document like any pasted text.
// A PDF's page starts go into the task's params, so that its units are stored with their pages.
import { convertFile } from '../../core/files';
import { assertInputText, isWellFormedText, stripControls } from '../../core/text/well-formed';
import type { DocumentCreator } from '../auth/document-credentials';
import type { FileRequest } from '../lib/file-body';
import { createDocument } from './documents';

export async function createFileDocument(env: Env, request: FileRequest, creator: DocumentCreator) {
  const converted = await convertFile(request.file);
  // The text rule of every door (core/text/well-formed.ts): a file with nothing visible is refused like a blank text.
  assertInputText(converted.text);
  // A title the file gives itself (HTML <title>, PDF metadata) or its name, held to the title rule (no controls).
  const own = [converted.title, request.file.name.replace(/\.[^.]+$/, '')]
    .map((t) => (t && isWellFormedText(t) ? stripControls(t).trim() : ''))
    .find(Boolean);
  const title = request.title ?? own;
  const created = await createDocument(
    env,
    { title, text: converted.text, model: request.model, pages: converted.pages },
    creator,
  );
  return {
    ...created,
    file: {
      name: request.file.name,
      format: converted.format,
      chars: converted.text.length,
      ...(converted.pages ? { pages: converted.pages.length } : {}),
    },
  };
}
