// Builders for constructed graphs and histories in the insight engine's tests.
import type { GroundingStatus, KgEdge, KgGraph, KgNode, NodeType, Relation, Section } from '../../schema';
import { indexGraph } from '../graph-index';
import { diffStates, nodeStates, roundStats, type History, type NodeChange, type RoundRecord } from '../history';
import { DEFAULT_INSIGHT_CONFIG, type InsightConfig } from '../config';
import type { AnalysisInput } from '../analyzers';

export interface NodeOptions {
  section?: string;
  confidence?: number;
  grounding?: GroundingStatus;
  paragraph?: number;
}

let paragraphCounter = 0;

export function node(id: string, type: NodeType, text: string, o: NodeOptions = {}): KgNode {
  const paragraph = o.paragraph ?? ++paragraphCounter;
  return {
    id,
    type,
    text,
    paragraph,
    quote: text,
    evidence: [{ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph, quote: text }],
    groundingStatus: o.grounding ?? 'grounded',
    entailmentStatus: 'unverified',
    ...(o.confidence === undefined ? {} : { confidence: o.confidence }),
    sectionId: o.section ?? 's1',
  };
}

export function edge(id: string, from: string, to: string, relation: Relation): KgEdge {
  return { id, fromNodeId: from, toNodeId: to, relation, evidence: [] };
}

export function graph(nodes: KgNode[], edges: KgEdge[] = []): KgGraph {
  return { summary: '', nodes, edges };
}

export function sections(...ids: string[]): Section[] {
  return ids.map((id, i) => ({ id, title: `Part ${id}`, level: 1, firstUnit: i * 10 + 1, lastUnit: i * 10 + 10 }));
}

/**
 * The History a store would have after committing `graphs` as rounds 1..n (round 1 is the baseline and logs no
 * changes), plus the AnalysisInput for the last round.
 */
export function historyOf(
  graphs: KgGraph[],
  secs: Section[] = sections('s1', 's2', 's3'),
  config: Partial<InsightConfig> = {},
): AnalysisInput {
  const rounds: RoundRecord[] = [];
  const changes: NodeChange[] = [];
  let prev: ReturnType<typeof nodeStates> | null = null;
  graphs.forEach((g, i) => {
    const round = i + 1;
    const index = indexGraph(g, secs);
    const states = nodeStates(index);
    if (prev) changes.push(...diffStates(prev, states, round));
    rounds.push({ round, kind: 'extract', committedAt: 1000 * round, stats: roundStats(index) });
    prev = states;
  });
  const history: History = { rounds, changes };
  return {
    round: graphs.length,
    graph: graphs[graphs.length - 1],
    sections: secs,
    history,
    config: { ...DEFAULT_INSIGHT_CONFIG, ...config },
  };
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}
