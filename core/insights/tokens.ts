// Insight-side token helpers: naming shared terms for a reader. Token sets and Jaccard live in core/text/tokens.ts
// (one home for merging and insights).
import { normalizeForTokens } from '../text/tokens';
import { tokenize } from '../units';

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/**
 * Shared tokens as a reader would name them: runs of shared Han bigrams in `text` joined back into words
 * (自动/动抽/抽取 → 自动抽取) and trimmed to whole words, then the other shared tokens (English words in their
 * folded form). A run that starts or ends inside a word (信度可 of 可信度可以) keeps only the words it covers
 * whole; a run that covers no whole word of two or more characters names nothing, so a reader never sees a
 * fragment such as 度可.
 */
export function displayTerms(text: string, shared: readonly string[]): string[] {
  const set = new Set(shared);
  const t = normalizeForTokens(text);
  const words = wordBounds(t);
  const out: string[] = [];
  const add = (term: string) => {
    if (!out.includes(term)) out.push(term);
  };
  for (let i = 0; i + 1 < t.length; i++) {
    if (!set.has(t.slice(i, i + 2))) continue;
    let j = i + 2;
    while (j < t.length && set.has(t.slice(j - 1, j + 1))) j++;
    const whole = wholeWords(words, i, j);
    if (whole) add(t.slice(whole[0], whole[1]));
    i = j - 1;
  }
  // Other tokens are folded forms ("physic" for physics): shown as the first word of the text that folds to them.
  const surface = new Map<string, string>();
  for (const m of t.matchAll(LATIN_WORD)) {
    const folded = tokenize(m[0]);
    if (folded.length === 1 && set.has(folded[0]) && !surface.has(folded[0]))
      surface.set(folded[0], m[0].toLowerCase());
  }
  for (const token of shared) if (!HAN.test(token) || token.length === 1) add(surface.get(token) ?? token);
  return out;
}

const LATIN_WORD = /[A-Za-z][A-Za-z'-]*/g;

/** Word starts and ends of a folded text (Intl.Segmenter word granularity: a dictionary segmenter in every runtime). */
function wordBounds(t: string): { starts: Set<number>; ends: Set<number> } {
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const s of segmenter().segment(t)) {
    starts.add(s.index);
    ends.add(s.index + s.segment.length);
  }
  return { starts, ends };
}

/** The widest span inside [from, to) that starts and ends on word bounds and is at least two characters long. */
function wholeWords(
  words: { starts: Set<number>; ends: Set<number> },
  from: number,
  to: number,
): [number, number] | null {
  let a = from;
  while (a < to && !words.starts.has(a)) a++;
  let b = to;
  while (b > a && !words.ends.has(b)) b--;
  return b - a >= 2 ? [a, b] : null;
}

let zhWords: Intl.Segmenter | undefined;
const segmenter = () => (zhWords ??= new Intl.Segmenter('zh', { granularity: 'word' }));

/** Han words that open a clause without naming what it is about (在巴黎… "in Paris…"): skipped by leadingWord. */
const ZH_OPENERS = new Set([
  '在',
  '对',
  '对于',
  '于',
  '而',
  '则',
  '但',
  '但是',
  '就',
  '也',
  '都',
  '把',
  '被',
  '从',
  '向',
  '和',
  '与',
  '当',
  '这',
  '那',
  '其',
]);

/**
 * The first word of a statement that says what it is about, folded (lower case, English plural folded): English
 * stopwords and Han openers are skipped ("In Paris most people …" → paris, "暖色让物体…" → 暖色). Null when none.
 */
export function leadingWord(text: string): string | null {
  for (const s of segmenter().segment(normalizeForTokens(text))) {
    if (!s.isWordLike || ZH_OPENERS.has(s.segment)) continue;
    const folded = HAN.test(s.segment) ? [s.segment] : tokenize(s.segment);
    if (folded.length > 0) return folded.join(' ');
  }
  return null;
}
