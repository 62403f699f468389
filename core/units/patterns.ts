// Line-level predicates: headings, list markers, dialogue turns, quotes, tables, prose detection.
// Each predicate reads at most its own line (most only a short prefix), so the segmenter stays linear.
import { isAsciiLetter, isCjkTerminator, isCloser, isHan, isLower, isTerminator, isWs, trimSpan } from './chars';

export interface HeadingSpan {
  start: number;
  end: number;
  level: number;
}

const head = (text: string, cs: number, ce: number, n = 16): string => text.slice(cs, Math.min(ce, cs + n));

/** Last non-closer character is a sentence or clause terminator (. 。 ! ? ; … , ， 、). */
export function endsWithTerminal(text: string, s: number, e: number): boolean {
  let p = e - 1;
  while (p >= s && isCloser(text.charCodeAt(p))) p--;
  if (p < s) return false;
  const c = text.charCodeAt(p);
  return isTerminator(c) || c === 0x2c || c === 0xff0c || c === 0x3001;
}

export function endsWithColon(text: string, s: number, e: number): boolean {
  const c = text.charCodeAt(e - 1);
  return e > s && (c === 0x3a || c === 0xff1a);
}

/** Markdown ATX heading "## Title ##" (also "#标题"); returns the title span without markers. */
export function atxHeading(text: string, cs: number, ce: number, indent: number): HeadingSpan | null {
  if (indent > 3) return null;
  let p = cs;
  while (p < ce && text.charCodeAt(p) === 0x23) p++;
  const level = p - cs;
  if (level < 1 || level > 6) return null;
  if (p < ce && !isWs(text.charCodeAt(p)) && !isHan(text.charCodeAt(p))) return null;
  let [s, e] = trimSpan(text, p, ce);
  let q = e;
  while (q > s && text.charCodeAt(q - 1) === 0x23) q--;
  if (q === s || isWs(text.charCodeAt(q - 1))) [s, e] = trimSpan(text, s, q);
  return { start: s, end: e, level };
}

const ZH_CHAPTER = /^第[0-9０-９一二三四五六七八九十百千零〇两]{1,6}(部分|章|节|回|篇|卷|部|集|幕|讲|课)/;
const EN_CHAPTER =
  /^(?:chapter|part|book|volume)\s+(?:\d{1,3}|[ivxlcdm]{1,7}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?![a-z])/i;

/** Chapter-like heading line: 第X章/节/回/部分/篇…, "Chapter 3". Level 1 (2 for 节/讲/课). */
export function chapterHeading(text: string, cs: number, ce: number): HeadingSpan | null {
  const len = ce - cs;
  if (len === 0 || len > 60 || isCjkTerminator(text.charCodeAt(ce - 1))) return null;
  const h = head(text, cs, ce, 24);
  const zh = ZH_CHAPTER.exec(h);
  if (zh) {
    if (len > 40) return null;
    const u = zh[1];
    return { start: cs, end: ce, level: u === '节' || u === '讲' || u === '课' ? 2 : 1 };
  }
  if (EN_CHAPTER.test(h) && (len <= 20 || !endsWithTerminal(text, cs, ce))) return { start: cs, end: ce, level: 1 };
  return null;
}

const BULLET = /^(?:[-*+][ \t\u3000]|[•·▪●◦‣∙])/;
const ORDINAL =
  /^(?:[0-9０-９]{1,3}[.)．](?=[ \t\u3000])|[0-9０-９]{1,3}、|[(（][0-9０-９]{1,3}[)）]|[\u2460-\u2487\u2776-\u277f]|[a-zA-Z]\)(?=[ \t\u3000])|[(（][a-zA-Z][)）]|[一二三四五六七八九十]{1,3}、|[(（][一二三四五六七八九十]{1,3}[)）])/;

/**
 * List item marker at the start of the line. Returns the unit start (after the bullet for -*+•·, at the
 * ordinal for 1. 1) (1) ① a) 一、 (一), which carry order) or -1 when the line is not an item.
 */
