// After every published revision: record the round in the history, run the engine, keep its insights and topics.
// Runs synchronously inside the document's Durable Object, so a read never sees half a round.
import { analyzeRound, diffStates, indexGraph, nodeStates, roundStats, type InsightConfig } from '../../core/insights';
import type { AfterCommitHook, CommittedRevision } from '../after-commit';
import { insightConfig } from './config';
import { InsightStore } from './store';

/** The after-commit hook the document's object passes to the task runner: the configuration comes from its env. */
export const insightsHook: AfterCommitHook = (env, sql, committed) =>
  insightsAfterCommit(sql, committed, loadConfig(env));

export function insightsAfterCommit(sql: SqlStorage, committed: CommittedRevision, config: InsightConfig): void {
  if (!config.enabled) return;
  const store = new InsightStore(sql);
  store.ensure();
  // A revision is analysed once; a repeated or out-of-order call changes nothing.
  if (committed.revision <= store.round()) return;

  const round = committed.revision;
  const index = indexGraph(committed.graph, committed.sections);
  const states = nodeStates(index);
  const previous = store.nodeStates();
  const baseline = previous.size === 0;
  const changes = baseline ? [] : diffStates(previous, states, round);
  store.writeRound(
    { round, kind: committed.kind, committedAt: committed.committedAt, stats: roundStats(index) },
    states,
    changes,
    baseline,
  );
  store.prune(round, config.historyWindow);

  const next = analyzeRound(
    { round, graph: committed.graph, sections: committed.sections, history: store.history(), config },
    { insights: store.insights(), topics: store.topics() },
  );
  store.saveState(next.insights, next.topics);
  store.setRound(round);
}

function loadConfig(env: Env): InsightConfig {
  const { config, warning } = insightConfig(env);
  if (warning) console.warn(`insights: ${warning}`);
  return config;
}
