// Which converter reads a file: the bytes decide for the binary formats (a PDF starts with %PDF-, a .docx is a zip,
// a password-protected .docx is an OLE container), the name and declared type among the text formats.
import { fileError } from './errors';

export const FILE_FORMATS = ['txt', 'md', 'html', 'pdf', 'docx'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The extensions the picker offers and the API accepts, by format. */
export const FILE_EXTENSIONS: Readonly<Record<FileFormat, readonly string[]>> = {
  txt: ['.txt', '.text'],
  md: ['.md', '.markdown'],
  html: ['.html', '.htm', '.xhtml'],
  pdf: ['.pdf'],
  docx: ['.docx'],
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((b, i) => bytes[at + i] === b);
}

/** PDF readers accept junk before the header within the first 1024 bytes; so do we. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= end; i++) if (bytes[i] === 0x25 && startsWith(bytes, PDF_MAGIC, i)) return true;
  return false;
}

/** Whether `bytes` hold `ascii` as UTF-16LE (the names in an OLE directory). */
function hasUtf16(bytes: Uint8Array, ascii: string): boolean {
  const first = ascii.charCodeAt(0);
  for (
    let i = bytes.indexOf(first);
    i !== -1 && i + ascii.length * 2 <= bytes.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    let k = 0;
    while (k < ascii.length && bytes[i + 2 * k] === ascii.charCodeAt(k) && bytes[i + 2 * k + 1] === 0) k++;
    if (k === ascii.length) return true;
  }
  return false;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function formatByName(name: string, mediaType: string): FileFormat | null {
  const ext = extensionOf(name);
  for (const f of FILE_FORMATS) if (FILE_EXTENSIONS[f].includes(ext)) return f;
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown') return 'md';
  if (type === 'application/pdf') return 'pdf';
  if (ext === '' && (type === '' || type === 'text/plain' || type === 'application/octet-stream')) return 'txt';
  if (type === 'text/plain') return 'txt';
  return null;
}

/** The format of a file, or a typed refusal (file_unsupported, file_type_mismatch, file_encrypted). */
export function detectFormat(name: string, mediaType: string, bytes: Uint8Array): FileFormat {
  const byName = formatByName(name, mediaType);
  if (hasPdfHeader(bytes)) return 'pdf';
  if (byName === 'docx' && startsWith(bytes, ZIP_MAGIC)) return 'docx';
  if (byName === 'docx' && startsWith(bytes, OLE_MAGIC)) {
    // Word keeps a password-protected .docx in an OLE container with an "EncryptedPackage" stream; an OLE file
    // without one is an old .doc renamed.
    if (hasUtf16(bytes, 'EncryptedPackage'))
      throw fileError(
        'file_encrypted',
        'A password-protected Word file is an encrypted container, not a .docx.',
        '受密码保护的 Word 文件是加密容器，不是普通的 .docx。',
      );
    throw fileError(
      'file_unsupported',
      'It is an old .doc file, not a .docx; save it as .docx.',
      '它是旧版 .doc 文件，不是 .docx，请另存为 .docx。',
    );
  }
  if (byName === 'pdf')
    throw fileError(
      'file_type_mismatch',
      'It is not a PDF (no %PDF- header).',
      '它不是 PDF 文件（缺少 %PDF- 文件头）。',
    );
  if (byName === 'docx')
    throw fileError(
      'file_type_mismatch',
      'It is not a .docx (not a zip archive).',
      '它不是 .docx 文件（不是 zip 压缩包）。',
    );
  if (byName === null) {
    const ext = extensionOf(name);
    throw fileError(
      'file_unsupported',
      ext === '.doc'
        ? 'Old .doc files are not read; save it as .docx.'
        : `"${ext || name.slice(0, 40)}" is not one of them.`,
      ext === '.doc' ? '不支持旧版 .doc 文件，请另存为 .docx。' : `不支持“${ext || name.slice(0, 40)}”。`,
    );
  }
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, OLE_MAGIC) || bytes.subarray(0, 4096).includes(0))
    throw fileError(
      'file_type_mismatch',
      `It is binary, not ${byName === 'md' ? 'Markdown' : byName === 'html' ? 'HTML' : 'plain'} text.`,
      '它是二进制文件，不是文本。',
    );
  return byName;
}