export function listItemStart(text: string, cs: number, ce: number): number {
  const h = head(text, cs, ce, 8);
  const b = BULLET.exec(h);
  if (b) {
    const [s] = trimSpan(text, cs + 1, ce);
    return s < ce ? s : -1;
  }
  const o = ORDINAL.exec(h);
  if (o) {
    const [s] = trimSpan(text, cs + o[0].length, ce);
    return s < ce ? cs : -1;
  }
  return -1;
}

export function isBulletItem(text: string, cs: number, ce: number): boolean {
  return BULLET.test(head(text, cs, ce, 2));
}

const SPEAKER = /^(?:[A-Z][\w.'’-]*(?: [A-Z0-9][\w.'’-]*){0,2}|[\u4e00-\u9fff·•]{1,8}) ?[:：][ \t\u3000]*[^\s/]/;
const ROLE = /^(?:user|assistant|system|human|ai|bot|me|you|q|a) ?[:：][ \t\u3000]*\S/i;

/** "Name: text" / "名字：内容" with a short speaker name (or a chat role such as "user:"). */
export function isSpeakerLine(text: string, cs: number, ce: number): boolean {
  const h = head(text, cs, ce, 36);
  return SPEAKER.test(h) || ROLE.test(h);
}

const LABEL =
  /^(?:note|notes|nb|ps|warning|caution|tip|hint|example|examples|source|sources|summary|abstract|keywords|definition|conclusion|introduction|update|edit|result|results|reason|input|output|error|step \d+|date|author|title|tags?|注意|注|例如|备注|提示|来源|摘要|关键词|总结|结论|定义)\s?[:：]/i;

/** "Note: …", "Step 2: …", "注意：…": a label, not a speaker, when it stands alone. */
export function isLabelLine(text: string, cs: number, ce: number): boolean {
  return LABEL.test(head(text, cs, ce, 16));
}

/** Line opening with a quotation mark: “ 「 『 " ‘ ﹁ */
export function opensWithQuote(text: string, cs: number): boolean {
  const c = text.charCodeAt(cs);
  return c === 0x201c || c === 0x300c || c === 0x300e || c === 0x22 || c === 0x2018 || c === 0xfe41;
}

/** Markdown quote line "> text" / "＞text": returns the content start after all markers, or -1. */
export function quoteContentStart(text: string, cs: number, ce: number): number {
  let p = cs;
  let markers = 0;
  while (p < ce) {
    const c = text.charCodeAt(p);
    if (c === 0x3e || c === 0xff1e) markers++;
    else if (!isWs(c)) break;
    p++;
  }
  return markers > 0 ? p : -1;
}

function hasChar(text: string, cs: number, ce: number, code: number, inner: boolean): boolean {
  const a = inner ? cs + 1 : cs;
  const b = inner ? ce - 1 : ce;
  for (let k = a; k < b; k++) if (text.charCodeAt(k) === code) return true;
  return false;
}

export const hasPipe = (text: string, cs: number, ce: number): boolean => hasChar(text, cs, ce, 0x7c, false);
export const hasInnerTab = (text: string, cs: number, ce: number): boolean => hasChar(text, cs, ce, 0x09, true);

const TABLE_SEP = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;

/** Markdown table delimiter row such as |---|:--:| (must contain a pipe). */
export function isTableSeparator(text: string, cs: number, ce: number): boolean {
  if (ce - cs > 400 || !hasPipe(text, cs, ce)) return false;
  return TABLE_SEP.test(text.slice(cs, ce));
}

/** Thematic break: ---, ***, ___ (optionally spaced). */
export function isThematicBreak(text: string, cs: number, ce: number): boolean {
  if (ce - cs < 3 || ce - cs > 200) return false;
  const c = text.charCodeAt(cs);
  if (c !== 0x2d && c !== 0x2a && c !== 0x5f) return false;
  let count = 0;
  for (let k = cs; k < ce; k++) {
    const d = text.charCodeAt(k);
    if (d === c) count++;
    else if (d !== 0x20 && d !== 0x09) return false;
  }
  return count >= 3;
}

