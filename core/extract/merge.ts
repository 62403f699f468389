// Merging accepted batches into one graph. Every batch's extractor numbers its nodes from n1, so ids are renumbered
// here; the same proposition met in several batches (same type, same normalised text) becomes one node whose
// evidence is the union. Batches are merged in index order, so the result does not depend on completion order.
import type { Evidence, GroundingStatus, KgEdge, KgGraph, KgNode } from '../schema';
import { addEvidence, type AcceptedBatch } from './gate';
import { NearDuplicateIndex } from './near-duplicates';

export interface MergeStats {
  /** Nodes the batches produced, before deduplication. */
  inputNodes: number;
  /** Nodes folded into an earlier node: same type and normalised text, or a lexical near duplicate. */
  duplicateNodes: number;
  /** Of those, the ones found by lexical similarity rather than by identical normalised text. */
  nearDuplicateNodes: number;
  inputEdges: number;
  duplicateEdges: number;
  /** Edges that became self loops because both endpoints were merged into one node. */
  collapsedSelfLoops: number;
}

export interface MergeResult {
  graph: KgGraph;
  stats: MergeStats;
  /** Global ids of nodes with no resolvable anchor. */
  unresolved: string[];
}

const RANK: Record<GroundingStatus, number> = { grounded: 2, candidate: 1, unsupported: 0 };

/** Normalised identity of a proposition: type plus text with case, width, whitespace and end punctuation folded. */
export function nodeKey(node: Pick<KgNode, 'type' | 'text'>): string {
  const text = node.text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.。!！?？;；,，:：、"'“”‘’]+$/u, '')
    .trim();
  return `${node.type}\u0000${text}`;
}

export function mergeBatches(batches: readonly AcceptedBatch[], base?: KgGraph): MergeResult {
  const nodes: KgNode[] = base ? base.nodes.map(cloneNode) : [];
  const byKey = new Map<string, KgNode>();
  const near = new NearDuplicateIndex<KgNode>();
  for (const n of nodes) {
    if (!byKey.has(nodeKey(n))) byKey.set(nodeKey(n), n);
    near.add(n, n);
  }
  let nextNode = nextNumber(nodes.map((n) => n.id), 'n');
  const stats: MergeStats = { inputNodes: 0, duplicateNodes: 0, nearDuplicateNodes: 0, inputEdges: 0, duplicateEdges: 0, collapsedSelfLoops: 0 };
  const unresolved: string[] = [];

  const edges: KgEdge[] = base ? base.edges.map((e) => ({ ...e, evidence: [...e.evidence] })) : [];
  const edgeByKey = new Map<string, KgEdge>(edges.map((e) => [edgeKey(e.fromNodeId, e.toNodeId, e.relation), e]));
  let nextEdge = nextNumber(edges.map((e) => e.id), 'e');
  const summaries: string[] = base?.summary ? [base.summary] : [];

  const ordered = [...batches].sort((a, b) => a.batchIndex - b.batchIndex);
  for (const batch of ordered) {
    if (batch.summary.trim()) summaries.push(batch.summary.trim());
    const idMap = new Map<string, string>();
    for (const node of batch.nodes) {
      stats.inputNodes++;
      const key = nodeKey(node);
      const exact = node.paragraph === null ? undefined : byKey.get(key);
      const existing = exact ?? (node.paragraph === null ? undefined : near.find(node));
      if (existing) {
        stats.duplicateNodes++;
        if (!exact) stats.nearDuplicateNodes++;
        foldInto(existing, node);
        idMap.set(node.id, existing.id);
        continue;
      }
      const id = `n${nextNode++}`;
      const merged = { ...cloneNode(node), id };
      nodes.push(merged);
      if (node.paragraph !== null) {
        byKey.set(key, merged);
        near.add(merged, merged);
      } else unresolved.push(id);
      idMap.set(node.id, id);
    }
    for (const edge of batch.edges) {
      stats.inputEdges++;
      const from = idMap.get(edge.fromNodeId) ?? edge.fromNodeId;
      const to = idMap.get(edge.toNodeId) ?? edge.toNodeId;
      if (from === to) {
        stats.collapsedSelfLoops++;
        continue;
      }
      const key = edgeKey(from, to, edge.relation);
      const existing = edgeByKey.get(key);
      if (existing) {
        stats.duplicateEdges++;
        for (const ev of edge.evidence) addEvidence(existing.evidence, ev);
        continue;
      }
      const merged: KgEdge = { id: `e${nextEdge++}`, fromNodeId: from, toNodeId: to, relation: edge.relation, evidence: [...edge.evidence] };
      edges.push(merged);
      edgeByKey.set(key, merged);
    }
  }
  return { graph: { summary: joinSummaries(summaries), nodes, edges }, stats, unresolved };
}

function foldInto(target: KgNode, node: KgNode): void {
  for (const ev of node.evidence) addEvidence(target.evidence, ev);
  if (RANK[node.groundingStatus] > RANK[target.groundingStatus]) {
    target.groundingStatus = node.groundingStatus;
    target.paragraph = node.paragraph;
    target.quote = node.quote;
    target.sectionId = node.sectionId;
  }
  if (node.confidence !== undefined) target.confidence = Math.max(target.confidence ?? 0, node.confidence);
}

function cloneNode(node: KgNode): KgNode {
  return { ...node, evidence: node.evidence.map((e: Evidence) => ({ ...e })) };
}

function edgeKey(from: string, to: string, relation: string): string {
  return `${from}\u0000${to}\u0000${relation}`;
}

function nextNumber(ids: readonly string[], prefix: string): number {
  let max = 0;
  for (const id of ids) {
    if (id.startsWith(prefix)) {
      const n = Number(id.slice(prefix.length));
      if (Number.isInteger(n) && n > max) max = n;
    }
  }
  return max + 1;
}

function joinSummaries(parts: string[]): string {
  const joined = parts.join(' ');
  return joined.length > 600 ? `${joined.slice(0, 599)}…` : joined;
}
