// Narrative grouping: sentences accumulated into units of about 120 characters, cut at topic-shift markers,
// paragraph-like line breaks and lexical drift; single sentences over 180 characters split at soft punctuation.
import { isAsciiLetter, isOpener } from './chars';
import { sentenceSpans, splitLongSpan, type Span } from './sentences';
import { overlaps, tokenize } from './tokens';

export interface GroupOptions {
  /** Close a group once it reaches this length (default 120). */
  target?: number;
  /** Never grow a group of at least `min` characters beyond this length; longer sentences are split (default 180). */
  max?: number;
  /** Below this length a group is never cut for drift, line breaks or size (default 60). */
  min?: number;
  /** Start a new group before a sentence opening with a topic-shift marker (default true). */
  topicShift?: boolean;
  /** Start a new group when a sentence shares no content token with the group (default true). */
  drift?: boolean;
  /** Sorted offsets of paragraph-like line starts inside the range (cut there once the group has `min`). */
  breaks?: readonly number[];
}

export const ZH_TOPIC_MARKERS: readonly string[] = [
  '但是',
  '然而',
  '不过',
  '因此',
  '所以',
  '因而',
  '例如',
  '比如',
  '首先',
  '其次',
  '再次',
  '最后',
  '另外',
  '此外',
  '总之',
  '综上',
  '同时',
  '相反',
  '另一方面',
  '与此同时',
  '总而言之',
  '换言之',
  '换句话说',
];

export const EN_TOPIC_MARKERS: readonly string[] = [
  'however',
  'but',
  'therefore',
  'thus',
  'hence',
  'so',
  'for example',
  'for instance',
  'first',
  'firstly',
  'second',
  'secondly',
  'next',
  'then',
  'finally',
  'in addition',
  'moreover',
  'furthermore',
  'in conclusion',
  'on the other hand',
  'in contrast',
  'meanwhile',
];

/** True when the sentence starting at `start` opens (after quotes/brackets) with a topic-shift marker. */
export function startsWithTopicShift(text: string, start: number, end: number): boolean {
  let s = start;
  while (s < end && isOpener(text.charCodeAt(s))) s++;
  const head = text.slice(s, Math.min(end, s + 24));
  const c = head.charCodeAt(0);
  if (c >= 0x4e00) {
    for (const m of ZH_TOPIC_MARKERS) if (head.startsWith(m)) return true;
    return false;
  }
  if (!isAsciiLetter(c)) return false;
  const lower = head.toLowerCase();
  for (const m of EN_TOPIC_MARKERS) {
    if (lower.startsWith(m) && !isAsciiLetter(lower.charCodeAt(m.length))) return true;
  }
  return false;
}

interface Piece extends Span {
  /** First piece of a sentence (topic and drift cuts apply only there). */
  first: boolean;
}

/** Group text[start, end) into trimmed unit spans (see GroupOptions for the rules). */
export function groupNarrative(text: string, start: number, end: number, opts: GroupOptions = {}): Span[] {
  const target = opts.target ?? 120;
  const max = opts.max ?? 180;
  const min = opts.min ?? 60;
  const topic = opts.topicShift ?? true;
  const drift = opts.drift ?? true;
  const breaks = opts.breaks ?? [];
  const pieces: Piece[] = [];
  for (const s of sentenceSpans(text, start, end)) {
    if (s.end - s.start <= max) pieces.push({ start: s.start, end: s.end, first: true });
    else {
      let first = true;
      for (const p of splitLongSpan(text, s.start, s.end, max)) {
        pieces.push({ start: p.start, end: p.end, first });
        first = false;
      }
    }
  }
  const out: Span[] = [];
  let gs = -1;
  let ge = -1;
  let bi = 0;
  // The group's content tokens are only read by a drift check (a group of min..target characters meeting a new
  // sentence), so its pieces are tokenized then, not as they join: most groups close on size or a marker first.
  const groupTokens = new Set<string>();
  const untokenized: Piece[] = [];
  const driftsFrom = (p: Piece): boolean => {
    const toks = tokenize(text, p.start, p.end);
    if (toks.length === 0) return false;
    for (const q of untokenized) for (const t of tokenize(text, q.start, q.end)) groupTokens.add(t);
    untokenized.length = 0;
    return !overlaps(toks, groupTokens);
  };
  for (const p of pieces) {
    if (gs >= 0) {
      const cur = ge - gs;
      while (bi < breaks.length && breaks[bi] <= ge) bi++;
      const atBreak = bi < breaks.length && breaks[bi] <= p.start;
      const cut =
        cur >= target ||
        ((cur >= min || !p.first) && p.end - gs > max) ||
        (p.first && topic && startsWithTopicShift(text, p.start, p.end)) ||
        (cur >= min && atBreak) ||
        (p.first && drift && cur >= min && driftsFrom(p));
      if (!cut) {
        ge = p.end;
        if (drift) untokenized.push(p);
        continue;
      }
      out.push({ start: gs, end: ge });
    }
    gs = p.start;
    ge = p.end;
    groupTokens.clear();
    untokenized.length = 0;
    if (drift) untokenized.push(p);
  }
  if (gs >= 0) out.push({ start: gs, end: ge });
  return out;
}
