// Revision history as the engine keeps it: per round a few counts (RoundStats) and, per node, only what changed
// (NodeChange: added, changed, removed, merged away). The first round is a baseline and logs no changes, so a
// 10k-node graph costs one compact state per node plus its later deltas, not a copy per round.
import type { KgGraph } from '../schema';
import { CHAIN_FAMILIES, RELATION_FAMILY, type ChainFamily } from './chains';
import { nodeConfidence, type GraphIndex } from './graph-index';
import { hash32 } from './text';
import type { NodeState } from './types';

export interface FamilyStats {
  /** Nodes whose chain is this family. */
  nodes: number;
  /** Edges of this family's relations. */
  edges: number;
  /** Mean known confidence of its nodes; null when none is known. */
  confidence: number | null;
}

export interface RoundStats {
  nodes: number;
  edges: number;
  grounded: number;
  candidate: number;
  unsupported: number;
  families: Record<ChainFamily, FamilyStats>;
}

export interface RoundRecord {
  round: number;
  /** What made the revision: 'extract' today; 'append', 'fix' and others later. */
  kind: string;
  committedAt: number;
  stats: RoundStats;
}

export interface NodeChange {
  round: number;
  nodeId: string;
  /** null: the node is new in this round. */
  prev: NodeState | null;
  /** null: the node was removed in this round. */
  next: NodeState | null;
  /** For a removed node whose quotes another node gained: that node (a merge). */
  mergedInto?: string;
}

/** The window the analyzers see, oldest first; the current round is the last record. */
export interface History {
  rounds: RoundRecord[];
  changes: NodeChange[];
}

export function nodeStates(index: GraphIndex): Map<string, NodeState> {
  const out = new Map<string, NodeState>();
  for (const n of index.graph.nodes) {
    out.set(n.id, {
      type: n.type,
      section: n.sectionId ?? '',
      family: index.family.get(n.id)!,
      confidence: nodeConfidence(n) ?? null,
      grounding: n.groundingStatus,
      textHash: hash32(n.text),
      evidence: [...new Set(n.evidence.map((e) => hash32(`${e.paragraph}:${e.quote}`)))],
    });
  }
  return out;
}

