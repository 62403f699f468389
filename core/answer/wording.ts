// The lexical rules admission judges a clause by (docs/contracts/answers.md#admission), with English added beside the seed's
// Chinese: clause splitting, gate tokens, negation, hedged ("caveated") wording and wording that rejects authority.
import { normalizeForQuery, phraseTokens } from '../query/text';

/** Clauses: split on Chinese sentence ends and semicolons, on newlines, and on English sentence ends before a space. */
export function splitClauses(text: string): string[] {
  return text
    .split(/[。！？；\n]|(?<=[.!?;])\s+/u)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Hedge and status words that say nothing about the content (the seed's list): cut out before tokenizing, so
 *  "资料表述，恢复依赖检查点" has the tokens of "恢复依赖检查点" and no stray bigrams such as "料表". */
const CJK_STOP_WORDS = /资料|原文|知识图|提取|表述|说明|证据|显示|指出|认为|根据/g;

/** English function words and hedge words. */
const STOP_TOKENS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'has',
  'have',
  'in',
  'into',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'that',
  'the',
  'their',
  'this',
  'to',
  'was',
  'were',
  'which',
  'with',
  'source',
  'states',
  'according',
  'graph',
  'extracted',
  'evidence',
  'says',
]);

/** Distinct content tokens of a text: phrase tokens (words, Han bigrams) of length ≥ 2 minus stop words. */
export function gateTokens(text: string): Set<string> {
  const normalized = normalizeForQuery(text).replace(CJK_STOP_WORDS, ' ').replace(/\s+/g, ' ').trim();
  const out = new Set<string>();
  if (!normalized) return out;
  for (const token of phraseTokens(normalized)) {
    if (token.length < 2 || STOP_TOKENS.has(token)) continue;
    out.add(token);
  }
  return out;
}

/** Hedged wording: the clause presents the statement as what the source or the graph says, or as uncertain. */
const CAVEAT =
  /(资料|原文|知识图|提取|表述|记载|指出|认为|据此|可能|不确定|未验证|尚未|有待)|\b(according to|the source|the text|the document|states?|stated|reports?|reportedly|claims?|extracted|extraction|unverified|uncertain|may|might|possibly|allegedly|suggests?)\b/i;

/** Wording that denies the evidence authority (needed to cite evidence marked unsupported). */
const REJECTS_AUTHORITY =
  /(不支持|不受支持|证据不足|无法确认|不能证明|未能证明|有争议)|\b(unsupported|not supported|insufficient evidence|cannot be confirmed|disputed|unproven)\b/i;

const NEGATION =
  /(^|[^a-z])(不|无|未|非|否|没有|不能|无法|不会|并非|从未)|\b(no|not|never|without|cannot|can't|isn't|aren't|doesn't|don't|won't|none)\b/i;

/** Status words that contain a negation character but negate nothing about the content. */
const STATUS_WORDS =
  /(语义)?未验证|不确定|不受支持|证据不足|无法确认|不能证明|未能证明|有待验证|\b(unverified|uncertain|unsupported|not supported|insufficient evidence|cannot be confirmed)\b/gi;

export const isCaveated = (clause: string) => CAVEAT.test(clause);
export const rejectsAuthority = (clause: string) => REJECTS_AUTHORITY.test(clause);
export const isNegated = (text: string) => NEGATION.test(text.replace(STATUS_WORDS, ' '));

/** Chinese when the text has a Han character, else English: the language an answer is rendered in. */
export function langOfQuestion(question: string): 'zh' | 'en' {
  return /\p{Script=Han}/u.test(question) ? 'zh' : 'en';
}
