// The text rule for multipart bodies (core/text/well-formed.ts): every part's headers (field names, file names) and
// every part that is not a file (title, text, model) must be UTF-8. FormData would replace invalid bytes with U+FFFD
// without a word, so the raw parts are checked before it parses them; file contents are bytes and not checked here.
import { decodeUtf8 } from '../../core/text/well-formed';

const encoder = new TextEncoder();
const HEADERS_END = encoder.encode('\r\n\r\n');

/** The boundary of a multipart Content-Type, quoted or not; undefined when there is none. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** Refuses (invalid_input) a multipart body whose part headers or non-file parts are not UTF-8. */
export function assertMultipartTextUtf8(body: Uint8Array, boundary: string): void {
  const delimiter = encoder.encode(`--${boundary}`);
  let at = indexOf(body, delimiter, 0);
  while (at !== -1) {
    const partStart = at + delimiter.length;
    const next = indexOf(body, delimiter, partStart);
    // A delimiter followed by "--" closes the body; what is malformed is left for the form parser to refuse.
    if (next === -1 || (body[partStart] === 0x2d && body[partStart + 1] === 0x2d)) return;
    const headersEnd = indexOf(body, HEADERS_END, partStart);
    if (headersEnd === -1 || headersEnd > next) return;
    const headers = decodeUtf8(body.subarray(partStart, headersEnd), 'body');
    // The part's content ends with the CRLF that precedes the next delimiter.
    if (!/;\s*filename\*?=/i.test(headers)) decodeUtf8(body.subarray(headersEnd + HEADERS_END.length, next), 'body');
    at = next;
  }
}

/** The first index of `pattern` in `bytes` at or after `from`, or -1 (the native indexOf finds each candidate). */
function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0]!;
  for (let i = bytes.indexOf(first, from); i !== -1 && i <= bytes.length - pattern.length; ) {
    let j = 1;
    while (j < pattern.length && bytes[i + j] === pattern[j]) j++;
    if (j === pattern.length) return i;
    i = bytes.indexOf(first, i + 1);
  }
  return -1;
}
