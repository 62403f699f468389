// The insight engine (pure): analyzers over the graph and its revision history, an attribution profile for every
// insight, topics grounded in real nodes, the lifecycle of both, and their renderings.
export * from './types';
export * from './chains';
export * from './config';
export { analyzeRound } from './engine';
export { indexGraph } from './graph-index';
export {
  diffStates,
  nodeStates,
  roundStats,
  type History,
  type NodeChange,
  type RoundRecord,
  type RoundStats,
} from './history';
export { selectInsights, topicView } from './views';
export { renderMarkdown } from './markdown';
