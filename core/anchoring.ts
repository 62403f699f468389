// Anchoring: is a quote verbatim in a unit? If not exactly, is it there once whitespace is ignored (models often
// collapse line breaks)? The answer is always an exact slice of the unit, never a guessed offset.
import type { ContentUnit } from './schema';

export interface QuoteMatch {
  /** The verbatim text of the unit that matched (may differ from the given quote only in whitespace). */
  quote: string;
  exact: boolean;
}

const WS = /\s/;

/** Finds `quote` in `unitText` exactly, or modulo whitespace runs; returns the unit's own characters. */
export function findQuote(unitText: string, quote: string): QuoteMatch | null {
  const q = quote.trim();
  if (!q) return null;
  if (unitText.includes(q)) return { quote: q, exact: true };
  const compact = q.replace(/\s+/g, '');
  if (!compact) return null;
  // Map the unit to its non-whitespace characters while remembering where each came from.
  const chars: string[] = [];
  const origin: number[] = [];
  for (let i = 0; i < unitText.length; i++) {
    const ch = unitText[i];
    if (!WS.test(ch)) {
      chars.push(ch);
      origin.push(i);
    }
  }
  const at = chars.join('').indexOf(compact);
  if (at < 0) return null;
  const start = origin[at];
  const end = origin[at + compact.length - 1] + 1;
  return { quote: unitText.slice(start, end), exact: false };
}

/** A batch's units with a lookup by number, built once per batch. */
export interface BatchUnits {
  units: readonly ContentUnit[];
  byN: ReadonlyMap<number, ContentUnit>;
}

export function batchUnits(units: readonly ContentUnit[]): BatchUnits {
  return { units, byN: new Map(units.map((u) => [u.n, u])) };
}

export interface AnchorResult {
  paragraph: number;
  quote: string;
  /** How the anchor was found: as cited, whitespace-normalised, or moved to a neighbouring unit of the batch. */
  how: 'exact' | 'whitespace' | 'neighbour';
}

/**
 * Authenticates a quote against the cited unit first, then against the other units of the batch in order of
 * distance from the cited one (a deterministic repair). Returns null when the quote is in none of them.
 */
export function anchorQuote(quote: string, cited: number, batch: BatchUnits): AnchorResult | null {
  const own = batch.byN.get(cited);
  if (own) {
    const m = findQuote(own.text, quote);
    if (m) return { paragraph: cited, quote: m.quote, how: m.exact ? 'exact' : 'whitespace' };
  }
  const others = batch.units
    .filter((u) => u.n !== cited)
    .sort((a, b) => Math.abs(a.n - cited) - Math.abs(b.n - cited) || a.n - b.n);
  for (const u of others) {
    const m = findQuote(u.text, quote);
    if (m) return { paragraph: u.n, quote: m.quote, how: 'neighbour' };
  }
  return null;
}
