// How the offline answerer reads relevance (builtin:extractive and its concept-layer answers, layer.ts): content
// tokens of a question and of evidence, the clause of a quote that best covers them, and the hedged wording a
// proposed part is written in.
import type { AnswerLang } from './types';
import { gateTokens, splitClauses } from './wording';

export const EXTRACTIVE = {
  /** Share of the question's content tokens the chosen evidence must cover. */
  minCoverage: 0.6,
  /** …and at least this many of them (fewer only when the question has fewer). */
  minOverlap: 2,
  maxParts: 3,
} as const;

/** Question words that carry no content, cut out before tokenizing (so "依赖什么" gives no "赖什"). */
const ZH_QUESTION_WORDS = /为什么|为何|什么|哪些|哪个|哪里|如何|怎样|怎么|是否|是不是|多少|请问|吗|呢|谁/g;
const EN_QUESTION_WORDS = new Set([
  'what',
  'which',
  'how',
  'why',
  'who',
  'whom',
  'whose',
  'where',
  'when',
  'does',
  'do',
  'did',
  'can',
  'could',
  'would',
  'should',
  'will',
  'tell',
  'me',
  'about',
  'there',
  'any',
  'please',
  'relate',
  'relates',
  'related',
  'between',
  'explain',
]);

/** Light English stemming so "checkpoints" meets "checkpoint" and "depends" meets "depend". */
function stem(token: string): string {
  if (!/^[a-z]+$/.test(token)) return token;
  if (token.length > 5 && token.endsWith('ing')) return token.slice(0, -3);
  if (token.length > 4 && token.endsWith('ed')) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

/** Content tokens for relevance: gate tokens, stemmed, Han words of 3+ characters only through their bigrams. */
export function relevanceTokens(text: string, question = false): Set<string> {
  const source = question ? text.replace(ZH_QUESTION_WORDS, ' ') : text;
  const out = new Set<string>();
  for (const token of gateTokens(source)) {
    if (question && EN_QUESTION_WORDS.has(token)) continue;
    if (/\p{Script=Han}/u.test(token) && token.length >= 3) continue;
    out.add(stem(token));
  }
  return out;
}

export function intersect(a: Set<string>, b: Set<string>): Set<string> {
  return new Set([...a].filter((t) => b.has(t)));
}

/** The clause of a quote that shares most of the question's tokens (the first on ties). */
export function bestClause(quote: string, q: Set<string>): string {
  let best = '';
  let bestHits = -1;
  for (const clause of splitClauses(quote)) {
    const hits = intersect(relevanceTokens(clause), q).size;
    if (hits > bestHits) {
      best = clause;
      bestHits = hits;
    }
  }
  return best.replace(/[.!?;。！？；]+$/u, '');
}

/** Hedged wording: the part says what the source states, never that it is so. */
export function hedged(clause: string, lang: AnswerLang): string {
  return lang === 'zh' ? `资料表述：${clause}` : `The source states: ${clause}`;
}
