// What a graph query reads, as one interface with two implementations: D1 on the server
// (storage/graph-query-source.ts) and an exported graph in memory in the browser (memory-source.ts). The algorithm
// (run.ts) only talks to this, so both answer with the same code; each method states exactly what it must return,
// and the parity test (test/worker/graph-query-parity.test.ts) holds the two to it.
import type { ContentUnit, KgEdge, KgNode, Section } from '../schema';
import type { ScoringNode } from './score';
import type { QueryDirection, QueryMention } from './types';

export interface QueryDocumentInfo {
  documentId: string;
  revision: number;
  title: string;
  summary: string;
  sourceId: string | null;
  chars: number;
  unitCount: number;
  nodeCount: number;
  edgeCount: number;
  sections: readonly Section[];
}

/** Hard filters (empty list = no filter). */
export interface NodeFilter {
  types: readonly string[];
  sectionIds: readonly string[];
  groundingStatuses: readonly string[];
  entailmentStatuses: readonly string[];
}

/** Lexical prefilter: a node whose folded fields (text.ts queryHaystack) contain a token, or whose section is listed. */
export interface LexicalProbe {
  tokens: readonly string[];
  sectionIds: readonly string[];
}

export interface EdgeRef {
  id: string;
  fromNodeId: string;
  toNodeId: string;
  relation: string;
}

export interface MentionRef {
  id: string;
  nodeId: string;
  conceptId: string;
  term: string;
}

export interface QueryCandidateSource {
  /** The document's current state, or null when there is none. */
  document(): Promise<QueryDocumentInfo | null>;
  /**
   * Every node that passes `filter` and, with a probe, matches it (a superset of what the query can score is fine;
   * nothing it can score may be missing). Pages of any size, in any order; all of them are scored.
   */
  candidates(filter: NodeFilter, probe: LexicalProbe | null): AsyncIterable<readonly ScoringNode[]>;
  /**
   * Optional shortcut for a query with filters only (every passing node scores 1 + its bonus): the first `limit`
   * passing nodes by (bonus desc, paragraph asc with none last, id asc), and how many pass. Without it the
   * algorithm scores every page of candidates().
   */
  filterTop?(filter: NodeFilter, limit: number): Promise<{ nodes: ScoringNode[]; total: number }>;
  /** The nodes with these ids that exist (any order). */
  nodesById(ids: readonly string[]): Promise<ScoringNode[]>;
  /**
   * Edges of these relations in (from, to, relation, id) order: the distinct endpoints met in that order (from, then
   * to), at most `maxEndpoints`, and the number of such edges.
   */
  relationEndpoints(relations: readonly string[], maxEndpoints: number): Promise<{ ids: string[]; edgeCount: number }>;
  /**
   * Neighbours of `frontier` over edges of `relations` (all when empty): `out` follows from → to, `in` to → from,
   * `both` either. Distinct ids not in `exclude`, the first `limit` by (paragraph asc with none last, id asc).
   */
  neighbours(
    frontier: readonly string[],
    direction: QueryDirection,
    relations: readonly string[],
    exclude: readonly string[],
    limit: number,
  ): Promise<string[]>;
  /**
   * Edges with both ends in `ids` (and of `relations` when given): the first `limit` by (touches a node of `direct`
   * first, then from, to, relation, id).
   */
  edgesAmong(
    ids: readonly string[],
    direct: readonly string[],
    relations: readonly string[],
    limit: number,
  ): Promise<EdgeRef[]>;
  /**
   * The concept layer's mentions of these anchors (conceptId in `conceptIds`): the first `limit` by (conceptId,
   * nodeId, id). The statements they name widen a query's direct matches; they are never relations.
   */
  mentionsOf(conceptIds: readonly string[], limit: number): Promise<MentionRef[]>;
  /** Mentions with both ends in `ids`: the first `limit` by (nodeId, conceptId, id). */
  mentionsAmong(ids: readonly string[], limit: number): Promise<QueryMention[]>;
  /** Whole nodes and edges (all evidence) for these ids, any order. */
  nodes(ids: readonly string[]): Promise<KgNode[]>;
  edges(ids: readonly string[]): Promise<KgEdge[]>;
  /** The canonical units with these numbers that exist. */
  units(paragraphs: readonly number[]): Promise<ContentUnit[]>;
}

/** Code-unit order of two ids (what both the in-memory sort and D1's BINARY collation give for the ids we make). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** (paragraph asc, none last, then id): the order neighbours are added in. */
export function compareByParagraph(
  a: { paragraph: number | null; id: string },
  b: { paragraph: number | null; id: string },
): number {
  const pa = a.paragraph ?? Number.POSITIVE_INFINITY;
  const pb = b.paragraph ?? Number.POSITIVE_INFINITY;
  return pa !== pb ? pa - pb : compareIds(a.id, b.id);
}

/** (from, to, relation, id): the canonical order of edges in seeding and expansion. */
export function compareEdges(a: EdgeRef, b: EdgeRef): number {
  return (
    compareIds(a.fromNodeId, b.fromNodeId) ||
    compareIds(a.toNodeId, b.toNodeId) ||
    compareIds(a.relation, b.relation) ||
    compareIds(a.id, b.id)
  );
}

/** (nodeId, conceptId, id) or, with `byConcept`, (conceptId, nodeId, id): the orders mentions are read in. */
export function compareMentions(a: MentionRef, b: MentionRef, byConcept = false): number {
  const [x, y] = byConcept ? [a.conceptId, b.conceptId] : [a.nodeId, b.nodeId];
  const [u, v] = byConcept ? [a.nodeId, b.nodeId] : [a.conceptId, b.conceptId];
  return compareIds(x, y) || compareIds(u, v) || compareIds(a.id, b.id);
}
