// Steps 1-4 of a graph query (docs/contracts/graph-query.md#algorithm): hard filters, relation-endpoint seeding, scoring of every
// filtered candidate, ranking. Every candidate the source yields is scored — a late exact match is never hidden
// behind early common ones — while only the best `k` are kept in memory.
import {
  compareRanked,
  filterBonus,
  prepareQuery,
  SCORE,
  scoreNode,
  type PreparedQuery,
  type ScoringNode,
} from './score';
import type { NodeFilter, QueryCandidateSource, QueryDocumentInfo } from './source';
import { normalizeForQuery, probeTokens, termProbeTokens } from './text';
import { QUERY_LIMITS } from './limits';
import type { MatchReason, QueryRequest } from './types';

export interface RankedNode {
  id: string;
  type: string;
  paragraph: number | null;
  score: number;
  reasons: MatchReason[];
}

export interface DirectMatches {
  ranked: RankedNode[];
  /** Candidates with a score above zero (all of them, not only the returned ones). */
  candidateMatches: number;
  /** Edges of the relation selector when it seeded the candidates, else 0. */
  relationCandidateEdges: number;
}

export function filterOf(request: QueryRequest): NodeFilter {
  return {
    types: request.types,
    sectionIds: request.sectionIds,
    groundingStatuses: request.groundingStatuses,
    entailmentStatuses: request.entailmentStatuses,
  };
}

/** The hard filters on one node; a missing grounding counts as candidate, a missing entailment as unverified. */
export function passesFilter(node: ScoringNode, filter: NodeFilter): boolean {
  if (filter.types.length && !filter.types.includes(node.type)) return false;
  if (filter.sectionIds.length && !(node.sectionId && filter.sectionIds.includes(node.sectionId))) return false;
  if (filter.groundingStatuses.length && !filter.groundingStatuses.includes(node.groundingStatus || 'candidate'))
    return false;
  if (filter.entailmentStatuses.length && !filter.entailmentStatuses.includes(node.entailmentStatus || 'unverified'))
    return false;
  return true;
}

/** The best `k` by rank, trimmed lazily (sorted only when it holds twice as many). */
class Best {
  private items: RankedNode[] = [];
  count = 0;
  constructor(private readonly k: number) {}
  add(item: RankedNode): void {
    this.count++;
    this.items.push(item);
    if (this.items.length > 2 * this.k) this.trim();
  }
  private trim(): void {
    this.items.sort(compareRanked);
    this.items.length = Math.min(this.items.length, this.k);
  }
  result(): RankedNode[] {
    this.trim();
    return this.items;
  }
}

export async function findDirectMatches(
  source: QueryCandidateSource,
  doc: QueryDocumentInfo,
  request: QueryRequest,
): Promise<DirectMatches> {
  const filter = filterOf(request);
  const hasFilter = Object.values(filter).some((list) => list.length > 0);
  const query: PreparedQuery | null = request.query ? prepareQuery(request.query) : null;
  const k = Math.min(request.limit, request.maxNodes);
  const best = new Best(k);
  const titles = new Map(doc.sections.map((s) => [s.id, s.title]));
  const add = (node: ScoringNode, explicit: boolean, seedOrder: number) => {
    const { score, reasons } = scoreNode(node, {
      query,
      explicit,
      seedOrder,
      sectionTitle: node.sectionId ? titles.get(node.sectionId) : undefined,
    });
    if (score > 0) best.add({ id: node.id, type: node.type, paragraph: node.paragraph, score, reasons });
  };

  // Relation selector alone: the endpoints of its edges, in edge order, are the candidates.
  if (!query && request.nodeIds.length === 0 && !hasFilter && request.relations.length > 0) {
    const seeds = await source.relationEndpoints(request.relations, QUERY_LIMITS.relationSeeds);
    const order = new Map(seeds.ids.map((id, i) => [id, i]));
    for (const node of await source.nodesById(seeds.ids))
      add(node, false, order.get(node.id) ?? QUERY_LIMITS.relationSeeds);
    return { ranked: best.result(), candidateMatches: best.count, relationCandidateEdges: seeds.edgeCount };
  }

  const explicit = new Set(request.nodeIds);
  if (explicit.size > 0) {
    for (const node of await source.nodesById(request.nodeIds)) if (passesFilter(node, filter)) add(node, true, -1);
  }
  if (query) {
    if (query.tokens.length > 0) {
      // The terms' tokens too, so a concept anchor the query names in another inflection is a candidate (score.ts).
      const tokens = probeTokens([...new Set([...query.tokens, ...termProbeTokens(query.normalized)])]);
      const sectionIds = doc.sections
        .filter((s) => tokens.some((t) => normalizeForQuery(s.title).includes(t)))
        .map((s) => s.id);
      for await (const page of source.candidates(filter, { tokens, sectionIds })) {
        for (const node of page) if (!explicit.has(node.id) && passesFilter(node, filter)) add(node, false, -1);
      }
    }
  } else if (explicit.size === 0) {
    // Filters only: every passing node is a candidate with the same base score.
    if (source.filterTop) {
      const top = await source.filterTop(filter, k);
      for (const node of top.nodes) add(node, false, -1);
      return { ranked: best.result(), candidateMatches: top.total, relationCandidateEdges: 0 };
    }
    for await (const page of source.candidates(filter, null))
      for (const node of page) if (passesFilter(node, filter)) add(node, false, -1);
  }
  if (!query) return { ranked: best.result(), candidateMatches: best.count, relationCandidateEdges: 0 };
  const widened = await widenByMentions(source, best.result(), filter, k);
  return { ranked: widened.ranked, candidateMatches: best.count + widened.added, relationCandidateEdges: 0 };
}

/**
 * The concept layer widens retrieval: the statements that name a concept anchor among the direct matches join them
 * (score 40 + the filter bonus, reason `mention`), so "what is a checkpoint" also finds "Checkpoints are written to
 * R2" when it shares no other word with the question. Ranked with the rest; still at most `k`. Queries with text
 * only: a filter-only or id-only query names no term.
 */
async function widenByMentions(
  source: QueryCandidateSource,
  ranked: RankedNode[],
  filter: NodeFilter,
  k: number,
): Promise<{ ranked: RankedNode[]; added: number }> {
  const anchors = ranked.filter((r) => r.type === 'concept').map((r) => r.id);
  if (anchors.length === 0) return { ranked, added: 0 };
  const have = new Set(ranked.map((r) => r.id));
  const named = (await source.mentionsOf(anchors, QUERY_LIMITS.mentionSeeds))
    .map((m) => m.nodeId)
    .filter((id) => !have.has(id));
  if (named.length === 0) return { ranked, added: 0 };
  const widened: RankedNode[] = [];
  for (const node of await source.nodesById([...new Set(named)])) {
    if (!passesFilter(node, filter)) continue;
    const score = SCORE.mention + filterBonus(node);
    widened.push({ id: node.id, type: node.type, paragraph: node.paragraph, score, reasons: ['mention'] });
  }
  return { ranked: [...ranked, ...widened].sort(compareRanked).slice(0, k), added: widened.length };
}
