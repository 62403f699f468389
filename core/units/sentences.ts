// Sentence spans over a range of the original text (UTF-16 offsets, trimmed, never rewritten).
import {
  isAsciiLetter,
  isCjk,
  isCjkTerminator,
  isCloser,
  isHighSurrogate,
  isLower,
  isLowSurrogate,
  isOpener,
  isSoftBreak,
  isTerminator,
  isWs,
  trimSpan,
} from './chars';

export interface Span {
  start: number;
  end: number;
}

/** Lower-cased forms (without the final dot) after which '.' does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'ft',
  'vs',
  'etc',
  'cf',
  'al',
  'approx',
  'esp',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'est',
  'fig',
  'figs',
  'eq',
  'vol',
  'no',
  'nos',
  'pp',
  'ed',
  'eds',
  'gen',
  'col',
  'lt',
  'sgt',
  'capt',
  'rev',
  'hon',
  'gov',
  'sen',
  'rep',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
]);

const LF = 0x0a;
const CR = 0x0d;

function isNewline(c: number): boolean {
  return c === LF || c === CR;
}

/** If the newline at `i` starts a blank line, return the offset of the blank line's newline; else -1. */
function blankLineAfter(text: string, i: number, to: number): number {
  let j = i + 1;
  if (text.charCodeAt(i) === CR && text.charCodeAt(j) === LF) j++;
  while (j < to) {
    const c = text.charCodeAt(j);
    if (isNewline(c)) return j;
    if (!isWs(c)) return -1;
    j++;
  }
  return -1;
}

/** Capitalised words that open sentences far more often than they follow an initial ("Plan B. The team…"). */
const SENTENCE_OPENERS = new Set([
  'the',
  'this',
  'that',
  'these',
  'those',
  'there',
  'here',
  'it',
  'its',
  'he',
  'she',
  'we',
  'they',
  'you',
  'my',
  'our',
  'his',
  'her',
  'their',
  'an',
  'in',
  'on',
  'at',
  'as',
  'if',
  'when',
  'while',
  'then',
  'but',
  'and',
  'or',
  'so',
  'yet',
  'however',
  'therefore',
  'thus',
  'what',
  'which',
  'who',
  'how',
  'why',
  'after',
  'before',
  'for',
]);

/**
 * A single letter before '.' is an initial only when it is an upper-case letter standing alone (after whitespace,
 * an opening bracket or quote, or the start of the range) and a space then another initial or a capitalised name
 * follows: "J. R. R. Tolkien", "George W. Bush". So "the letter h. A cat" and "Plan B. The team" end sentences.
 */
function isInitial(text: string, at: number, from: number, to: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x41 || c > 0x5a) return false;
  if (at > from) {
    const before = text.charCodeAt(at - 1);
    if (!isWs(before) && !isOpener(before)) return false;
  }
  let k = at + 2; // past the letter and its dot
  const afterDot = k;
  while (k < to && isWs(text.charCodeAt(k)) && !isNewline(text.charCodeAt(k))) k++;
  if (k === afterDot || k >= to) return false;
  const first = text.charCodeAt(k);
  if (first < 0x41 || first > 0x5a) return false;
  const second = k + 1 < to ? text.charCodeAt(k + 1) : -1;
  if (second === 0x2e) return true; // another initial: "J. R."
  if (second === 0x27 || second === 0x2019) return k + 2 < to && isAsciiLetter(text.charCodeAt(k + 2)); // O'Brien
  if (!isLower(second)) return false;
  let e = k + 1;
  while (e < to && e - k <= 12 && isAsciiLetter(text.charCodeAt(e))) e++;
  return !SENTENCE_OPENERS.has(text.slice(k, e).toLowerCase());
}

/** True when the '.' at `dot` ends an abbreviation (Dr., e.g., U.S., etc., an initial as in "J. K. Rowling"). */
function isAbbreviation(text: string, dot: number, from: number, to: number): boolean {
  let j = dot;
  const stop = Math.max(from, dot - 12);
  while (j > stop) {
    const c = text.charCodeAt(j - 1);
    if (isAsciiLetter(c) || c === 0x2e) j--;
    else break;
  }
  if (j === dot) return false;
  if (j > from && isAsciiLetter(text.charCodeAt(j - 1))) return false; // longer than the look-back: a word
  const word = text.slice(j, dot);
  if (word.length === 1) return isInitial(text, j, from, to);
  if (word.indexOf('.') >= 0) return true; // "e.g", "i.e", "U.S", "a.m"
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * Trimmed sentence spans covering every non-whitespace character of text[from, to).
 * Ends at 。！？；!?; (and '.' only before whitespace, a closer, CJK text or the end, and not after an
 * abbreviation, inside a number, or before a lower-case continuation); closing quotes/brackets stay with
 * the sentence; a blank line (LF or CRLF) always ends a sentence.
 */
export function sentenceSpans(text: string, from = 0, to: number = text.length): Span[] {
  const out: Span[] = [];
  if (to > text.length) to = text.length;
  let s = from;
  let i = from;
  const push = (a: number, b: number): void => {
    const [x, y] = trimSpan(text, a, b);
    if (y > x) out.push({ start: x, end: y });
  };
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isNewline(c)) {
      const blank = blankLineAfter(text, i, to);
      if (blank >= 0) {
        push(s, i);
        s = i = blank;
      } else i++;
      continue;
    }
    if (!isTerminator(c)) {
      i++;
      continue;
    }
    let k = i + 1;
    while (k < to && isTerminator(text.charCodeAt(k))) k++;
    while (k < to && isCloser(text.charCodeAt(k))) k++;
    let ends = isCjkTerminator(c);
    if (!ends) {
      const next = k < to ? text.charCodeAt(k) : -1;
      ends = next < 0 || isWs(next) || isCjk(next);
      if (ends && c === 0x2e && k === i + 1 && isAbbreviation(text, i, from, to)) ends = next < 0;
      else if (ends && c !== 0x3b && next >= 0 && isWs(next)) {
        // "Hello!" she said. / etc. and more: a lower-case continuation is not a new sentence.
        let m = k;
        while (m < to && isWs(text.charCodeAt(m)) && !isNewline(text.charCodeAt(m))) m++;
        if (m < to && isLower(text.charCodeAt(m))) ends = false;
      }
    }
    if (ends) {
      push(s, k);
      s = k;
    }
    i = k;
  }
  push(s, to);
  return out;
}

