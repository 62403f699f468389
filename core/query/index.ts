// Graph query (docs/contracts/graph-query.md): bounded, deterministic retrieval over one document's canonical graph.
export * from './types';
export { QUERY_LIMITS } from './limits';
export { parseQueryRequest } from './request';
export { runGraphQuery } from './run';
export { RevisionConflict } from './revision-conflict';
export { MemoryQuerySource, queryExportedGraph } from './memory-source';
export { queryHaystack } from './text';
export type { ScoringNode } from './score';
export type {
  QueryCandidateSource,
  QueryDocumentInfo,
  NodeFilter,
  LexicalProbe,
  EdgeRef,
  MentionRef,
} from './source';
