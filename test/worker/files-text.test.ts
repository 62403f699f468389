// Files in, text formats (issue 31): .txt as it is, .md as the structured text it already is (headings → sections;
// lists, tables and fenced code → units), .html by its main content (headings kept, scripts, styles and navigation
// dropped), all inside workerd; an unknown type, a binary file named .txt and a non-UTF-8 file are typed refusals.
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../core/ids';
import { expectError, json } from './helpers';
import { extractFile, kinds, upload } from './files-helpers';

const enc = new TextEncoder();

describe('text files', () => {
  it('.txt: the text as it is (the byte-order mark dropped), the same source as the pasted text', async () => {
    const text = 'Water boils at 100 degrees. Ice melts at zero.';
    const { doc, units } = await extractFile('facts.txt', enc.encode(`\ufeff${text}`));
    expect(units.map((u) => u.text)).toEqual([text]);
    expect(doc.sourceId).toBe(await sha256Hex(text));
  });

  it('.md: headings become sections; lists, tables and code blocks become units', async () => {
    const md = [
      '---',
      'title: front matter is metadata',
      '---',
      '# Graphs',
      '',
      'A graph links concepts.',
      '',
      '- nodes',
      '- edges',
      '',
      '| term | meaning |',
      '|---|---|',
      '| node | a concept |',
      '',
      '## Code',
      '',
      '```ts',
      'const graph = new Graph();',
      '```',
    ].join('\n');
    const { doc, units } = await extractFile('graphs.md', enc.encode(md));
    expect(doc.sections.map((s) => s.title)).toEqual(['Graphs', 'Code']);
    expect(kinds(units)).toEqual([
      'heading:Graphs',
      'narrative:A graph links concepts.',
      'list:nodes',
      'list:edges',
      'table:| term | meaning |',
      'table:| node | a concept |',
      'heading:Code',
      'code:const graph = new Graph();',
    ]);
  });

  it('.html: the main content with its headings; no script, style or navigation', async () => {
    const html = `<!doctype html><html><head><title>The &amp; page</title><style>p { color: red }</style>
      <script>document.write("evil")</script></head><body><nav><a href="/">Home</a> <a>About</a></nav>
      <main><h1>Rivers</h1><p>A river <b>flows</b> to the sea.&nbsp;It carries silt.</p>
      <ul><li>The Nile</li><li>The Amazon</li></ul>
      <table><tr><th>River</th><th>Length</th></tr><tr><td>Nile</td><td>6650 km</td></tr></table>
      <h2>Deltas</h2><pre>delta = river + sea</pre><script>alert(1)</script></main>
      <footer>Copyright</footer></body></html>`;
    const { doc, units } = await extractFile('rivers.html', enc.encode(html));
    expect(doc.title).toBe('The & page');
    expect(doc.sections.map((s) => [s.title, s.level])).toEqual([
      ['Rivers', 1],
      ['Deltas', 2],
    ]);
    expect(kinds(units)).toEqual([
      'heading:Rivers',
      'narrative:A river flows to the sea. It carries silt.',
      'list:The Nile',
      'list:The Amazon',
      'table:| River | Length |',
      'table:| Nile | 6650 km |',
      'heading:Deltas',
      'code:delta = river + sea',
    ]);
    const all = units.map((u) => u.text).join(' ');
    for (const word of ['evil', 'alert', 'color', 'Home', 'Copyright']) expect(all).not.toContain(word);
  });

  it('refuses what is not one of the formats, binary text and other encodings', async () => {
    expectError(await upload('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47])), 415, 'file_unsupported');
    expectError(await upload('data.txt', new Uint8Array([0x41, 0, 0x42, 0])), 415, 'file_type_mismatch');
    expectError(await upload('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9])), 415, 'file_unsupported');
    expectError(await upload('blank.md', enc.encode('   \n\n')), 400, 'invalid_input');
    const form = new FormData();
    form.set('file', new File([enc.encode('x')], 'a.txt'));
    form.set('images', 'no');
    expectError(await json('/api/documents', { method: 'POST', body: form }), 400, 'invalid_input');
  });

  it('UTF-16 with a byte-order mark is read', async () => {
    const text = '知识图谱连接概念。';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
      bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    const { units } = await extractFile('zh.txt', bytes);
    expect(units.map((u) => u.text)).toEqual([text]);
  });
});
