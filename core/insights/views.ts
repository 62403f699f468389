// What readers get: insights and topics in one language, filtered by type and attribution score.
import { rationaleOf } from './score';
import type { InsightType, InsightView, Lang, StoredInsight, StoredTopic, TopicView } from './types';

export interface InsightFilter {
  type?: InsightType;
  minScore?: number;
}

export function insightView(s: StoredInsight, round: number, lang: Lang): InsightView {
  return {
    id: s.draft.id,
    type: s.draft.type,
    severity: s.draft.severity,
    title: s.draft.title[lang],
    detail: s.draft.detail[lang],
    references: s.draft.references,
    profile: { ...s.profile, rationale: rationaleOf(s.profile, lang) },
    firstRound: s.firstRound,
    lastSeenRound: s.lastSeenRound,
    stale: s.lastSeenRound < round,
  };
}

export function topicView(t: StoredTopic, lang: Lang): TopicView {
  return {
    key: t.key,
    kind: t.kind,
    question: t.question[lang],
    rationale: t.rationale[lang],
    ...(t.relatedChain ? { relatedChain: t.relatedChain } : {}),
    nodeIds: t.nodeIds,
    round: t.round,
    ...(t.basedOn ? { basedOn: { ...t.basedOn, insightTitle: t.basedOn.insightTitle[lang] } } : {}),
  };
}

export function selectInsights(
  stored: readonly StoredInsight[],
  round: number,
  filter: InsightFilter,
  lang: Lang,
): InsightView[] {
  return stored
    .filter((s) => (filter.type ? s.draft.type === filter.type : true))
    .filter((s) => (filter.minScore !== undefined ? s.profile.attributionScore >= filter.minScore : true))
    .map((s) => insightView(s, round, lang));
}
