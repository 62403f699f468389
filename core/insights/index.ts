// The insight engine (pure): analyzers over the graph and its revision history, an attribution profile for every
// insight, topics grounded in real nodes, the lifecycle of both, and their renderings.
export * from './types';
export * from './chains';
export * from './config';
export { analyzeRound, type EngineState } from './engine';
export { ANALYZERS, analyzerContext, type AnalysisInput, type AnalyzerContext } from './analyzers';
export { attributeInsight, rationaleOf, scoreParts, type AttributionContext } from './attribution';
export { indexGraph, nodeConfidence, type GraphIndex } from './graph-index';
export {
  diffStates,
  indexHistory,
  nodeStates,
  roundStats,
  type History,
  type NodeChange,
  type RoundRecord,
  type RoundStats,
} from './history';
export { buildTopics } from './topics';
export { updateInsights, updateTopics } from './lifecycle';
export { insightView, selectInsights, topicView, type InsightFilter } from './views';
export { renderMarkdown } from './markdown';
export { tokenSet, jaccard } from '../text/tokens';
