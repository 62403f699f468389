// Evidence items the judge may cite (docs/contracts/fact-check.md#evidence): Wikipedia hits per claim (ids namespaced "c3:w1") and
// rule passages shared by every claim ("r1"…). A Wikipedia item's snippet is the search snippet followed by the
// page's extract, so a quote is checked against more than the search engine's excerpt.
import type { FactEvidence } from './types';
import { isMostlyCjk, stripHtml } from './text';

export const MAX_RULE_PASSAGES = 30;
export const MAX_PASSAGE_CHARS = 600;
export const MAX_SNIPPET_CHARS = 600;
export const MAX_EXTRACT_CHARS = 900;
/** Search hits asked for per claim and language, and hits whose extract is fetched. */
export const WIKI_SEARCH_LIMIT = 4;
export const WIKI_EXTRACT_HITS = 2;

/**
 * Pasted rules as numbered passages: blank-line paragraphs (or lines, when the text has no blank line), each at most
 * MAX_PASSAGE_CHARS, the first MAX_RULE_PASSAGES of them. Title "Rule i" / "用户规则 i" by the text's language.
 */
export function rulePassages(rules: string): FactEvidence[] {
  const text = rules.replace(/\r\n?/g, '\n').trim();
  if (!text) return [];
  const blocks = /\n\s*\n/.test(text) ? text.split(/\n\s*\n/) : text.split('\n');
  const zh = isMostlyCjk(text);
  return blocks
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, MAX_RULE_PASSAGES)
    .map((passage, i) => ({
      id: `r${i + 1}`,
      provider: 'rules' as const,
      url: null,
      title: zh ? `用户规则 ${i + 1}` : `Rule ${i + 1}`,
      snippet: passage.slice(0, MAX_PASSAGE_CHARS),
    }));
}

export interface WikiHit {
  title: string;
  /** As the API returns it (HTML markup). */
  snippet: string;
  /** The page's plain-text extract, when fetched. */
  extract?: string;
}

/** A claim's Wikipedia hits as evidence items "c<n>:w<i>", with article links under `articleBase` (…/wiki/). */
export function wikiEvidence(claimId: string, hits: readonly WikiHit[], articleBase: string): FactEvidence[] {
  return hits.map((hit, i) => {
    const snippet = stripHtml(hit.snippet).slice(0, MAX_SNIPPET_CHARS);
    const extract = (hit.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_EXTRACT_CHARS);
    return {
      id: `${claimId}:w${i + 1}`,
      provider: 'wikipedia' as const,
      url: articleBase + encodeURIComponent(hit.title.replace(/ /g, '_')),
      title: hit.title,
      snippet: extract && !extract.includes(snippet) ? `${snippet} … ${extract}` : extract || snippet,
    };
  });
}
