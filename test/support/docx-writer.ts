// A tiny .docx writer for tests and benches: word/document.xml (and styles.xml) zipped with fflate, as Word lays
// them out: headings by style id (whose names in styles.xml say "heading N"), list items with <w:numPr>, tables.
import { strToU8, zipSync } from 'fflate';

export type DocxBlock = { heading: number; text: string } | { item: string } | { table: string[][] } | { text: string };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function run(text: string): string {
  return `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
}

function paragraph(block: DocxBlock): string {
  if ('heading' in block)
    return `<w:p><w:pPr><w:pStyle w:val="Berschrift${block.heading}"/></w:pPr>${run(block.text)}</w:p>`;
  if ('item' in block)
    return `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run(block.item)}</w:p>`;
  if ('table' in block)
    return `<w:tbl><w:tblPr/>${block.table
      .map((r) => `<w:tr>${r.map((c) => `<w:tc><w:tcPr/><w:p>${run(c)}</w:p></w:tc>`).join('')}</w:tr>`)
      .join('')}</w:tbl>`;
  // Two runs, the second after a tab, as Word splits a paragraph's text.
  const [a, b] = [block.text.slice(0, block.text.length >> 1), block.text.slice(block.text.length >> 1)];
  return `<w:p>${run(a)}<w:r><w:t xml:space="preserve">${esc(b)}</w:t></w:r></w:p>`;
}

/** Heading style ids are localised in real files ("Berschrift1" is German Word's): the names in styles.xml count. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${[1, 2, 3]
  .map((n) => `<w:style w:type="paragraph" w:styleId="Berschrift${n}"><w:name w:val="heading ${n}"/></w:style>`)
  .join(
    '',
  )}<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style></w:styles>`;

export function makeDocx(blocks: readonly DocxBlock[]): Uint8Array {
  const body = blocks.map(paragraph).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(STYLES),
  });
}
