// Files in: a file's bytes → the product's structured text (core/files/structured-text.ts), which segment() turns
// into sections and units like any pasted text; a PDF also says where each page starts, so that every unit can
// carry its page (core/files/pages.ts). Pure: the same converters run in the Worker, the browser and Node.
import { MAX_FILE_BYTES, MAX_TEXT_CHARS } from '../limits';
import { docxText } from './docx';
import { fileTooLarge, textTooLong } from './errors';
import { detectFormat, type FileFormat } from './formats';
import { htmlText } from './html';
import { decodeTextFile, markdownText } from './text';

export interface FileInput {
  name: string;
  /** The declared media type ('' when none). */
  mediaType: string;
  bytes: Uint8Array;
}

export interface ConvertedFile {
  format: FileFormat;
  text: string;
  /** PDF only: pages[i] is the offset where page i + 1 starts in `text`. */
  pages?: number[];
  /** A title the file names for itself (HTML <title>, PDF metadata), if any. */
  title?: string;
}

/** The file as structured text, or a typed refusal (core/errors.ts: file_* and pdf_no_text). */
export async function convertFile(file: FileInput): Promise<ConvertedFile> {
  if (file.bytes.length > MAX_FILE_BYTES) throw fileTooLarge(file.bytes.length);
  const format = detectFormat(file.name, file.mediaType, file.bytes);
  let converted: ConvertedFile;
  if (format === 'pdf') {
    const { pdfText } = await import('./pdf');
    converted = { format, ...(await pdfText(file.bytes)) };
  } else if (format === 'docx') converted = { format, text: docxText(file.bytes) };
  else {
    const text = decodeTextFile(file.bytes);
    if (format === 'html') converted = { format, ...htmlText(text) };
    else converted = { format, text: format === 'md' ? markdownText(text) : text };
  }
  if (converted.text.length > MAX_TEXT_CHARS) throw textTooLong(converted.text.length);
  return converted;
}
