// Merging accepted batches into one graph. Every batch's extractor numbers its nodes from n1, so ids are renumbered
// here; the same proposition met in several batches (same type, same normalised text) becomes one node whose
// evidence is the union. Batches are merged in index order, so the result does not depend on completion order.
import type { Evidence, GroundingStatus, KgEdge, KgGraph, KgNode } from '../schema';
import type { AcceptedBatch } from './gate';
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
  const merger = new BatchMerger(base);
  for (const batch of [...batches].sort((a, b) => a.batchIndex - b.batchIndex)) merger.add(batch);
  return merger.result();
}

/**
 * The same merge one batch at a time, so the pipeline can fold each batch in while later ones are still with the
 * model. Batches must be added in index order (the caller holds back a batch until those before it are added).
 */
export class BatchMerger {
  private readonly nodes: KgNode[];
  private readonly byKey = new Map<string, KgNode>();
  private readonly near = new NearDuplicateIndex<KgNode>();
  private nextNode: number;
  private readonly stats: MergeStats = {
    inputNodes: 0,
    duplicateNodes: 0,
    nearDuplicateNodes: 0,
    inputEdges: 0,
    duplicateEdges: 0,
    collapsedSelfLoops: 0,
  };
  private readonly unresolved: string[] = [];
  private readonly edges: KgEdge[];
  private readonly edgeByKey: Map<string, KgEdge>;
  private nextEdge: number;
  private readonly summaries: string[];
  private readonly evidence = new EvidenceIndex();
  private lastIndex = -Infinity;

  constructor(base?: KgGraph) {
    this.nodes = base ? base.nodes.map(cloneNode) : [];
    for (const n of this.nodes) {
      if (!this.byKey.has(nodeKey(n))) this.byKey.set(nodeKey(n), n);
      this.near.add(n, n);
    }
    this.nextNode = nextNumber(
      this.nodes.map((n) => n.id),
      'n',
    );
    this.edges = base ? base.edges.map((e) => ({ ...e, evidence: [...e.evidence] })) : [];
    this.edgeByKey = new Map(this.edges.map((e) => [edgeKey(e.fromNodeId, e.toNodeId, e.relation), e]));
    this.nextEdge = nextNumber(
      this.edges.map((e) => e.id),
      'e',
    );
    this.summaries = base?.summary ? [base.summary] : [];
  }

  add(batch: AcceptedBatch): void {
    if (batch.batchIndex < this.lastIndex)
      throw new Error(`batch ${batch.batchIndex} merged after batch ${this.lastIndex}`);
    this.lastIndex = batch.batchIndex;
    const { stats, byKey, near, nodes, unresolved, edges, edgeByKey } = this;
    if (batch.summary.trim()) this.summaries.push(batch.summary.trim());
    const idMap = new Map<string, string>();
    for (const node of batch.nodes) {
      stats.inputNodes++;
      const key = nodeKey(node);
      const exact = node.paragraph === null ? undefined : byKey.get(key);
      const existing = exact ?? (node.paragraph === null ? undefined : near.find(node));
      if (existing) {
        stats.duplicateNodes++;
        if (!exact) stats.nearDuplicateNodes++;
        foldInto(existing, node, this.evidence);
        idMap.set(node.id, existing.id);
        continue;
      }
      const id = `n${this.nextNode++}`;
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
        for (const ev of edge.evidence) this.evidence.add(existing.evidence, ev);
        continue;
      }
      const merged: KgEdge = {
        id: `e${this.nextEdge++}`,
        fromNodeId: from,
        toNodeId: to,
        relation: edge.relation,
        evidence: [...edge.evidence],
      };
      edges.push(merged);
      edgeByKey.set(key, merged);
    }
  }

  /** The graph of the batches added so far (its nodes and edges are the merger's own: add nothing after this). */
  result(): MergeResult {
    return {
      graph: { summary: joinSummaries(this.summaries), nodes: this.nodes, edges: this.edges },
      stats: { ...this.stats },
      unresolved: this.unresolved,
    };
  }
}

function foldInto(target: KgNode, node: KgNode, evidence: EvidenceIndex): void {
  for (const ev of node.evidence) evidence.add(target.evidence, ev);
  if (RANK[node.groundingStatus] > RANK[target.groundingStatus]) {
    target.groundingStatus = node.groundingStatus;
    target.paragraph = node.paragraph;
    target.quote = node.quote;
    target.sectionId = node.sectionId;
  }
  if (node.confidence !== undefined) target.confidence = Math.max(target.confidence ?? 0, node.confidence);
}

/**
 * The evidence already on each merged node and edge, by source, unit and quote. A term a book keeps repeating folds
 * thousands of mentions into one node, and scanning its list for every new mention was quadratic: the largest CPU
 * cost of merging a book.
 */
class EvidenceIndex {
  private readonly keys = new WeakMap<Evidence[], Set<string>>();

  /** Adds `item` to `list` unless the same source, unit and quote are already cited there. */
  add(list: Evidence[], item: Evidence): void {
    let keys = this.keys.get(list);
    if (!keys) {
      keys = new Set(list.map(evidenceKey));
      this.keys.set(list, keys);
    }
    const key = evidenceKey(item);
    if (keys.has(key)) return;
    keys.add(key);
    list.push(item);
  }
}

const evidenceKey = (e: Evidence) => `${e.sourceId}\u0000${e.paragraph}\u0000${e.quote}`;

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
