// Token sets for lexical overlap, one home for merging (core/extract/near-duplicates.ts) and insights
// (core/insights): core/units' tokenizer (English content words with plurals folded, Han bigrams) after NFKC, so
// full-width and half-width forms ("ＡＢＣ１２" / "ABC12") compare equal everywhere.
import { tokenize } from '../units';

/** The text as token sets see it: NFKC-normalised (callers that read numbers or spans use the same form). */
export function normalizeForTokens(text: string): string {
  return text.normalize('NFKC');
}

export function tokenSet(text: string): Set<string> {
  return new Set(tokenize(normalizeForTokens(text)));
}

/** |A ∩ B| / |A ∪ B|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

export function sharedTokens(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const t of a) if (b.has(t)) out.push(t);
  return out;
}
