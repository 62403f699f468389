// Text files (.txt, .md, .html) as text: UTF-8, or UTF-16 with its byte-order mark; the mark itself is dropped.
import { fileError } from './errors';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeTextFile(bytes: Uint8Array): string {
  let label = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  try {
    // The BOM is stripped by the decoder (ignoreBOM false).
    return label === 'utf-8'
      ? UTF8.decode(bytes)
      : new TextDecoder(label, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw fileError(
      'file_unsupported',
      'A text file must be UTF-8 (or UTF-16 with a byte-order mark).',
      '文本文件须为 UTF-8 编码（或带字节序标记的 UTF-16）。',
    );
  }
}

/**
 * Markdown is already the structured text segment() reads (headings, lists, tables, fenced code): it is kept as it
 * is, so that quotes match what the author wrote. Only a YAML front matter block, which is metadata, is dropped.
 */
export function markdownText(text: string): string {
  const front = /^---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)\r?\n/.exec(text);
  return front ? text.slice(front[0].length) : text;
}
