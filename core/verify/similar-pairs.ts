// Pairs of token sets with Jaccard similarity ≥ t, without comparing every pair (the seed's check is O(n²)). The
// all-pairs prefix filter: order each set's tokens rarest first; two sets with Jaccard ≥ t must share a token among
// the first |A| − ⌈t·|A|⌉ + 1 tokens of each, so only those prefixes are indexed and probed, and sets are visited
// smallest first so the size filter |B| ≥ t·|A| prunes too. Exact except for tokens whose posting list grows past
// `maxPosting` (tokens that common carry little meaning; skipping them bounds the worst case).
import { jaccard } from '../text/tokens';

export interface SimilarPair {
  /** Indexes into the input, a < b. */
  a: number;
  b: number;
  score: number;
}

export interface SimilarOptions {
  /** Only pairs this accepts are scored (e.g. same kind, exactly one negated). */
  accept?: (a: number, b: number) => boolean;
  /** Posting lists longer than this are not probed (default 256). */
  maxPosting?: number;
  /** Stop after this many pairs (default: no limit). */
  maxPairs?: number;
}

export function similarPairs(
  sets: readonly ReadonlySet<string>[],
  threshold: number,
  options: SimilarOptions = {},
): SimilarPair[] {
  const maxPosting = options.maxPosting ?? 256;
  const maxPairs = options.maxPairs ?? Infinity;
  const df = new Map<string, number>();
  for (const set of sets) for (const t of set) df.set(t, (df.get(t) ?? 0) + 1);
  const ordered = sets.map((set) => [...set].sort((x, y) => df.get(x)! - df.get(y)! || (x < y ? -1 : x > y ? 1 : 0)));
  const visit = sets.map((_, i) => i).filter((i) => sets[i].size > 0);
  visit.sort((x, y) => sets[x].size - sets[y].size || x - y);

  const index = new Map<string, number[]>();
  const seenBy = new Int32Array(sets.length).fill(-1);
  const pairs: SimilarPair[] = [];
  for (const x of visit) {
    const tokens = ordered[x];
    const size = tokens.length;
    const prefix = size - Math.ceil(threshold * size) + 1;
    const minSize = threshold * size;
    for (let k = 0; k < prefix; k++) {
      const list = index.get(tokens[k]);
      if (!list || list.length > maxPosting) continue;
      for (const y of list) {
        if (seenBy[y] === x) continue;
        seenBy[y] = x;
        if (sets[y].size < minSize) continue;
        const [a, b] = y < x ? [y, x] : [x, y];
        if (options.accept && !options.accept(a, b)) continue;
        const score = jaccard(sets[x], sets[y]);
        if (score >= threshold) {
          pairs.push({ a, b, score });
          if (pairs.length >= maxPairs) return sortPairs(pairs);
        }
      }
    }
    for (let k = 0; k < prefix; k++) {
      const list = index.get(tokens[k]);
      if (list) list.push(x);
      else index.set(tokens[k], [x]);
    }
  }
  return sortPairs(pairs);
}

/** Deterministic order: by the first index, then the second. */
function sortPairs(pairs: SimilarPair[]): SimilarPair[] {
  return pairs.sort((p, q) => p.a - q.a || p.b - q.b);
}
