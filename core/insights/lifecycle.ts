// Keeping insights and topics across rounds, within the configured limits.
// Insights: a finding produced again refreshes its entry; one not produced for maxStaleRounds rounds is evicted;
// beyond maxInsights the weakest go first (stale before fresh, then lower attribution score, then info before warn).
// Topics: a FIFO queue of at most maxTopics; a question met again moves to the back with its new wording, and
// questions about nodes that are no longer in the graph are dropped.
import type { InsightConfig } from './config';
import type { StoredInsight, StoredTopic } from './types';

export function updateInsights(
  stored: readonly StoredInsight[],
  fresh: readonly StoredInsight[],
  round: number,
  config: Pick<InsightConfig, 'maxStaleRounds' | 'maxInsights'>,
): StoredInsight[] {
  const byId = new Map<string, StoredInsight>();
  for (const s of stored) byId.set(s.draft.id, s);
  for (const f of fresh) {
    const before = byId.get(f.draft.id);
    byId.set(f.draft.id, { ...f, firstRound: before?.firstRound ?? f.firstRound, lastSeenRound: round });
  }
  const alive = [...byId.values()].filter((s) => round - s.lastSeenRound < config.maxStaleRounds);
  alive.sort(
    (a, b) =>
      b.lastSeenRound - a.lastSeenRound ||
      b.profile.attributionScore - a.profile.attributionScore ||
      severityRank(b) - severityRank(a) ||
      a.draft.id.localeCompare(b.draft.id),
  );
  return alive.slice(0, config.maxInsights);
}

const severityRank = (s: StoredInsight) => (s.draft.severity === 'warn' ? 1 : 0);

export function updateTopics(
  stored: readonly StoredTopic[],
  fresh: readonly StoredTopic[],
  liveNodeIds: ReadonlySet<string>,
  maxTopics: number,
): StoredTopic[] {
  const freshKeys = new Set(fresh.map((t) => t.key));
  const queue = stored.filter((t) => !freshKeys.has(t.key) && t.nodeIds.every((id) => liveNodeIds.has(id)));
  const seen = new Set<string>();
  const incoming: StoredTopic[] = [];
  for (const t of fresh) {
    if (seen.has(t.key)) continue;
    seen.add(t.key);
    incoming.push(t);
  }
  // Older rounds' questions leave first; within one round the earlier (insight-based) questions are kept.
  if (incoming.length >= maxTopics) return incoming.slice(0, maxTopics);
  return [...queue.slice(Math.max(0, queue.length - (maxTopics - incoming.length))), ...incoming];
}
