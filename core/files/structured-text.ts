// The product's structured text, written by the file converters: the plain-text markup that core/units/segment.ts
// already reads (ATX headings open sections; "- " items, pipe rows and fenced code become list, table and code
// units). A file is turned into this text, never into units directly, so a file's units follow the one segmentation.

type BlockKind = 'paragraph' | 'list' | 'table' | 'other';

/** Runs of whitespace (no line breaks kept) as one space; the ends trimmed. */
export function collapseSpaces(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

export class StructuredText {
  private out: string[] = [];
  private last: BlockKind = 'other';
  private tableRows = 0;
  /** Characters of the text built so far. */
  private length = 0;

  /** Offset the next block will start at (after its separator). */
  nextOffset(): number {
    return this.out.length === 0 ? 0 : this.length + 2;
  }

  private push(kind: BlockKind, text: string): void {
    // Consecutive list items and table rows stay one block (one line each); anything else is its own block.
    const sep =
      this.out.length === 0 ? '' : kind === this.last && (kind === 'list' || kind === 'table') ? '\n' : '\n\n';
    this.out.push(sep, text);
    this.length += sep.length + text.length;
    this.last = kind;
  }

  heading(level: number, text: string): void {
    const t = collapseSpaces(text);
    if (t) this.push('other', `${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${t}`);
  }

  paragraph(text: string): void {
    const t = collapseSpaces(text);
    if (t) this.push('paragraph', t);
  }

  /** A block whose own line breaks are kept (a PDF page's lines); blank lines inside it stay block breaks. */
  lines(text: string): void {
    const t = text
      .split('\n')
      .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    if (t) this.push('paragraph', t);
  }

  listItem(text: string, marker = '-'): void {
    const t = collapseSpaces(text);
    if (t) this.push('list', `${marker} ${t}`);
  }

  /** A table row; the first row of a table is followed by the separator that makes it a table to segment(). */
  tableRow(cells: readonly string[]): void {
    const clean = cells.map((c) => collapseSpaces(c).replace(/\|/g, '/'));
    if (clean.every((c) => !c)) return;
    if (this.last !== 'table') this.tableRows = 0;
    this.push('table', `| ${clean.join(' | ')} |`);
    if (this.tableRows++ === 0) this.push('table', `|${clean.map(() => ' --- |').join('')}`);
  }

  /** Ends the current table or list, so that the next one is a block of its own. */
  endBlock(): void {
    this.last = 'other';
  }

  code(text: string): void {
    const body = text.replace(/^\n+|\s+$/g, '');
    if (!body) return;
    const fence = body.includes('```') ? '~~~~' : '```';
    this.push('other', `${fence}\n${body}\n${fence}`);
  }

  quote(text: string): void {
    const t = collapseSpaces(text);
    if (t) this.push('other', `> ${t}`);
  }

  toString(): string {
    return this.out.join('');
  }
}
