// Scores a graph against a cases file. The graph is read as a "trusted graph" first: nodes whose quote could not be
// authenticated (groundingStatus `unsupported`) are dropped together with their edges, so an invented node never
// earns a point. Text matching folds NFKC, case and all whitespace, so 「 ＡＢＣ 」 and "abc" compare equal.
import type { Relation } from '../schema/vocabulary';
import type { Needle, QaCase, SimpleCase } from './cases';

export interface QaNode {
  id: string;
  text: string;
  type?: string;
  groundingStatus?: string;
}
export interface QaEdge {
  fromNodeId: string;
  toNodeId: string;
  relation: Relation | string;
}
export interface QaGraph {
  nodes: readonly QaNode[];
  edges: readonly QaEdge[];
}

export interface CaseResult {
  id: string;
  kind: QaCase['kind'];
  passed: boolean;
  weight: number;
  /** Why it failed or what satisfied it (node ids, the relation found), for the printed report. */
  detail: string;
}

export interface QaScore {
  passed: number;
  total: number;
  /** Weighted share of passed cases, 0–100, two decimals. */
  score: number;
  /** Nodes and edges of the trusted graph. */
  nodes: number;
  edges: number;
  results: CaseResult[];
}

/** NFKC, lower case, every whitespace character removed. */
export function normalizeQaText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

/** The graph without unsupported nodes and without any edge that touches one (or a missing node). */
export function trustedGraph(graph: QaGraph): QaGraph {
  const nodes = graph.nodes.filter((n) => n.groundingStatus !== 'unsupported');
  const ids = new Set(nodes.map((n) => n.id));
  return { nodes, edges: graph.edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId)) };
}

class Index {
  private readonly norm: { id: string; text: string }[];
  private readonly adjacency = new Map<string, string[]>();
  constructor(readonly graph: QaGraph) {
    this.norm = graph.nodes.map((n) => ({ id: n.id, text: normalizeQaText(n.text) }));
    for (const e of graph.edges) {
      this.link(e.fromNodeId, e.toNodeId);
      this.link(e.toNodeId, e.fromNodeId);
    }
  }
  matching(needle: Needle): Set<string> {
    const out = new Set<string>();
    if (typeof needle === 'object' && !Array.isArray(needle)) {
      const want = normalizeQaText(needle.exact);
      for (const n of this.norm) if (n.text === want) out.add(n.id);
      return out;
    }
    const wants = (Array.isArray(needle) ? needle : [needle]).map(normalizeQaText);
    for (const n of this.norm) if (wants.some((w) => n.text.includes(w))) out.add(n.id);
    return out;
  }
  /** Fewest edges (either direction) from any of `from` to any of `to`, or Infinity beyond `limit`. */
  hops(from: ReadonlySet<string>, to: ReadonlySet<string>, limit: number): number {
    let frontier = [...from];
    const seen = new Set(frontier);
    for (let d = 0; d <= limit; d++) {
      if (frontier.some((id) => to.has(id))) return d;
      const next: string[] = [];
      for (const id of frontier) {
        for (const m of this.adjacency.get(id) ?? []) {
          if (seen.has(m)) continue;
          seen.add(m);
          next.push(m);
        }
      }
      frontier = next;
    }
    return Infinity;
  }
  private link(a: string, b: string): void {
    const list = this.adjacency.get(a);
    if (list) list.push(b);
    else this.adjacency.set(a, [b]);
  }
}

const show = (n: Needle): string =>
  typeof n === 'string' ? `"${n}"` : Array.isArray(n) ? n.map(show).join(' or ') : `="${n.exact}"`;

function relationFound(
  ix: Index,
  c: Extract<SimpleCase, { kind: 'relation' | 'forbidden_relation' }>,
): string | undefined {
  const relations = new Set<string>(Array.isArray(c.relation) ? c.relation : [c.relation]);
  const from = ix.matching(c.from);
  const to = ix.matching(c.to);
  for (const e of ix.graph.edges) {
    if (!relations.has(e.relation)) continue;
    const forward = from.has(e.fromNodeId) && to.has(e.toNodeId);
    const backward = c.undirected && from.has(e.toNodeId) && to.has(e.fromNodeId);
    if (forward || backward) return `${e.fromNodeId} -${e.relation}-> ${e.toNodeId}`;
  }
  return undefined;
}

function judge(ix: Index, c: SimpleCase): { passed: boolean; detail: string } {
  switch (c.kind) {
    case 'node': {
      const ids = [...ix.matching(c.match)];
      return ids.length
        ? { passed: true, detail: ids.slice(0, 3).join(', ') }
        : { passed: false, detail: `no node matches ${show(c.match)}` };
    }
    case 'unknown':
    case 'forbidden_node': {
      const ids = [...ix.matching(c.match)];
      return ids.length
        ? { passed: false, detail: `${ids.slice(0, 3).join(', ')} match ${show(c.match)}` }
        : { passed: true, detail: 'absent' };
    }
    case 'path': {
      const from = ix.matching(c.from);
      const to = ix.matching(c.to);
      if (!from.size || !to.size)
        return { passed: false, detail: `no node matches ${show(from.size ? c.to : c.from)}` };
      const d = ix.hops(from, to, c.maxHops);
      return d <= c.maxHops
        ? { passed: true, detail: `${d} hop(s)` }
        : { passed: false, detail: `not within ${c.maxHops} hop(s)` };
    }
    case 'relation': {
      const found = relationFound(ix, c);
      if (found) return { passed: true, detail: found };
      const missing = !ix.matching(c.from).size ? c.from : !ix.matching(c.to).size ? c.to : undefined;
      return { passed: false, detail: missing ? `no node matches ${show(missing)}` : 'no such edge' };
    }
    case 'forbidden_relation': {
      const found = relationFound(ix, c);
      return found ? { passed: false, detail: `found ${found}` } : { passed: true, detail: 'absent' };
    }
  }
}

/** Scores the trusted form of `graph` against `cases`. */
export function scoreGraph(graph: QaGraph, cases: readonly QaCase[]): QaScore {
  const trusted = trustedGraph(graph);
  const ix = new Index(trusted);
  const results = cases.map((c): CaseResult => {
    const weight = c.weight ?? 1;
    if (c.kind !== 'any_of') return { id: c.id, kind: c.kind, weight, ...judge(ix, c) };
    const tried = c.cases.map((alt) => judge(ix, alt));
    const hit = tried.findIndex((t) => t.passed);
    return hit >= 0
      ? { id: c.id, kind: c.kind, weight, passed: true, detail: `alternative ${hit + 1}: ${tried[hit].detail}` }
      : { id: c.id, kind: c.kind, weight, passed: false, detail: tried.map((t) => t.detail).join(' | ') };
  });
  const total = results.reduce((s, r) => s + r.weight, 0);
  const got = results.reduce((s, r) => s + (r.passed ? r.weight : 0), 0);
  return {
    passed: results.filter((r) => r.passed).length,
    total: results.length,
    score: total ? Math.round((got / total) * 10_000) / 100 : 0,
    nodes: trusted.nodes.length,
    edges: trusted.edges.length,
    results,
  };
}
