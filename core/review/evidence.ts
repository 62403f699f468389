// Evidence a model cites ({ paragraph, quote }) checked against the canonical units: a quote counts only when it is
// verbatim (modulo whitespace) in the cited unit, or — a deterministic repair — in another unit the model was shown.
// An unauthenticated quote is blanked, never kept; an entry with neither a valid unit nor a quote is removed.
import { anchorQuote, batchUnits, findQuote } from '../anchoring';
import type { ContentUnit } from '../schema';
import type { IssueEvidence } from '../verify/types';
import { isRecord } from './json';

/** Characters of one cited quote (docs/contracts/verification.md#model-review: the model is asked for ≤ 200; a little slack). */
export const MAX_EVIDENCE_QUOTE = 300;
export const MAX_EVIDENCE_ITEMS = 8;

export interface CheckedEvidence {
  evidence: IssueEvidence[];
  /** Entries whose quote authenticated. */
  authenticated: number;
  /** Entries that carried a non-empty quote (authenticated or not). */
  quoted: number;
}

/**
 * `all` are the document's units numbered 1..n (unit n at index n - 1); `shown` are the units the model saw
 * (where a quote cited to the wrong unit may be found).
 */
export function checkEvidence(
  raw: unknown,
  all: readonly ContentUnit[],
  shown: readonly ContentUnit[],
): CheckedEvidence {
  const out: IssueEvidence[] = [];
  let authenticated = 0;
  let quoted = 0;
  if (!Array.isArray(raw)) return { evidence: out, authenticated, quoted };
  const near = batchUnits(shown);
  for (const item of raw) {
    if (out.length >= MAX_EVIDENCE_ITEMS) break;
    if (!isRecord(item)) continue;
    const cited =
      typeof item.paragraph === 'number' &&
      Number.isInteger(item.paragraph) &&
      item.paragraph >= 1 &&
      item.paragraph <= all.length
        ? item.paragraph
        : null;
    const quote = typeof item.quote === 'string' ? item.quote.trim().slice(0, MAX_EVIDENCE_QUOTE) : '';
    if (quote) quoted++;
    let found: IssueEvidence | null = null;
    if (quote && cited !== null) {
      const m = findQuote(all[cited - 1].text, quote);
      if (m) found = { paragraph: cited, quote: m.quote };
    }
    if (!found && quote) {
      const a = anchorQuote(quote, cited ?? shown[0]?.n ?? 1, near);
      if (a) found = { paragraph: a.paragraph, quote: a.quote };
    }
    if (found) {
      authenticated++;
      if (!out.some((e) => e.paragraph === found.paragraph && e.quote === found.quote)) out.push(found);
    } else if (cited !== null) {
      out.push({ paragraph: cited, quote: '' });
    }
  }
  return { evidence: out, authenticated, quoted };
}
