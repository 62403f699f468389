// MINE-lex v1, graph side: retrieve the top-8 nodes for a fact by BM25, take every triple within 2 hops of them
// as context, and judge the fact "found" when the context covers at least 70 % of the fact's content tokens.
import { Bm25, contentTokens } from './lexical';

export const TOP_K = 8;
export const HOPS = 2;
export const COVERAGE_THRESHOLD = 0.7;

/** The minimal graph the metric reads: node texts and labelled edges (any extractor or baseline can produce it). */
export interface MineGraph {
  nodes: { id: string; text: string }[];
  edges: { from: string; to: string; relation: string }[];
}

/** Share of the fact's distinct content tokens that occur in the context (1 when the fact has none). */
export function coverage(fact: string, context: string): number {
  const wanted = new Set(contentTokens(fact));
  if (wanted.size === 0) return 1;
  const have = new Set(contentTokens(context));
  let hit = 0;
  for (const t of wanted) if (have.has(t)) hit++;
  return hit / wanted.size;
}

export function judge(fact: string, context: string, threshold = COVERAGE_THRESHOLD): boolean {
  return coverage(fact, context) >= threshold;
}

/** Retrieval index over one graph, reused for all facts of an essay. */
export class MineContext {
  private readonly bm25: Bm25;
  private readonly byId = new Map<string, { id: string; text: string }>();
  private readonly incident = new Map<string, number[]>();

  constructor(private readonly graph: MineGraph) {
    this.bm25 = new Bm25(graph.nodes.map((n) => n.text));
    for (const n of graph.nodes) this.byId.set(n.id, n);
    graph.edges.forEach((e, i) => {
      for (const end of [e.from, e.to]) {
        const list = this.incident.get(end) ?? [];
        list.push(i);
        this.incident.set(end, list);
      }
    });
  }

  /** Context for a fact: the retrieved nodes' texts, then one line per triple within HOPS of them. */
  contextFor(fact: string): string {
    return this.contextLines(fact).join('\n');
  }

  contextLines(fact: string): string[] {
    const seeds = this.bm25.top(fact, TOP_K).map((i) => this.graph.nodes[i].id);
    const lines = seeds.map((id) => this.byId.get(id)!.text);
    const edgeSeen = new Set<number>();
    let frontier = new Set(seeds);
    const visited = new Set(seeds);
    for (let hop = 0; hop < HOPS; hop++) {
      const next = new Set<string>();
      for (const id of frontier) {
        for (const ei of this.incident.get(id) ?? []) {
          if (edgeSeen.has(ei)) continue;
          edgeSeen.add(ei);
          const e = this.graph.edges[ei];
          lines.push(
            `${this.byId.get(e.from)?.text ?? ''} ${e.relation.replace(/_/g, ' ')} ${this.byId.get(e.to)?.text ?? ''}`,
          );
          for (const end of [e.from, e.to]) {
            if (visited.has(end)) continue;
            visited.add(end);
            next.add(end);
          }
        }
      }
      frontier = next;
    }
    return lines;
  }
}

export interface EssayScore {
  /** MINE-lex v1: share of facts whose whole context covers them. */
  score: number;
  /** Diagnostic: share of facts covered by one single context line (a node text or one triple). */
  singleLine: number;
  /** Mean content tokens of the context handed to the judge. */
  contextTokens: number;
}

export function scoreEssay(graph: MineGraph, facts: readonly string[], threshold = COVERAGE_THRESHOLD): EssayScore {
  const ctx = new MineContext(graph);
  let found = 0;
  let single = 0;
  let tokens = 0;
  for (const f of facts) {
    const lines = ctx.contextLines(f);
    const context = lines.join('\n');
    tokens += contentTokens(context).length;
    if (judge(f, context, threshold)) found++;
    if (lines.some((l) => judge(f, l, threshold))) single++;
  }
  const n = facts.length || 1;
  return { score: found / n, singleLine: single / n, contextTokens: tokens / n };
}
