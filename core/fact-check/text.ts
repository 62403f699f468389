// Text helpers of the fact-check: which Wikipedia language a claim is searched in first, search snippets without
// their markup, the whitespace-free comparison a quote is checked with, and whether a quote names what its claim is
// about.
import { normalizeForQuery } from '../query/text';
import { tokenize } from '../units/tokens';

/** Han characters, kana and Hangul: the scripts that make a text "CJK". */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTER = /[\p{L}]/gu;

/** zh first when CJK characters are most of the letters, else en; the other language is the fallback. */
export function wikiLanguages(text: string): ['zh', 'en'] | ['en', 'zh'] {
  const cjk = text.match(CJK)?.length ?? 0;
  const letters = text.match(LETTER)?.length ?? 0;
  // A Latin word counts as several letters but one word: weigh CJK characters as whole words (×3).
  return cjk * 3 >= letters - cjk && cjk > 0 ? ['zh', 'en'] : ['en', 'zh'];
}

/** Whether CJK characters dominate (the language of a summary line or a rule title). */
export function isMostlyCjk(text: string): boolean {
  return wikiLanguages(text)[0] === 'zh';
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#039;': "'",
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** A search snippet as plain text: tags removed, the common entities decoded, whitespace collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#0?39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whitespace removed: quotes are compared with snippets modulo whitespace (docs/contracts/fact-check.md#judge). */
export function squash(text: string): string {
  return text.replace(/\s+/g, '');
}

/** The search query of a claim: its first 120 characters. */
export const QUERY_CHARS = 120;
export function claimQuery(claim: string): string {
  return claim.replace(/\s+/g, ' ').trim().slice(0, QUERY_CHARS);
}

/**
 * The quote names what the claim is about: they share a content word (core/units' tokens: lower case, plurals folded,
 * stopwords out; 3+ letters) or, in Chinese, two Han characters side by side. A bare "Article 1." shares nothing with a
 * claim about tax law and supports nothing, however often it occurs in the evidence.
 */
export function quoteIsAbout(quote: string, claim: string): boolean {
  const words = new Set(tokenize(normalizeForQuery(claim)).filter((t) => t.length >= 3 && !/^\d+$/.test(t)));
  if (tokenize(normalizeForQuery(quote)).some((t) => words.has(t))) return true;
  const q = normalizeForQuery(quote).replace(/ /g, '');
  const c = normalizeForQuery(claim).replace(/ /g, '');
  for (let i = 0; i + 1 < c.length; i++) {
    const pair = c.slice(i, i + 2);
    if (/^\p{Script=Han}{2}$/u.test(pair) && q.includes(pair)) return true;
  }
  return false;
}
