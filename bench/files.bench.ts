// Benchmark: files in (issue 31) — convertFile() (core/files) over 1,000,000 characters of text in each format
// (.txt, .md, .html, .docx, .pdf), in Node; --light: 100,000 characters. Goal: 1M characters convert in < 5 s per
// format. The figure is ms per million characters of the converted text, at either size.
import { convertFile } from '../core/files';
import { segment } from '../core/units';
import { makeDocx, type DocxBlock } from '../test/support/docx-writer';
import { makePdf } from '../test/support/pdf-writer';
import { seededRandom } from '../test/support/random';
import { LIGHT, report } from './report';

// A little under the 1M-character text limit (MAX_TEXT_CHARS), which each format's markup then fills.
const TARGET = LIGHT ? 100_000 : 970_000;
const RUNS = 3;
const enc = new TextEncoder();

const SENTENCES = [
  'A knowledge graph links concepts with typed relations.',
  'Every relation cites a quote from the source text.',
  'Because quotes are checked, an ungrounded edge is dropped.',
  'The workbench shows each node beside the unit it came from.',
  'Rivers carry silt to the sea, and deltas form where they meet it.',
  'A checkpoint is written after every batch, so a crash resumes.',
];

/** Sections of paragraphs, list items and table rows, as abstract blocks every format writes in its own markup. */
function blocks(target: number): DocxBlock[] {
  const rand = seededRandom(31);
  const out: DocxBlock[] = [];
  let chars = 0;
  for (let s = 0; chars < target; s++) {
    out.push({ heading: 1 + (s % 2), text: `Section ${s + 1}` });
    for (let p = 0; p < 4; p++) {
      const n = 2 + Math.floor(rand() * 4);
      const text = Array.from({ length: n }, () => SENTENCES[Math.floor(rand() * SENTENCES.length)]).join(' ');
      out.push({ text });
      chars += text.length + 2;
    }
    out.push({ item: 'Nodes are the concepts of the text.' }, { item: 'Edges are the relations between them.' });
    out.push({
      table: [
        ['Part', 'Role'],
        ['Node', 'A concept'],
        ['Edge', 'A relation'],
      ],
    });
    chars += 160;
  }
  return out;
}

function markdown(bs: readonly DocxBlock[]): string {
  return bs
    .map((b) =>
      'heading' in b
        ? `${'#'.repeat(b.heading)} ${b.text}`
        : 'item' in b
          ? `- ${b.item}`
          : 'table' in b
            ? b.table
                .map((r, i) => `| ${r.join(' | ')} |${i === 0 ? `\n|${r.map(() => '---|').join('')}` : ''}`)
                .join('\n')
            : b.text,
    )
    .join('\n\n');
}

function htmlPage(bs: readonly DocxBlock[]): string {
  const body = bs
    .map((b) =>
      'heading' in b
        ? `<h${b.heading}>${b.text}</h${b.heading}>`
        : 'item' in b
          ? `<ul><li>${b.item}</li></ul>`
          : 'table' in b
            ? `<table>${b.table.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`
            : `<p>${b.text}</p>`,
    )
    .join('\n');
  return `<!doctype html><html><head><title>Bench</title><style>p{}</style><script>var x=1</script></head><body><nav>Home</nav><main>${body}</main></body></html>`;
}

/** Pages of 50 lines of at most 90 characters (Helvetica, ASCII). */
function pdfPages(bs: readonly DocxBlock[]): string[][] {
  const lines: string[] = [];
  for (const b of bs) {
    const text =
      'heading' in b
        ? b.text
        : 'item' in b
          ? `- ${b.item}`
          : 'table' in b
            ? b.table.map((r) => r.join('  ')).join(' ')
            : b.text;
    for (let i = 0; i < text.length; i += 90) lines.push(text.slice(i, i + 90));
  }
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += 50) pages.push(lines.slice(i, i + 50));
  return pages;
}

async function main() {
  const bs = blocks(TARGET);
  const inputs: [string, Uint8Array][] = [
    ['notes.txt', enc.encode(markdown(bs).replace(/[#|-]/g, ''))],
    ['notes.md', enc.encode(markdown(bs))],
    ['notes.html', enc.encode(htmlPage(bs))],
    ['notes.docx', makeDocx(bs)],
    ['notes.pdf', makePdf(pdfPages(bs))],
  ];
  for (const [name, bytes] of inputs) {
    // One untimed run first: the first PDF also loads pdf.js (its cold cost is printed in the note).
    const c0 = performance.now();
    await convertFile({ name, mediaType: '', bytes });
    const cold = performance.now() - c0;
    const times: number[] = [];
    let chars = 0;
    let units = 0;
    let pages = 0;
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const converted = await convertFile({ name, mediaType: '', bytes });
      times.push(performance.now() - t0);
      chars = converted.text.length;
      pages = converted.pages?.length ?? 0;
      if (r === 0) units = segment(converted.text).units.length;
    }
    const format = name.split('.')[1];
    report({
      name: `files: ${format} ms per 1M chars`,
      unit: 'ms',
      goal: 5000,
      better: 'lower',
      samples: times.map((t) => (t * 1_000_000) / chars),
      note: `${(bytes.length / 1024 / 1024).toFixed(1)} MiB → ${chars} chars, ${units} units${pages ? `, ${pages} pages` : ''}; first run ${Math.round(cold)} ms; issue 31: 1M chars < 5 s`,
    });
  }
}

main();
