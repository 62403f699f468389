// Insight-side token helpers: naming shared terms for a reader. Token sets and Jaccard live in core/text/tokens.ts
// (one home for merging and insights).
import { normalizeForTokens } from '../text/tokens';

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/**
 * Shared tokens as a reader would name them: runs of shared Han bigrams in `text` joined back into words
 * (自动/动抽/抽取 → 自动抽取), then the other shared tokens (English words in their folded form).
 */
export function displayTerms(text: string, shared: readonly string[]): string[] {
  const set = new Set(shared);
  const t = normalizeForTokens(text);
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
