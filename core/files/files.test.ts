// core/files in Node 20: every format converts here too (the same code the Worker runs), pages map to units, and
// the format is decided by the bytes before the name.
import { describe, expect, it } from 'vitest';
import { makeDocx } from '../../test/support/docx-writer';
import { makePdf } from '../../test/support/pdf-writer';
import { segment } from '../units';
import { detectFormat } from './formats';
import { convertFile } from './index';
import { pageName } from '../i18n/unit-name';
import { pageOf, withPages } from './pages';

const enc = new TextEncoder();
const convert = (name: string, bytes: Uint8Array, mediaType = '') => convertFile({ name, mediaType, bytes });

describe('core/files', () => {
  it('maps offsets to pages: the last page starting at or before the offset (empty pages share an offset)', () => {
    const pages = [0, 10, 10, 30];
    expect([0, 9, 10, 29, 30, 99].map((o) => pageOf(pages, o))).toEqual([1, 1, 3, 3, 4, 4]);
    expect(pageOf([], 5)).toBeUndefined();
    expect([pageName(3, 'en'), pageName(3, 'zh')]).toEqual(['p. 3', '第 3 页']);
  });

  it('reads a PDF in Node, and its units get the pages their text starts on', async () => {
    const pdf = await convert('x.pdf', makePdf([['Alpha one.'], [], ['Gamma three.', 'More of it.']]));
    expect(pdf.pages).toEqual([0, 12, 12]);
    const units = withPages(segment(pdf.text).units, pdf.pages);
    expect(units.map((u) => [u.page, u.text])).toEqual([
      [1, 'Alpha one.'],
      [3, 'Gamma three.\nMore of it.'],
    ]);
  });

  it('reads .docx, .html and .md in Node', async () => {
    expect((await convert('a.docx', makeDocx([{ heading: 1, text: 'H' }, { item: 'i' }]))).text).toBe('# H\n\n- i');
    expect((await convert('a.html', enc.encode('<h2>T</h2><p>x &lt; y</p>'))).text).toBe('## T\n\nx < y');
    expect((await convert('a.md', enc.encode('# T\n\n- x'))).text).toBe('# T\n\n- x');
  });

  it('decides by the bytes first: a PDF named .txt is a PDF, a zip named .txt is refused', () => {
    expect(detectFormat('a.txt', 'text/plain', makePdf([['x']]))).toBe('pdf');
    expect(() => detectFormat('a.txt', '', makeDocx([{ text: 'x' }]))).toThrow(/binary/);
    expect(detectFormat('README', '', enc.encode('plain'))).toBe('txt');
    expect(detectFormat('page', 'text/html; charset=utf-8', enc.encode('<p>x</p>'))).toBe('html');
  });

  it('keeps an HTML page’s text as text: markup in entities stays words, never tags', async () => {
    const { text } = await convert('a.html', enc.encode('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'));
    expect(text).toBe('<script>alert(1)</script>');
  });
});
