// Where is a quote in the source? The cited unit first, then its near neighbours, then (within a budget) the whole
// text: a quick check over a book must not scan every unit for every node. The whole-text search runs on one
// joined string, so each search is a single indexOf rather than a loop over units.
import { findQuote } from '../anchoring';
import type { ContentUnit } from '../schema';

/** Neighbours on each side searched before the whole text. */
const NEAR = 3;
/** Whole-text searches per check; quotes beyond it count as not found (reported, never guessed). */
export const GLOBAL_SEARCH_BUDGET = 400;
const SEPARATOR = '\u0000';

export interface Located {
  paragraph: number;
  /** The unit's own characters. */
  quote: string;
  exact: boolean;
}

export class QuoteLocator {
  private joined: string | null = null;
  private starts: number[] = [];
  private budget = GLOBAL_SEARCH_BUDGET;

  /** `units` are numbered 1..n (unit n at index n - 1), as stored. */
  constructor(private readonly units: readonly ContentUnit[]) {}

  unit(n: number | null | undefined): ContentUnit | undefined {
    return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= this.units.length
      ? this.units[n - 1]
      : undefined;
  }

  /** Is `quote` verbatim in unit `n`? (whitespace-tolerant matches count as not exact). */
  inUnit(quote: string, n: number): Located | null {
    const unit = this.unit(n);
    if (!unit) return null;
    const m = findQuote(unit.text, quote);
    return m ? { paragraph: n, quote: m.quote, exact: m.exact } : null;
  }

  /** The quote's unit: the cited one, a near neighbour, else the first unit in the text that holds it. */
  locate(quote: string, cited: number | null): Located | null {
    if (!quote.trim()) return null;
    if (cited !== null && this.unit(cited)) {
      const own = this.inUnit(quote, cited);
      if (own) return own;
      for (let d = 1; d <= NEAR; d++) {
        for (const n of [cited - d, cited + d]) {
          const m = this.inUnit(quote, n);
          if (m) return m;
        }
      }
    }
    return this.searchAll(quote.trim());
  }

  private searchAll(quote: string): Located | null {
    if (this.budget <= 0 || quote.includes(SEPARATOR)) return null;
    this.budget--;
    if (this.joined === null) {
      let at = 0;
      this.starts = this.units.map((u) => {
        const start = at;
        at += u.text.length + 1;
        return start;
      });
      this.joined = this.units.map((u) => u.text).join(SEPARATOR);
    }
    const at = this.joined.indexOf(quote);
    if (at < 0) return null;
    // The unit holding offset `at`: the last start <= at.
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return { paragraph: this.units[lo].n, quote, exact: true };
  }
}
