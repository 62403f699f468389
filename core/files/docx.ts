// .docx → structured text. A .docx is a zip (fflate unzips it, pure JS); word/document.xml holds the body: each
// <w:p> is a paragraph, a heading when its style is a heading (by the style's name in word/styles.xml, "heading 1"…,
// or its outline level), a list item when it has numbering (<w:numPr>); each <w:tbl> row is a table row.
import { unzipSync } from 'fflate';
import { Parser } from 'htmlparser2';
import { corrupt, fileError } from './errors';
import { StructuredText } from './structured-text';

/** Uncompressed bytes of one part we read: a bigger one is a zip bomb, not a document. */
const MAX_PART_BYTES = 64 * 1024 * 1024;
const PARTS = new Set(['word/document.xml', 'word/styles.xml']);

function unzipParts(bytes: Uint8Array): Record<string, Uint8Array> {
  let tooBig = false;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (f) => {
        if (!PARTS.has(f.name)) return false;
        if (f.originalSize > MAX_PART_BYTES) tooBig = true;
        return !tooBig;
      },
    });
  } catch (e) {
    throw corrupt('.docx', e instanceof Error ? e.message : undefined);
  }
  if (tooBig)
    throw fileError('file_too_large', 'Its text unpacks to more than 64 MiB.', '文件解压后的正文超过 64 MiB。');
  if (!parts['word/document.xml']) throw corrupt('.docx', 'no word/document.xml');
  return parts;
}

function decodeXml(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw corrupt('.docx', 'word/document.xml is not UTF-8');
  }
}

/** Heading level by style id, from the styles' names ("heading 2" → 2, "Title" → 1) or outline levels. */
function headingStyles(xml: string | undefined): Map<string, number> {
  const levels = new Map<string, number>();
  if (!xml) return levels;
  let id: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === 'w:style') id = a['w:styleId'] ?? null;
        else if (id && name === 'w:name') {
          const m = /^heading\s*([1-9])$/i.exec(a['w:val'] ?? '');
          if (m) levels.set(id, Number(m[1]));
          else if (/^title$/i.test(a['w:val'] ?? '')) levels.set(id, 1);
        } else if (id && name === 'w:outlinelvl' && !levels.has(id)) {
          const lvl = Number(a['w:val']);
          if (lvl >= 0 && lvl < 9) levels.set(id, lvl + 1);
        }
      },
      onclosetag(name) {
        if (name === 'w:style') id = null;
      },
    },
    { xmlMode: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.write(xml);
  parser.end();
  return levels;
}

export function docxText(bytes: Uint8Array): string {
  const parts = unzipParts(bytes);
  const styles = headingStyles(parts['word/styles.xml'] ? decodeXml(parts['word/styles.xml']) : undefined);
  const out = new StructuredText();
  let para: { text: string; style: string | null; list: number | null; outline: number | null } | null = null;
  let inText = false;
  let tableDepth = 0;
  let row: string[] | null = null;
  let cell: string | null = null;

  const endParagraph = () => {
    if (!para) return;
    const p = para;
    para = null;
    if (tableDepth > 0) {
      if (cell !== null) cell += cell ? ` ${p.text}` : p.text;
      return;
    }
    const level = (p.style && styles.get(p.style)) || (p.outline !== null ? p.outline + 1 : 0);
    if (level > 0) out.heading(level, p.text);
    else if (p.list !== null) out.listItem(p.text, '-');
    else {
      out.endBlock();
      out.paragraph(p.text);
    }
  };

  const parser = new Parser(
    {
      onopentag(name, a) {
        switch (name) {
          case 'w:p':
            para = { text: '', style: null, list: null, outline: null };
            break;
          case 'w:pstyle':
            if (para) para.style = a['w:val'] ?? null;
            break;
          case 'w:ilvl':
            if (para) para.list = Number(a['w:val']) || 0;
            break;
          case 'w:numid':
            // numId 0 means "no numbering" (a style's list switched off).
            if (para && a['w:val'] !== '0') para.list ??= 0;
            else if (para) para.list = null;
            break;
          case 'w:outlinelvl':
            if (para) para.outline = Number(a['w:val']);
            break;
          case 'w:t':
            inText = true;
            break;
          case 'w:tab':
          case 'w:br':
          case 'w:cr':
            if (para) para.text += ' ';
            break;
          case 'w:tbl':
            if (tableDepth++ === 0) out.endBlock();
            break;
          case 'w:tr':
            if (tableDepth === 1) row = [];
            break;
          case 'w:tc':
            if (tableDepth === 1) cell = '';
            break;
        }
      },
      ontext(text) {
        if (inText && para) para.text += text;
      },
      onclosetag(name) {
        switch (name) {
          case 'w:t':
            inText = false;
            break;
          case 'w:p':
            endParagraph();
            break;
          case 'w:tc':
            if (tableDepth === 1 && row && cell !== null) row.push(cell);
            if (tableDepth === 1) cell = null;
            break;
          case 'w:tr':
            if (tableDepth === 1 && row) out.tableRow(row);
            if (tableDepth === 1) row = null;
            break;
          case 'w:tbl':
            if (--tableDepth === 0) out.endBlock();
            break;
        }
      },
    },
    { xmlMode: true, lowerCaseTags: true, lowerCaseAttributeNames: false, decodeEntities: true },
  );
  parser.write(decodeXml(parts['word/document.xml']!));
  parser.end();
  return out.toString();
}
