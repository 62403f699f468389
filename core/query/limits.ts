// The bounds of one graph query (docs/contracts/graph-query.md): what a caller may ask for and what an answer may carry.
// Every one is a hard cap; smaller caller values for maxNodes / maxEdges are honoured.
import { MAX_QUERY_CHARS } from '../limits';

export const QUERY_LIMITS = {
  /** Characters of `query` (the same limit as the graph search). */
  queryChars: MAX_QUERY_CHARS,
  /** Items in any selector list (nodeIds, types, relations, sectionIds, statuses). */
  listItems: 40,
  /** Direct matches (`limit`): 1..40, default 20. */
  matches: 40,
  defaultLimit: 20,
  /** Nodes and edges of the returned subgraph. */
  nodes: 160,
  edges: 480,
  hops: 2,
  /** Mentions read to widen the direct matches from the concept anchors among them, and mentions returned. */
  mentionSeeds: 200,
  mentions: 480,
  defaultHops: 1,
  /** Endpoints a relation selector seeds (in edge order). */
  relationSeeds: 600,
  /** Source units: count, characters each, characters in all. */
  sourceUnits: 80,
  unitChars: 1600,
  sourceChars: 24_000,
  /** The JSON size of the graph part of the answer; neighbours stop at 62 % of it. */
  contextChars: 384_000,
  neighbourShare: 0.62,
  summaryChars: 2000,
  /** Projection caps of one node / edge / source. */
  idChars: 160,
  nodeTextChars: 1200,
  quoteChars: 600,
  titleChars: 300,
  evidencePerItem: 2,
  sections: 80,
} as const;

/** contextChars + sourceChars + 60,000 for the summary, the source projection and the envelope's own keys. */
export const CONTEXT_BUDGET = QUERY_LIMITS.contextChars + QUERY_LIMITS.sourceChars + 60_000;
