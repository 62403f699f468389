// Insights of one document, kept in its Durable Object: the engine runs after each commit (hook.ts, passed to the
// runner by document-do.ts); reads answer GET /api/documents/:id/insights through DocumentDO.insights().
import {
  selectInsights,
  topicView,
  type InsightType,
  type InsightView,
  type Lang,
  type TopicView,
} from '../../core/insights';
import { InsightStore } from './store';

export interface InsightsQuery {
  type?: InsightType;
  /** Minimum attributionScore, 0..1. */
  minScore?: number;
  lang?: Lang;
}

export interface InsightsResponse {
  round: number;
  insights: InsightView[];
  topics: TopicView[];
  /** Set by the Worker when KG_INSIGHTS was rejected and the defaults are in use. */
  configWarning?: string;
}

export function readInsights(sql: SqlStorage, query: InsightsQuery): InsightsResponse {
  const store = new InsightStore(sql);
  if (!store.exists()) return { round: 0, insights: [], topics: [] };
  const round = store.round();
  const lang = query.lang ?? 'en';
  return {
    round,
    insights: selectInsights(store.insights(), round, { type: query.type, minScore: query.minScore }, lang),
    topics: store.topics().map((t) => topicView(t, lang)),
  };
}

export { insightsAfterCommit, insightsHook } from './hook';
