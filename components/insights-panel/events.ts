// kg-insight-select: the reader chose an insight; the detail lists its evidence (nodes and graph edges), so the
// embedder can highlight them in the graph and their units in the source.
import type { InsightView } from '../../core/insights/types';

export interface InsightSelectDetail {
  insightId: string;
  nodeIds: string[];
  edgeIds: string[];
}

export type KgInsightSelectEvent = CustomEvent<InsightSelectDetail>;

/** kg-insight-question: the reader chose a suggested question (the workbench puts it in the ask box). */
export interface InsightQuestionDetail {
  question: string;
}

declare global {
  interface HTMLElementEventMap {
    'kg-insight-select': KgInsightSelectEvent;
    'kg-insight-question': CustomEvent<InsightQuestionDetail>;
  }
}

/** The evidence of an insight's profile: every evidence node (all roles, in order) and every real graph edge. */
export function evidenceOf(insight: Pick<InsightView, 'id' | 'profile'>): InsightSelectDetail {
  const nodeIds = [...new Set(insight.profile.nodeEvidence.map((n) => n.nodeId))];
  const edgeIds = [...new Set(insight.profile.edgeEvidence.flatMap((e) => (e.edgeId ? [e.edgeId] : [])))];
  return { insightId: insight.id, nodeIds, edgeIds };
}
