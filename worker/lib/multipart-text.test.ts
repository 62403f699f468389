// assertMultipartTextUtf8: the text parts and every part's headers of a multipart body must be UTF-8; file contents
// are bytes. Bodies built the way a browser's FormData serialises them.
import { describe, expect, it } from 'vitest';
import { isKgError } from '../../core/errors';
import { assertMultipartTextUtf8, multipartBoundary } from './multipart-text';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
const B = 'XyZ123';
const part = (head: string, ...content: Array<string | number[]>) =>
  bytes(`--${B}\r\n${head}\r\n\r\n`, ...content, '\r\n');
const body = (...parts: Uint8Array[]) => bytes(...parts.map((p) => [...p]), `--${B}--\r\n`);
const refused = (b: Uint8Array) => {
  try {
    assertMultipartTextUtf8(b, B);
    return false;
  } catch (error) {
    if (isKgError(error) && error.code === 'invalid_input') return true;
    throw error;
  }
};
describe('multipartBoundary', () => {
  it('reads a quoted or bare boundary', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
  });
});

describe('assertMultipartTextUtf8', () => {
  it('accepts UTF-8 text parts and any bytes in a file', () => {
    const ok = body(
      part('Content-Disposition: form-data; name="title"', '图表 😀'),
      part('Content-Disposition: form-data; name="images"; filename="图.png"', [0x89, 0xff, 0xfe, 0x00]),
    );
    expect(refused(ok)).toBe(false);
  });

  it('refuses a text part, or a part header, that is not UTF-8', () => {
    expect(refused(body(part('Content-Disposition: form-data; name="text"', 'a', [0xff], 'b')))).toBe(true);
    expect(refused(body(part('Content-Disposition: form-data; name="title"', [0xed, 0xa0, 0x80])))).toBe(true);
    expect(
      refused(
        body(
          bytes(
            `--${B}\r\nContent-Disposition: form-data; name="images"; filename="`,
            [0xc3, 0x28],
            '.png"\r\n\r\n',
            [1],
            '\r\n',
          ),
        ),
      ),
    ).toBe(true);
  });
});