/** Soft punctuation at `p` usable as a cut point (ASCII , : ; only before whitespace or CJK: keeps 1,000 and 10:30). */
function isSoftCut(text: string, p: number, end: number): boolean {
  const c = text.charCodeAt(p);
  if (!isSoftBreak(c)) return false;
  if (c === 0x2c || c === 0x3a || c === 0x3b) {
    if (p + 1 >= end) return true;
    const n = text.charCodeAt(p + 1);
    return isWs(n) || isCjk(n);
  }
  return true;
}

/** Words that open a clause: a cut right before one keeps each piece a readable run of words (English). */
const CLAUSE_OPENER =
  /^(?:which|who|whom|whose|that|when|where|while|whereas|because|although|though|since|unless|if|as|and|but|or|so|yet|[a-z]{3,}ing)\b/i;
/** Soft cuts closer than this to another one are taken for list separators. */
const LIST_ITEM = 25;

/**
 * Split text[start, end) into trimmed pieces of at most `max` UTF-16 units. Each cut is chosen by tiers, each
 * taking the candidate closest to an even share of the rest (a whole clause on each side reads better than two
 * halves of one clause): leaving ≥ 60 characters on both sides, then ≥ 30, soft punctuation (，,、：:；;—…)
 * before a clause-opening word (which, because, an -ing participle, …), then soft punctuation outside a list;
 * any soft punctuation leaving ≥ 60; the space before a clause-opening word leaving ≥ 30; the space closest to that
 * share; any soft punctuation; and a hard cut at `max` (never inside a surrogate pair) only when the window has
 * none. A span within `max` is returned trimmed.
 */
export function splitLongSpan(text: string, start: number, end: number, max = 180): Span[] {
  const out: Span[] = [];
  let [s, e] = trimSpan(text, start, end);
  while (e - s > max) {
    const lim = s + max;
    const ideal = s + Math.ceil((e - s) / Math.ceil((e - s) / max));
    const wide = Math.min(60, max >> 1);
    const narrow = Math.min(30, max >> 2);
    // Soft cuts (just after the punctuation and any closers) and the spaces of the window, collected once.
    const soft: number[] = [];
    const spaces: number[] = [];
    for (let p = s + 1; p < lim; p++) {
      if (isSoftCut(text, p, e)) {
        let c = p + 1;
        while (c < lim && isCloser(text.charCodeAt(c))) c++;
        soft.push(c);
      }
    }
    for (let p = s + 1; p <= lim; p++) if (isWs(text.charCodeAt(p))) spaces.push(p);
    const nearest = (cands: readonly number[], ok: (c: number) => boolean) => {
      let cut = -1;
      for (const c of cands) if (ok(c) && (cut < 0 || Math.abs(c - ideal) < Math.abs(cut - ideal))) cut = c;
      return cut;
    };
    const leaves = (room: number) => (c: number) => c - s >= room && e - c >= room;
    const opensClause = (c: number) => CLAUSE_OPENER.test(text.slice(c, c + 14).trimStart());
    // A comma between short items ("updates, photos, and thoughts") is inside a list: a poor place to cut.
    const inList = (c: number) => soft.some((o) => o !== c && Math.abs(o - c) < LIST_ITEM);
    // "…, photos, and thoughts": a clause opener right after a short item still ends a list.
    const endsList = (c: number) => soft.some((o) => o < c && c - o < LIST_ITEM);
    let cut = -1;
    for (const room of [wide, narrow]) {
      if (cut < 0) cut = nearest(soft, (c) => leaves(room)(c) && opensClause(c) && !endsList(c));
      if (cut < 0) cut = nearest(soft, (c) => leaves(room)(c) && !inList(c));
    }
    if (cut < 0) cut = nearest(soft, leaves(wide));
    if (cut < 0) cut = nearest(spaces, (c) => leaves(narrow)(c) && opensClause(c));
    if (cut < 0) cut = nearest(spaces, (c) => c - s >= wide);
    if (cut < 0 && soft.length) cut = soft[soft.length - 1];
    if (cut < 0) {
      cut = lim;
      if (isLowSurrogate(text.charCodeAt(cut)) && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
    }
    const [a, b] = trimSpan(text, s, cut);
    if (b > a) out.push({ start: a, end: b });
    s = cut;
    while (s < e && isWs(text.charCodeAt(s))) s++;
  }
  if (e > s) out.push({ start: s, end: e });
  return out;
}
