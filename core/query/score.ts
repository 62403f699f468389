// Scoring one node against a query (docs/contracts/graph-query.md#scoring). Pure and total: the Worker (over D1 candidates)
// and the browser (over a whole exported graph) score with this one function, which is why their answers agree.
import { namesTerm, normalizeForQuery, phraseTokens } from './text';
import type { MatchReason } from './types';

export const SCORE = {
  explicitId: 1000,
  relationEndpoint: 500,
  idExact: 120,
  textExact: 100,
  textContains: 52,
  quoteContains: 30,
  section: 18,
  type: 12,
  conceptTerm: 60,
  mention: 40,
  coverage: 38,
  perToken: 2,
  tokenCap: 8,
  filterOnly: 1,
  grounded: 1.5,
  verified: 1,
} as const;

/** The fields scoring reads. A missing grounding counts as candidate, a missing entailment as unverified. */
export interface ScoringNode {
  id: string;
  type: string;
  text: string;
  quote: string;
  paragraph: number | null;
  sectionId?: string | null;
  groundingStatus?: string | null;
  entailmentStatus?: string | null;
}

/** A query prepared once: its normalised text and phrase tokens. */
export interface PreparedQuery {
  normalized: string;
  tokens: string[];
}

export function prepareQuery(query: string): PreparedQuery {
  const normalized = normalizeForQuery(query);
  return { normalized, tokens: normalized ? phraseTokens(normalized) : [] };
}

export interface ScoreInput {
  query: PreparedQuery | null;
  /** +1000 "explicit id" (a nodeIds entry). */
  explicit: boolean;
  /** Index among relation-seeded endpoints, or -1. */
  seedOrder: number;
  /** The title of the node's section, when it has one. */
  sectionTitle?: string;
}

export interface Scored {
  score: number;
  reasons: MatchReason[];
}

/** The node's score and reasons (at most 4); score 0 means "not a match". */
export function scoreNode(node: ScoringNode, input: ScoreInput): Scored {
  let score = 0;
  const reasons: MatchReason[] = [];
  if (input.explicit) {
    score += SCORE.explicitId;
    reasons.push('explicit_id');
  }
  if (input.seedOrder >= 0) {
    score += SCORE.relationEndpoint - Math.min(100, input.seedOrder / 1000);
    reasons.push('relation_endpoint');
  }
  const q = input.query;
  if (q?.normalized) {
    const text = normalizeForQuery(node.text);
    const quote = normalizeForQuery(node.quote);
    const sectionId = normalizeForQuery(node.sectionId);
    const sectionTitle = normalizeForQuery(input.sectionTitle);
    if (normalizeForQuery(node.id) === q.normalized) {
      score += SCORE.idExact;
      reasons.push('id_exact');
    }
    if (text === q.normalized) {
      score += SCORE.textExact;
      reasons.push('text_exact');
    } else if (text.includes(q.normalized)) {
      score += SCORE.textContains;
      reasons.push('text_contains');
    }
    if (quote.includes(q.normalized)) {
      score += SCORE.quoteContains;
      reasons.push('quote_contains');
    }
    // q.normalized is not empty, so an empty section title or id never contains it.
    if (sectionTitle.includes(q.normalized) || sectionId.includes(q.normalized)) {
      score += SCORE.section;
      reasons.push('section');
    }
    const type = normalizeForQuery(node.type);
    if (type === q.normalized) {
      score += SCORE.type;
      reasons.push('type');
    }
    // A concept anchor the query names as a term (case and English plurals folded: "What are checkpoints?").
    if (node.type === 'concept' && namesTerm(q.normalized, node.text)) {
      score += SCORE.conceptTerm;
      reasons.push('concept_term');
    }
    if (q.tokens.length > 0) {
      const haystack = [normalizeForQuery(node.id), type, text, quote, sectionId, sectionTitle].join(' ');
      let matched = 0;
      for (const t of q.tokens) if (haystack.includes(t)) matched++;
      if (matched > 0) {
        const coverage = matched / q.tokens.length;
        score += SCORE.coverage * coverage + SCORE.perToken * Math.min(matched, SCORE.tokenCap);
        reasons.push(`coverage:${Math.round(coverage * 100)}`);
      }
    }
  }
  const selective = input.explicit || input.seedOrder >= 0 || (q !== null && q.normalized !== '');
  if (score === 0) {
    if (selective) return { score: 0, reasons: [] };
    score = SCORE.filterOnly;
    reasons.push('filter');
  }
  score += filterBonus(node);
  return { score, reasons: reasons.slice(0, 4) };
}

/** +1.5 grounded, +1 verified: among equals, better-attested nodes rank first. */
export function filterBonus(node: Pick<ScoringNode, 'groundingStatus' | 'entailmentStatus'>): number {
  return (
    (node.groundingStatus === 'grounded' ? SCORE.grounded : 0) +
    (node.entailmentStatus === 'verified' ? SCORE.verified : 0)
  );
}

/** Ranking: score desc, then paragraph asc (none last), then id. */
export function compareRanked(
  a: { score: number; paragraph: number | null; id: string },
  b: { score: number; paragraph: number | null; id: string },
): number {
  if (a.score !== b.score) return b.score - a.score;
  const pa = a.paragraph ?? Number.POSITIVE_INFINITY;
  const pb = b.paragraph ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa - pb;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