/** Setext underline: 1 for ==, 2 for ---, 0 otherwise. */
export function setextLevel(text: string, cs: number, ce: number): number {
  const c = text.charCodeAt(cs);
  if (c !== 0x3d && c !== 0x2d) return 0;
  for (let k = cs; k < ce; k++) if (text.charCodeAt(k) !== c) return 0;
  if (c === 0x3d) return ce - cs >= 2 ? 1 : 0;
  return ce - cs >= 3 ? 2 : 0;
}

/**
 * Title-like short line: ≤ 60 chars; with Han text ≤ 30 chars and no internal sentence punctuation; in
 * Latin text every word of 4+ letters is capitalised and the first word does not start lower-case.
 */
export function isTitleLike(text: string, s: number, e: number): boolean {
  const len = e - s;
  if (len === 0 || len > 60 || isLower(text.charCodeAt(s))) return false;
  let han = false;
  let wordStart = true;
  let wordCap = false;
  let wordLen = 0;
  for (let k = s; k <= e; k++) {
    const c = k < e ? text.charCodeAt(k) : 0x20;
    if (isHan(c)) han = true;
    if (c === 0xff0c || c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0xff1b) return false;
    if (isAsciiLetter(c)) {
      if (wordStart) wordCap = !isLower(c);
      wordStart = false;
      wordLen++;
    } else if (isWs(c)) {
      if (wordLen >= 4 && !wordCap) return false;
      wordStart = true;
      wordLen = 0;
    }
  }
  return !han || len <= 30;
}

/** Clean a heading span: drop a trailing colon and surrounding **bold** / __bold__ markers. */
export function stripHeadingMarkup(text: string, s: number, e: number): [number, number] {
  if (endsWithColon(text, s, e)) [s, e] = trimSpan(text, s, e - 1);
  const two = text.slice(s, s + 2);
  if (e - s > 4 && (two === '**' || two === '__') && text.slice(e - 2, e) === two)
    [s, e] = trimSpan(text, s + 2, e - 2);
  return [s, e];
}

/** A lone indented line counts as code only with code punctuation and no sentence shape. */
export function looksLikeCode(text: string, s: number, e: number): boolean {
  let sym = 0;
  for (let k = s; k < e; k++) if (isCodeSymbol(text.charCodeAt(k))) sym++;
  return sym > 0 && !isProseLine(text, s, e);
}

function isCodeSymbol(c: number): boolean {
  return (
    c === 0x7b ||
    c === 0x7d ||
    c === 0x28 ||
    c === 0x29 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x3d ||
    c === 0x3b ||
    c === 0x24 ||
    c === 0x5c ||
    c === 0x7c ||
    c === 0x26 ||
    c === 0x60 ||
    c === 0x23 ||
    c === 0x40 ||
    c === 0x5b ||
    c === 0x5d
  );
}

function isProseLine(text: string, s: number, e: number): boolean {
  let letters = 0;
  let han = 0;
  let sym = 0;
  let ends = 0;
  for (let k = s; k < e; k++) {
    const c = text.charCodeAt(k);
    if (isAsciiLetter(c)) letters++;
    else if (isHan(c)) {
      letters++;
      han++;
    } else if (c !== 0x28 && c !== 0x29 && isCodeSymbol(c)) sym++;
    else if (isCjkTerminator(c) || c === 0xff0c) ends++;
    else if ((c === 0x2e || c === 0x21 || c === 0x3f) && (k + 1 === e || text.charCodeAt(k + 1) === 0x20)) ends++;
  }
  const len = e - s;
  if (len < (han > 0 ? 12 : 40)) return false;
  return ends > 0 && sym * 25 < len && letters * 10 >= len * 6;
}

/** Lines [from, to) read as paragraphs of prose (≥ 60 % of their characters in long sentence-bearing lines). */
export function proseLike(
  text: string,
  cs: ArrayLike<number>,
  ce: ArrayLike<number>,
  from: number,
  to: number,
): boolean {
  let total = 0;
  let prose = 0;
  for (let k = from; k < to; k++) {
    const len = ce[k] - cs[k];
    if (len === 0) continue;
    total += len;
    if (isProseLine(text, cs[k], ce[k])) prose += len;
  }
  return total > 0 && prose * 10 >= total * 6;
}
