// The source fallback (docs/contracts/answers.md#source-fallback): canonical units that no retrieved node or edge cites but that
// share words with the question, so a fact the extraction missed can still be cited as "the source says".
// score = 100 if the unit contains the whole question, + 40 · hits/|tokens| + 2 · hits, over the question's phrase
// tokens (length ≥ 2, at most 24; English function words left out so that "the" finds nothing). The 8 best units
// with a score above 0 are kept. Storage pages the units in; this only scores, so the browser can run it too.
import { normalizeForQuery } from '../query/text';
import type { FallbackUnit } from './types';
import { gateTokens } from './wording';

export const FALLBACK_LIMITS = { scannedUnits: 20_000, kept: 8, unitChars: 2000, tokens: 24 } as const;

export interface FallbackScanner {
  /** Offers a page of units (in unit order); false once the scan budget is spent. */
  offer(units: readonly { n: number; text: string }[]): boolean;
  /** How many units were scored. */
  readonly scanned: number;
  /** The kept units, best first (ties: earlier unit first). */
  result(): FallbackUnit[];
}

export function fallbackScanner(question: string, exclude: ReadonlySet<number>): FallbackScanner {
  const normalizedQuestion = normalizeForQuery(question);
  const tokens = [...gateTokens(question)].slice(0, FALLBACK_LIMITS.tokens);
  let kept: FallbackUnit[] = [];
  let scanned = 0;
  return {
    get scanned() {
      return scanned;
    },
    offer(units) {
      for (const unit of units) {
        if (scanned >= FALLBACK_LIMITS.scannedUnits) return false;
        if (exclude.has(unit.n)) continue;
        scanned++;
        if (tokens.length === 0 || unit.text.length > FALLBACK_LIMITS.unitChars) continue;
        const text = normalizeForQuery(unit.text);
        let hits = 0;
        for (const t of tokens) if (text.includes(t)) hits++;
        const score =
          (normalizedQuestion && text.includes(normalizedQuestion) ? 100 : 0) + (40 * hits) / tokens.length + 2 * hits;
        if (score <= 0) continue;
        kept.push({ paragraph: unit.n, text: unit.text, score });
        if (kept.length > FALLBACK_LIMITS.kept * 4) kept = best(kept);
      }
      return scanned < FALLBACK_LIMITS.scannedUnits;
    },
    result: () => best(kept),
  };
}

function best(units: FallbackUnit[]): FallbackUnit[] {
  return [...units].sort((a, b) => b.score - a.score || a.paragraph - b.paragraph).slice(0, FALLBACK_LIMITS.kept);
}
