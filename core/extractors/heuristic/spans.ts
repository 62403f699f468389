// Small span and text helpers shared by the heuristic extractor. Offsets are UTF-16 indices into a unit's text.
import { WIRE_LIMITS } from '../../limits';
import { isHan, isWs } from '../../units/chars';

export interface Span {
  start: number;
  end: number;
}

export const MAX_NODE_TEXT = WIRE_LIMITS.textChars;
export const MAX_QUOTE = WIRE_LIMITS.textChars;

/** Separators that may trail a clause cut out of a sentence. */
const TRAILING_SEPARATORS = /[\s,;:，；：、\u2014\u2013-]+$/;

/** Words (ASCII/Latin runs) and Han characters in text[start, end). */
export function measure(text: string, start: number, end: number): { words: number; han: number } {
  let words = 0;
  let han = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isHan(c)) {
      han++;
      inWord = false;
    } else if (
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0xc0 && c <= 0x24f)
    ) {
      if (!inWord) words++;
      inWord = true;
    } else if (c !== 0x27 && c !== 0x2019 && c !== 0x2d) inWord = false;
  }
  return { words, han };
}

/** True when text[start, end) is big enough to stand as a proposition (3+ words or 4+ Han characters). */
export function isPropositionSized(text: string, start: number, end: number): boolean {
  const { words, han } = measure(text, start, end);
  return words >= 3 || han >= 4 || words + han / 2 >= 3;
}

/** True when text[start, end) can carry a statement: two words or two Han characters (not "OK." or a row of dashes). */
export function hasContent(text: string, start: number, end: number): boolean {
  const { words, han } = measure(text, start, end);
  return words >= 2 || han >= 2 || (words >= 1 && han >= 1);
}

export function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && isWs(text.charCodeAt(start))) start++;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

/** Trim whitespace and trailing clause separators (a clause cut before ", because" keeps no comma). */
export function trimClause(text: string, start: number, end: number): Span {
  const t = trimSpan(text, start, end);
  const m = TRAILING_SEPARATORS.exec(text.slice(t.start, t.end));
  return m ? trimSpan(text, t.start, t.start + m.index) : t;
}

const MARKER = /(?:[-*•·+▪◦>]+|\d{1,3}[.)](?=\s)|[（(]\d{1,3}[)）]|\d{1,3}、|[一二三四五六七八九十]{1,3}、)\s*/y;

/** Skip whitespace and a list / blockquote marker at the start of a sentence. */
export function skipMarkers(text: string, start: number, end: number): number {
  let i = trimSpan(text, start, end).start;
  MARKER.lastIndex = i;
  const m = MARKER.exec(text);
  if (m && m.index === i && i + m[0].length <= end) i += m[0].length;
  return trimSpan(text, i, end).start;
}

/** Node text from a verbatim clause: whitespace collapsed, trailing separators dropped, first letter capitalised. */
export function nodeText(raw: string): string {
  let t = raw.replace(/\s+/g, ' ').replace(TRAILING_SEPARATORS, '').trim();
  const c = t.charCodeAt(0);
  if (c >= 0x61 && c <= 0x7a) t = t[0].toUpperCase() + t.slice(1);
  return clip(t, MAX_NODE_TEXT);
}

/** Cut at a word boundary when possible so a long text stays within `max` characters. */
export function clip(t: string, max: number): string {
  if (t.length <= max) return t;
  const cut = t.lastIndexOf(' ', max - 1);
  return `${(cut > max * 0.6 ? t.slice(0, cut) : t.slice(0, max - 1)).trim()}…`;
}

/** A verbatim quote of text[start, end): trimmed and at most MAX_QUOTE characters, so always a substring. */
export function quoteOf(text: string, start: number, end: number): string {
  const t = trimSpan(text, start, Math.min(end, start + MAX_QUOTE));
  return text.slice(t.start, t.end);
}

/**
 * The verbatim span that covers a cue and both ends of a relation, kept within MAX_QUOTE by trimming the far
 * side away from the cue (the cue must stay inside the edge quote).
 */
export function edgeQuote(text: string, start: number, end: number, cueStart: number, cueEnd: number): string {
  let a = Math.min(start, cueStart);
  let b = Math.max(end, cueEnd);
  if (b - a > MAX_QUOTE) {
    const room = MAX_QUOTE - (cueEnd - cueStart);
    a = Math.max(a, cueStart - Math.floor(room / 2));
    b = Math.min(b, a + MAX_QUOTE);
  }
  const t = trimSpan(text, a, b);
  return text.slice(t.start, t.end);
}
