// The graph search rule, one home for the server (SQL over a stored folded column) and the browser (a static
// graph file): a node matches a query when its id or section id equals the trimmed query, its type is the query
// (one of the node types), or its folded text contains the folded query. The view then adds one-hop neighbours.
// Folding is NFKC (full-width ｆｕｌｌ → full, compatibility forms) then full-Unicode lower case (É → é, not only
// ASCII as SQLite's LIKE does). Both run in V8's ICU, so the Worker and the browser fold identically.
import { NODE_TYPES } from './schema/vocabulary';

const TYPES: ReadonlySet<string> = new Set(NODE_TYPES);

export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** A query as both sides use it: the trimmed term for exact fields, the folded term for text. */
export interface SearchQuery {
  term: string;
  folded: string;
  /** The term when it names a node type, else null. */
  type: string | null;
}

export function searchQuery(q: string): SearchQuery {
  const term = q.trim();
  return { term, folded: foldForSearch(term), type: TYPES.has(term) ? term : null };
}

export interface Searchable {
  id: string;
  text: string;
  type: string;
  sectionId?: string | null;
}

/** The match predicate; `searchText` is the node's stored folded text when there is one (else folded here). */
export function matchesSearch(
  node: Searchable,
  query: SearchQuery,
  searchText: string = foldForSearch(node.text),
): boolean {
  return (
    node.id === query.term ||
    node.sectionId === query.term ||
    (query.type !== null && node.type === query.type) ||
    searchText.includes(query.folded)
  );
}
