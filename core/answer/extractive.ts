// builtin:extractive — the offline answerer, the default when no model is configured. It is not a model: it picks
// the catalogue evidence that best covers the question's content words, alone or along a relation path (an edge
// carries both of its endpoints' texts; two edges sharing a node make a two-hop path), and proposes each picked
// item's best sentence, hedged ("资料表述：…" / "The source states: …"), as one part. The draft then goes through
// the same admission and rendering as a model's. Below the coverage bar it answers `insufficient` rather than cite
// evidence that does not answer the question.
import { supportText } from './gates';
import type { AnswerDraft, AnswerLang, EvidenceItem } from './types';
import { gateTokens, splitClauses } from './wording';

export const BUILTIN_EXTRACTIVE_ID = 'builtin:extractive';

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

interface Scored {
  items: EvidenceItem[];
  covered: Set<string>;
}

export interface ExtractiveInput {
  question: string;
  catalogue: readonly EvidenceItem[];
  lang: AnswerLang;
}

export function extractiveDraft(input: ExtractiveInput): AnswerDraft {
  const q = relevanceTokens(input.question, true);
  if (q.size === 0 || input.catalogue.length === 0) return { status: 'insufficient', parts: [] };
  const tokensOf = new Map(input.catalogue.map((ev) => [ev.id, intersect(relevanceTokens(supportText(ev)), q)]));
  const candidates: Scored[] = input.catalogue.map((ev) => ({ items: [ev], covered: tokensOf.get(ev.id)! }));
  // Two-hop relation paths: two edges that share a node, read together.
  const edges = input.catalogue.filter((ev) => ev.targetKind === 'edge');
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const a = edges[i];
      const b = edges[j];
      if (a.targetId === b.targetId || !a.nodeIds.some((id) => b.nodeIds.includes(id))) continue;
      candidates.push({ items: [a, b], covered: new Set([...tokensOf.get(a.id)!, ...tokensOf.get(b.id)!]) });
    }
  }
  const needed = Math.min(EXTRACTIVE.minOverlap, q.size);
  const answering = candidates
    .filter((c) => c.covered.size >= needed && c.covered.size / q.size >= EXTRACTIVE.minCoverage)
    .sort(
      (a, b) =>
        b.covered.size - a.covered.size ||
        a.items.length - b.items.length ||
        authority(b) - authority(a) ||
        order(a) - order(b),
    );
  if (answering.length === 0) return { status: 'insufficient', parts: [] };

  // The best candidate, then others only while they cover question tokens the answer does not cover yet.
  const chosen: EvidenceItem[] = [];
  const covered = new Set<string>();
  for (const c of answering) {
    if (chosen.length > 0 && ![...c.covered].some((t) => !covered.has(t))) continue;
    for (const ev of c.items) if (!chosen.includes(ev)) chosen.push(ev);
    c.covered.forEach((t) => covered.add(t));
    if (chosen.length >= EXTRACTIVE.maxParts) break;
  }
  const parts = chosen
    .slice(0, EXTRACTIVE.maxParts)
    .map((ev) => ({ text: hedged(bestClause(ev.quote, q), input.lang), evidenceIds: [ev.id] }));
  const best = answering[0].covered.size / q.size;
  return { status: 'answered', parts, confidence: Math.round((0.3 + 0.5 * best) * 100) / 100 };
}

function intersect(a: Set<string>, b: Set<string>): Set<string> {
  return new Set([...a].filter((t) => b.has(t)));
}

const authority = (c: Scored) =>
  Math.min(
    ...c.items.map((ev) => (ev.entailmentStatus === 'verified' ? 2 : ev.groundingStatus === 'grounded' ? 1 : 0)),
  );
const order = (c: Scored) => Number(c.items[0].id.slice(2));

/** The clause of a quote that shares most of the question's tokens (the first on ties). */
function bestClause(quote: string, q: Set<string>): string {
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
function hedged(clause: string, lang: AnswerLang): string {
  return lang === 'zh' ? `资料表述：${clause}` : `The source states: ${clause}`;
}
