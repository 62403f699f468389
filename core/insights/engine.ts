// One round of the engine: run the six analyzers, attribute every finding, fold them into the kept insights,
// rebuild the topics. Pure: the caller (the document's Durable Object) loads and stores the state.
import { analyzerContext, ANALYZERS, type AnalysisInput } from './analyzers';
import { attributeInsight, type AttributionContext } from './attribution';
import { updateInsights, updateTopics } from './lifecycle';
import { buildTopics } from './topics';
import { INSIGHT_TYPES, type StoredInsight, type StoredTopic } from './types';

export interface EngineState {
  insights: StoredInsight[];
  topics: StoredTopic[];
}

export function analyzeRound(input: AnalysisInput, previous: EngineState): EngineState {
  if (!input.config.enabled) return { insights: [], topics: [] };
  const ctx = analyzerContext(input);
  const attribution: AttributionContext = {
    index: ctx.index,
    past: ctx.past,
    scopeEvidenceLimit: input.config.scopeEvidenceLimit,
  };
  const fresh: StoredInsight[] = INSIGHT_TYPES.flatMap((type) => ANALYZERS[type](ctx)).map((draft) => ({
    draft,
    profile: attributeInsight(draft, attribution),
    firstRound: input.round,
    lastSeenRound: input.round,
  }));
  // Kept insights are judged again against the current graph: their nodes may have been merged or removed.
  const kept = previous.insights.map((s) => ({ ...s, profile: attributeInsight(s.draft, attribution) }));
  const insights = updateInsights(kept, fresh, input.round, input.config);
  const current = insights.filter((s) => s.lastSeenRound === input.round);
  const topics = updateTopics(
    previous.topics,
    buildTopics({ round: input.round, index: ctx.index, history: input.history, insights: current }),
    new Set(ctx.index.nodeById.keys()),
    input.config.maxTopics,
  );
  return { insights, topics };
}
