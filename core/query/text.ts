// How a query and a node's fields are compared (docs/contracts/graph-query.md#scoring): the search folding of core/search.ts (NFKC,
// full-Unicode lower case), with punctuation, symbols and whitespace folded to one space; and the phrase tokens a
// query's coverage is counted over: its space-separated words plus the Han bigrams of words of 3+ characters.
import { foldForSearch } from '../search';
import { isHan } from '../units/chars';
import { tokenize } from '../units/tokens';

const SEPARATORS = /[\p{P}\p{S}\s]+/gu;

export function normalizeForQuery(text: string | null | undefined): string {
  if (!text) return '';
  return foldForSearch(text).replace(SEPARATORS, ' ').trim();
}

/** Distinct tokens of a normalised query, in order of first appearance. */
export function phraseTokens(normalized: string): string[] {
  const out = new Set<string>();
  for (const word of normalized.split(' ')) {
    if (!word) continue;
    out.add(word);
    if (word.length < 3) continue;
    for (let i = 0; i + 1 < word.length; i++) {
      if (isHan(word.charCodeAt(i)) && isHan(word.charCodeAt(i + 1))) out.add(word.slice(i, i + 2));
    }
  }
  return [...out];
}

/**
 * The smallest set of tokens whose presence decides whether any token is present: a token containing another is
 * left out (its hit implies the other's). Storage prefilters with these; scoring still counts every token.
 */
export function probeTokens(tokens: readonly string[]): string[] {
  return tokens.filter((t, i) => !tokens.some((o, j) => j !== i && o.length < t.length && t.includes(o)));
}

/** Fields of a node a query looks at (its section title comes from the document's sections). */
export interface HaystackFields {
  id: string;
  type: string;
  text: string;
  quote: string;
  sectionId?: string | null;
}

/**
 * The folded text storage keeps per node for lexical prefiltering (nodes.query_text, written at commit): id, type,
 * text, quote and section id, folded like a query. Every token a query scores on lies inside it, so "contains one of
 * the query's probe tokens" finds every node the query can score (plus some it scores 0).
 */
export function queryHaystack(node: HaystackFields): string {
  // A quote equal to the text (most built-in nodes) would only repeat it: tokens hold no newline, so no match is lost.
  const quote = node.quote === node.text ? '' : node.quote;
  return foldForSearch([node.id, node.type, node.text, quote, node.sectionId ?? ''].join('\n'));
}

/**
 * A term as concept anchors are compared: Han text as one folded string (spaces and punctuation out), anything else
 * as core/units' content tokens (lower case, English plurals folded, stopwords out), so "Checkpoints" names the
 * anchor "checkpoint" and "the warehouse ledgers" the anchor "warehouse ledger".
 */
export function termKey(text: string): string[] {
  const folded = normalizeForQuery(text);
  if (/\p{Script=Han}/u.test(folded)) return [folded.replace(/ /g, '')];
  return tokenize(folded);
}

/** The two texts are the same term (case, width and English plural folded). */
export function sameTerm(a: string, b: string): boolean {
  const x = termKey(a);
  const y = termKey(b);
  return x.length > 0 && x.length === y.length && x.every((t, i) => t === y[i]);
}

/**
 * `text` names the term: its key is a run of the text's key; a Han term, when the folded text holds it and it has
 * two Han characters side by side (so one of the query's phrase tokens lies inside it: the lexical probe finds it).
 */
export function namesTerm(text: string, term: string): boolean {
  const folded = normalizeForQuery(text);
  const han = normalizeForQuery(term);
  if (/\p{Script=Han}/u.test(han)) return /\p{Script=Han}{2}/u.test(han) && folded.includes(han);
  const key = tokenize(han);
  if (key.length === 0) return false;
  const words = tokenize(folded);
  for (let i = 0; i + key.length <= words.length; i++) if (key.every((t, j) => words[i + j] === t)) return true;
  return false;
}

/**
 * Probe tokens for the terms a query names (score.ts concept_term): its plural-folded words, a word folded to -y
 * cut to the stem -ies and -y share ("policy" finds the anchor "policies"). Each lies inside any inflection of it.
 */
export function termProbeTokens(normalized: string): string[] {
  return tokenize(normalized).map((t) => (/^[a-z]{3,}y$/.test(t) ? t.slice(0, -1) : t));
}
