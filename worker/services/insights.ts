// Insights of a document: the config decides whether the engine is on; the document's Durable Object answers.
import { renderMarkdown, type InsightType, type Lang } from '../../core/insights';
import { documentObject, type InsightsResponse } from '../../durable-objects/client';
import { insightConfig } from '../../durable-objects/insights/config';
import { getDocumentRow } from './documents';

export interface InsightsRequest {
  type?: InsightType;
  minScore?: number;
  lang: Lang;
}

export async function getInsights(env: Env, documentId: string, request: InsightsRequest): Promise<InsightsResponse> {
  const row = await getDocumentRow(env, documentId);
  // An invalid KG_INSIGHTS is the operator's mistake, not the caller's: answer with the defaults and say so.
  const { config, warning } = insightConfig(env);
  if (warning) console.warn(`insights: ${warning}`);
  const extra = warning ? { configWarning: warning } : {};
  if (!config.enabled) return { round: row.revision, insights: [], topics: [], ...extra };
  const answer = await documentObject(env, row.id).insights(request);
  return { ...answer, ...extra };
}

export function insightsMarkdown(response: InsightsResponse, lang: Lang): string {
  const body = renderMarkdown(response, lang);
  return response.configWarning ? `> ${response.configWarning}\n\n${body}` : body;
}
