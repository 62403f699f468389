// Graph query (docs/contracts/graph-query.md): bounded, deterministic retrieval over one document's canonical graph.
export * from './types';
export { QUERY_LIMITS, CONTEXT_BUDGET } from './limits';
export { parseQueryRequest } from './request';
export { runGraphQuery, boundContext } from './run';
export { RevisionConflict } from './revision-conflict';
export { MemoryQuerySource, queryExportedGraph, type QueryableGraph } from './memory-source';
export { normalizeForQuery, phraseTokens, probeTokens, queryHaystack } from './text';
export { scoreNode, prepareQuery, filterBonus, compareRanked, SCORE, type ScoringNode } from './score';
export { passesFilter } from './matches';
export { describeReason } from './reasons';
export { compareByParagraph, compareEdges, compareIds } from './source';
export type { QueryCandidateSource, QueryDocumentInfo, NodeFilter, LexicalProbe, EdgeRef } from './source';
