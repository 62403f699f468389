// Normalised token sets for content overlap: core/units' tokenizer (English content words with plurals folded, Han
// bigrams) after NFKC, so full-width and half-width forms compare equal.
import { tokenize } from '../units';

export function tokenSet(text: string): Set<string> {
  return new Set(tokenize(text.normalize('NFKC')));
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
