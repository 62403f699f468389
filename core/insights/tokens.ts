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

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/**
 * Shared tokens as a reader would name them: runs of shared Han bigrams in `text` joined back into words
 * (自动/动抽/抽取 → 自动抽取), then the other shared tokens (English words in their folded form).
 */
export function displayTerms(text: string, shared: readonly string[]): string[] {
  const set = new Set(shared);
  const t = text.normalize('NFKC');
  const out: string[] = [];
  const add = (term: string) => {
    if (!out.includes(term)) out.push(term);
  };
  for (let i = 0; i + 1 < t.length; i++) {
    if (!set.has(t.slice(i, i + 2))) continue;
    let j = i + 2;
    while (j < t.length && set.has(t.slice(j - 1, j + 1))) j++;
    add(t.slice(i, j));
    i = j - 1;
  }
  for (const token of shared) if (!HAN.test(token) || token.length === 1) add(token);
  return out;
}
