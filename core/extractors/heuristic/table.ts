// Table units: each data row may state a fact. The segmenter gives one unit per row; a header row (followed by a
// |---| rule, or a digit-free first row above rows with numbers) names the columns, so the node text pairs them with
// the cells ("Year: 2020; Sales: 5"), while the quote is the row exactly as written.
import type { ContentUnit } from '../../schema';
import { trimSpan, type Span } from './spans';

export interface TableRow {
  span: Span;
  text: string;
}

const RULE_ROW = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

export function splitCells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(inner.includes('|') ? '|' : '\t').map((c) => c.trim());
}

/** True when units[i] is the header of the run of table units it starts. */
export function isHeaderRow(units: readonly ContentUnit[], i: number): boolean {
  const u = units[i];
  const next = units[i + 1];
  const prev = units[i - 1];
  if (u.kind !== 'table' || !next || next.kind !== 'table' || next.n !== u.n + 1) return false;
  if (prev && prev.kind === 'table' && prev.n === u.n - 1) return false;
  // The segmenter drops the |---| rule, leaving a gap of more than a line break between header and first row.
  if (next.start - u.end > 2) return true;
  return !/\d/.test(u.text) && units.slice(i + 1, i + 4).some((r) => r.kind === 'table' && /\d/.test(r.text));
}

/** Rows of one table unit (one row, or several lines when a unit holds a whole table). */
export function tableRows(text: string, header: string[] | null): TableRow[] {
  const lines: Span[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    lines.push(trimSpan(text, at, at + line.length));
    at += line.length + 1;
  }
  const rows: TableRow[] = [];
  lines.forEach((line, i) => {
    const raw = text.slice(line.start, line.end);
    if (!raw || RULE_ROW.test(raw)) return;
    const next = lines[i + 1];
    if (next && RULE_ROW.test(text.slice(next.start, next.end))) {
      header = splitCells(raw);
      return;
    }
    const cells = splitCells(raw);
    const named = header !== null && header.length === cells.length;
    const parts = cells.map((c, k) => (named && header![k] ? `${header![k]}: ${c}` : c)).filter((_, k) => cells[k]);
    if (parts.length) rows.push({ span: line, text: parts.join('; ') });
  });
  return rows;
}
