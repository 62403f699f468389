// Lexical near-duplicate detection for merging: the same concept met in several batches ("Knowledge graphs" /
// "knowledge graph", "检查点机制" / "检查点的机制") becomes one node. Token sets (English words with plurals folded,
// Han bigrams) compared by Jaccard similarity, with candidates found through an inverted index so that merging a
// book stays near-linear. Numbers must agree: "river 12" and "river 13" are different propositions.
import type { KgNode } from '../schema';
import { jaccard, normalizeForTokens, tokenSet } from '../text/tokens';

export const NEAR_DUPLICATE_JACCARD = 0.85;
/** Tokens this common are not used to find candidates (they would make every node a candidate). */
const MAX_POSTING = 64;
/** Only short texts (terms, names, short propositions) are compared: long sentences that differ are different. */
const MAX_TOKENS = 10;
/** Candidates come from the rarest few tokens of a text. */
const PROBE_TOKENS = 3;

interface Entry<T> {
  value: T;
  tokens: Set<string>;
  numbers: string;
}

export class NearDuplicateIndex<T> {
  private readonly entries: Entry<T>[] = [];
  private readonly postings = new Map<string, number[]>();
  /** The text `find` read last: a merge adds the node it found no match for next, so its tokens are read once. */
  private last: { text: string; tokens: Set<string>; numbers: string } | undefined;

  private read(text: string): { text: string; tokens: Set<string>; numbers: string } {
    if (this.last?.text !== text) {
      const tokens = tokenSet(text);
      this.last = { text, tokens, numbers: tokens.size === 0 || tokens.size > MAX_TOKENS ? '' : numbersOf(text) };
    }
    return this.last;
  }

  /** Registers a node (under its type) and what it should map to when a later node matches it. */
  add(node: Pick<KgNode, 'type' | 'text'>, value: T): void {
    const { tokens, numbers } = this.read(node.text);
    if (tokens.size === 0 || tokens.size > MAX_TOKENS) return;
    const index = this.entries.push({ value, tokens, numbers }) - 1;
    for (const token of tokens) {
      const key = `${node.type}\u0000${token}`;
      const list = this.postings.get(key);
      if (!list) this.postings.set(key, [index]);
      else if (list.length <= MAX_POSTING) list.push(index);
    }
  }

  /** The earliest registered node of the same type that is a near duplicate, if any. */
  find(node: Pick<KgNode, 'type' | 'text'>): T | undefined {
    const { tokens, numbers } = this.read(node.text);
    if (tokens.size === 0 || tokens.size > MAX_TOKENS) return undefined;
    const lists = [...tokens]
      .map((token) => this.postings.get(`${node.type}\u0000${token}`))
      .filter((list): list is number[] => list !== undefined && list.length <= MAX_POSTING)
      .sort((a, b) => a.length - b.length)
      .slice(0, PROBE_TOKENS);
    const candidates = new Set<number>();
    for (const list of lists) for (const i of list) candidates.add(i);
    let best: number | undefined;
    for (const i of [...candidates].sort((a, b) => a - b)) {
      const entry = this.entries[i];
      if (entry.numbers !== numbers) continue;
      if (jaccard(tokens, entry.tokens) >= NEAR_DUPLICATE_JACCARD) {
        best = i;
        break;
      }
    }
    return best === undefined ? undefined : this.entries[best].value;
  }
}

/**
 * Every number in the text, in order (the tokenizer drops one-digit numbers; here they matter). Read from the same
 * NFKC form as the tokens, so "river １２" and "river 12" agree.
 */
function numbersOf(text: string): string {
  return (normalizeForTokens(text).match(/\d+(?:[.,]\d+)*/g) ?? []).join(',');
}
