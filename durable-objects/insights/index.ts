// Insights of one document, kept in its Durable Object (issue 6 fills this module: analyzers run after each
// commit; reads answer GET /api/documents/:id/insights). Until then no insights are stored.
export interface InsightsQuery {
  type?: string;
  minScore?: number;
  lang?: 'en' | 'zh';
}

export interface InsightsResponse {
  round: number;
  insights: unknown[];
  topics: unknown[];
}

export function readInsights(_sql: SqlStorage, _query: InsightsQuery): InsightsResponse {
  return { round: 0, insights: [], topics: [] };
}