export function roundStats(index: GraphIndex): RoundStats {
  const g: KgGraph = index.graph;
  const acc = new Map<ChainFamily, { nodes: number; edges: number; sum: number; known: number }>(
    CHAIN_FAMILIES.map((f) => [f, { nodes: 0, edges: 0, sum: 0, known: 0 }]),
  );
  const stats = { nodes: g.nodes.length, edges: g.edges.length, grounded: 0, candidate: 0, unsupported: 0 };
  for (const n of g.nodes) {
    stats[n.groundingStatus]++;
    const a = acc.get(index.family.get(n.id)!)!;
    a.nodes++;
    const c = nodeConfidence(n);
    if (c !== undefined) {
      a.sum += c;
      a.known++;
    }
  }
  for (const e of g.edges) acc.get(RELATION_FAMILY[e.relation])!.edges++;
  const families = Object.fromEntries(
    CHAIN_FAMILIES.map((f) => {
      const a = acc.get(f)!;
      return [f, { nodes: a.nodes, edges: a.edges, confidence: a.known ? round3(a.sum / a.known) : null }];
    }),
  ) as Record<ChainFamily, FamilyStats>;
  return { ...stats, families };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function sameState(a: NodeState, b: NodeState): boolean {
  return (
    a.type === b.type &&
    a.section === b.section &&
    a.family === b.family &&
    a.confidence === b.confidence &&
    a.grounding === b.grounding &&
    a.textHash === b.textHash &&
    a.evidence.join() === b.evidence.join()
  );
}

/**
 * The changes from `prev` to `next` at `round`. A removed node is "merged into" the node that gained the most of
 * its evidence quotes in the same round (a node's evidence grew to include the vanished node's quotes).
 */
export function diffStates(
  prev: ReadonlyMap<string, NodeState>,
  next: ReadonlyMap<string, NodeState>,
  round: number,
): NodeChange[] {
  const changes: NodeChange[] = [];
  const gainedBy = new Map<string, string[]>();
  for (const [id, state] of next) {
    const before = prev.get(id) ?? null;
    if (before && sameState(before, state)) continue;
    changes.push({ round, nodeId: id, prev: before, next: state });
    const had = new Set(before?.evidence ?? []);
    for (const h of state.evidence) {
      if (had.has(h)) continue;
      const list = gainedBy.get(h);
      if (list) list.push(id);
      else gainedBy.set(h, [id]);
    }
  }
  for (const [id, state] of prev) {
    if (next.has(id)) continue;
    const votes = new Map<string, number>();
    for (const h of state.evidence) for (const to of gainedBy.get(h) ?? []) votes.set(to, (votes.get(to) ?? 0) + 1);
    let into: string | undefined;
    for (const [to, v] of votes) if (!into || v > votes.get(into)!) into = to;
    changes.push({ round, nodeId: id, prev: state, next: null, ...(into ? { mergedInto: into } : {}) });
  }
  return changes;
}

/** What the window's changes say about each node. */
export interface HistoryIndex {
  /** Round a node appeared in, for nodes added inside the window (older nodes are absent: born before it). */
  bornRound: ReadonlyMap<string, number>;
  /** Removed nodes that were merged into another one. */
  mergedInto: ReadonlyMap<string, { into: string; round: number }>;
  /** For a node, the nodes merged into it. */
  absorbed: ReadonlyMap<string, readonly string[]>;
  /** Removed nodes without a successor. */
  removed: ReadonlyMap<string, number>;
  /** Rounds in which a node kept its id but its text changed. */
  revised: ReadonlyMap<string, readonly number[]>;
}

export function indexHistory(changes: readonly NodeChange[]): HistoryIndex {
  const bornRound = new Map<string, number>();
  const mergedInto = new Map<string, { into: string; round: number }>();
  const removed = new Map<string, number>();
  const revised = new Map<string, number[]>();
  const ordered = [...changes].sort((a, b) => a.round - b.round);
  for (const c of ordered) {
    if (c.prev === null && c.next) {
      bornRound.set(c.nodeId, c.round);
      mergedInto.delete(c.nodeId);
      removed.delete(c.nodeId);
    } else if (c.next === null) {
      if (c.mergedInto) mergedInto.set(c.nodeId, { into: c.mergedInto, round: c.round });
      else removed.set(c.nodeId, c.round);
    } else if (c.prev && c.prev.textHash !== c.next.textHash) {
      const list = revised.get(c.nodeId);
      if (list) list.push(c.round);
      else revised.set(c.nodeId, [c.round]);
    }
  }
  const absorbed = new Map<string, string[]>();
  for (const [id, m] of mergedInto) {
    const list = absorbed.get(m.into);
    if (list) list.push(id);
    else absorbed.set(m.into, [id]);
  }
  return { bornRound, mergedInto, absorbed, removed, revised };
}

/**
 * A node's confidence at each round of the window, from its changes: before its first change it had the first
 * change's `prev` value. Rounds before the node existed (or after it was removed) are left out.
 */
export function confidenceSeries(
  rounds: readonly number[],
  changes: readonly NodeChange[],
): Array<{ round: number; confidence: number | null }> {
  const ordered = [...changes].sort((a, b) => a.round - b.round);
  if (!ordered.length) return [];
  let current: NodeState | null = ordered[0].prev;
  let i = 0;
  const out: Array<{ round: number; confidence: number | null }> = [];
  for (const r of rounds) {
    while (i < ordered.length && ordered[i].round <= r) current = ordered[i++].next;
    if (current) out.push({ round: r, confidence: current.confidence });
  }
  return out;
}
