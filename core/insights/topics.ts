// Recommended next questions, rebuilt each round from that round's insights and the graph's structure. Six rules:
// four cite an insight (basedOn), two read structure only. Every question quotes the nodes it is about, and its
// wording follows what those nodes are (their chains, types and relations), not the insight's type.
import { RELATION_FAMILY, type ChainFamily } from './chains';
import { nodeConfidence, type GraphIndex } from './graph-index';
import type { History } from './history';
import { local, quote, fixed2, list } from './text';
import { sharedTokens } from '../text/tokens';
import { displayTerms } from './tokens';
import type { LocalText, StoredInsight, StoredTopic } from './types';
import { chainName } from './analyzers/context';

export interface TopicInput {
  round: number;
  index: GraphIndex;
  history: History;
  /** Insights produced this round, attributed. */
  insights: readonly StoredInsight[];
}

const Q = 56;
const MAX_DEPTH = 400;

export function buildTopics(input: TopicInput): StoredTopic[] {
  const out: StoredTopic[] = [];
  for (const s of input.insights) {
    const t = fromInsight(s, input);
    if (t) out.push(t);
  }
  const main = mainChainTopic(input);
  if (main) out.push(main);
  const converged = convergedChainTopic(input, main?.relatedChain);
  if (converged) out.push(converged);
  return out;
}

function text(index: GraphIndex, id: string): string {
  return quote(index.nodeById.get(id)?.text ?? id, Q);
}

/** What asking about a link between two nodes means, by the chain the first one lives in. */
function linkQuestion(family: ChainFamily, a: string, b: string): LocalText {
  switch (family) {
    case 'causal':
      return local(`does ${a} help bring about ${b}, or the reverse?`, `${a}是否促成了${b}，抑或相反？`);
    case 'taxonomic':
      return local(`is ${a} a kind or a part of what ${b} is about?`, `${a}是否属于${b}所谈之事的一类或一部分？`);
    case 'contrastive':
      return local(
        `do ${a} and ${b} name the same thing or draw a distinction?`,
        `${a}与${b}说的是同一回事，还是在作区分？`,
      );
    case 'purposive':
      return local(`does ${a} serve the aim behind ${b}?`, `${a}是否服务于${b}背后的目的？`);
    default:
      return local(`does ${a} bear out ${b}?`, `${a}能否印证${b}？`);
  }
}

function basis(s: StoredInsight, index: GraphIndex, ids: readonly string[]): StoredTopic['basedOn'] {
  return {
    insightId: s.draft.id,
    insightTitle: s.draft.title,
    attributionScore: s.profile.attributionScore,
    keyNodeContents: ids.map((id) => index.nodeById.get(id)?.text ?? id),
    keyEdgeKinds: [...new Set(s.profile.edgeEvidence.map((e) => e.kind))],
  };
}

function fromInsight(s: StoredInsight, input: TopicInput): StoredTopic | null {
  const { index, round } = input;
  const own = s.profile.nodeEvidence.filter((n) => n.role !== 'contradicting').map((n) => n.nodeId);
  const why = local(
    `From the insight “${s.draft.title.en}” (attribution ${fixed2(s.profile.attributionScore)}).`,
    `依据洞察“${s.draft.title.zh}”（归因可信度 ${fixed2(s.profile.attributionScore)}）。`,
  );
  const topic = (
    rule: string,
    kind: StoredTopic['kind'],
    question: LocalText,
    ids: string[],
    chain?: ChainFamily,
  ): StoredTopic => ({
    key: `${rule}:${ids.join(',')}`,
    kind,
    question,
    rationale: why,
    ...(chain ? { relatedChain: chain } : {}),
    nodeIds: ids,
    round,
    basedOn: basis(s, index, ids),
  });

  switch (s.draft.type) {
    case 'cross-reaction': {
      if (own.length < 2) return null;
      const [a, b] = own;
      const terms = displayTerms(index.nodeById.get(a)!.text, sharedTokens(index.tokens(a), index.tokens(b))).slice(
        0,
        3,
      );
      const fa = index.family.get(a)!;
      const link = linkQuestion(fa, text(index, a), text(index, b));
      return topic(
        'cross',
        'extension',
        local(`Both speak of ${list(terms, 'en')}: ${link.en}`, `两处都谈到${list(terms, 'zh')}：${link.zh}`),
        [a, b],
        fa,
      );
    }
    case 'confidence-trend': {
      if (s.draft.severity === 'info' || !own.length) return null;
      const id = own[0];
      const node = index.nodeById.get(id)!;
      const c = nodeConfidence(node);
      const need =
        node.type === 'rule' || node.type === 'claim'
          ? local('a fact or an example that supports it', '能支持它的事实或例子')
          : node.type === 'concept'
            ? local('a definition', '一个定义')
            : local('a passage that states it verbatim', '一段能逐字印证它的原文');
      return topic(
        'decay',
        'extension',
        local(
          `Confidence in ${text(index, id)} is down to ${c === undefined ? 'unknown' : fixed2(c)}: which ${need.en} would restore it?`,
          `${text(index, id)}的置信度已降至 ${c === undefined ? '未知' : fixed2(c)}：哪条${need.zh}能让它重新站稳？`,
        ),
        [id],
        index.family.get(id),
      );
    }
    case 'divergence-watch': {
      const ids = s.draft.references.nodeIds?.filter((id) => index.nodeById.has(id)) ?? [];
      if (s.draft.severity === 'info' || ids.length < 2) return null;
      const [a, b] = ids;
      const edge = (index.incident.get(a) ?? []).find((e) => e.fromNodeId === b || e.toNodeId === b);
      const sharp = edge?.relation === 'counter_example';
      return topic(
        'diverge',
        'convergence',
        sharp
          ? local(
              `${text(index, a)} runs against ${text(index, b)}: under which conditions does each hold?`,
              `${text(index, a)}与${text(index, b)}相互抵触：各自在什么条件下成立？`,
            )
          : local(
              `${text(index, a)} is set apart from ${text(index, b)}: what exactly separates them?`,
              `${text(index, a)}被区别于${text(index, b)}：二者究竟差在哪里？`,
            ),
        [a, b],
        'contrastive',
      );
    }
    case 'gap-aggregation': {
      const families = new Set(own.map((id) => index.family.get(id)));
      if (families.size < 2 || !own.length) return null;
      const ids = own.slice(0, 2);
      const quoted = ids.map((id) => text(index, id));
      const chains = [...families].filter((f): f is ChainFamily => !!f).map(chainName);
      const type = index.nodeById.get(ids[0])!.type;
      const where = local(
        list(
          chains.map((c) => c.en),
          'en',
        ),
        list(
          chains.map((c) => c.zh),
          'zh',
        ),
      );
      const question =
        type === 'concept'
          ? local(
              `What do ${list(quoted, 'en')} mean here? The ${where.en} use them without a definition.`,
              `${list(quoted, 'zh')}在这里指什么？${where.zh}都用到它们却没有定义。`,
            )
          : type === 'inference'
            ? local(
                `From what premise does ${quoted[0]} follow? Conclusions in the ${where.en} stand without one.`,
                `${quoted[0]}是从什么前提推出的？${where.zh}中的结论都缺少前提。`,
              )
            : local(
                `What supports ${list(quoted, 'en')}? Across the ${where.en} they stand without evidence.`,
                `什么能支持${list(quoted, 'zh')}？在${where.zh}中它们都缺少证据。`,
              );
      return topic('gap', 'extension', question, ids, index.family.get(ids[0]));
    }
    default:
      return null;
  }
}

/** Rule 5: the main chain (the family with the most relations) runs along a path of 3+ nodes and is stable. */
function mainChainTopic(input: TopicInput): StoredTopic | null {
  const { index, history, round } = input;
  const counts = new Map<ChainFamily, number>();
  for (const e of index.graph.edges)
    counts.set(RELATION_FAMILY[e.relation], (counts.get(RELATION_FAMILY[e.relation]) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!main || main[1] < 2) return null;
  const family = main[0];
  const path = longestPath(index, family);
  if (path.length < 3) return null;
  const rounds = history.rounds;
  const stable =
    rounds.length >= 2
      ? rounds[rounds.length - 1].stats.families[family].edges ===
        rounds[rounds.length - 2].stats.families[family].edges
      : path.every((id) => (nodeConfidence(index.nodeById.get(id)!) ?? 0) >= 0.5);
  if (!stable) return null;
  const start = path[0];
  const end = path[path.length - 1];
  const name = chainName(family);
  return {
    key: `main:${start},${end}`,
    kind: 'extension',
    question: local(
      `The ${name.en} runs from ${text(index, start)} to ${text(index, end)}: what comes after ${text(index, end)}?`,
      `${name.zh}从${text(index, start)}一路走到${text(index, end)}：${text(index, end)}之后会怎样？`,
    ),
    rationale: local(
      `The ${name.en} is the main chain (${main[1]} relations); its longest path has ${path.length} nodes and it is stable.`,
      `${name.zh}是主链（${main[1]} 条关系），最长路径 ${path.length} 个节点，且已稳定。`,
    ),
    relatedChain: family,
    nodeIds: path.length > 12 ? [...path.slice(0, 6), ...path.slice(-6)] : path,
    round,
  };
}

/** Rule 6: a node where two or more relations of one chain arrive from different nodes: that chain has converged. */
function convergedChainTopic(input: TopicInput, active: ChainFamily | undefined): StoredTopic | null {
  const { index, round } = input;
  let best: { id: string; family: ChainFamily; from: string[] } | null = null;
  const into = new Map<string, string[]>();
  for (const e of index.graph.edges) {
    const key = `${e.toNodeId}|${RELATION_FAMILY[e.relation]}`;
    const list = into.get(key);
    if (list) list.push(e.fromNodeId);
    else into.set(key, [e.fromNodeId]);
  }
  for (const [key, from] of into) {
    const sources = [...new Set(from)];
    if (sources.length < 2 || (best && best.from.length >= sources.length)) continue;
    const [id, family] = key.split('|') as [string, ChainFamily];
    best = { id, family, from: sources };
  }
  if (!best) return null;
  const [s1, s2] = best.from;
  const name = chainName(best.family);
  const other = active && active !== best.family ? activeNode(index, active, best.id) : undefined;
  const question = other
    ? local(
        `${text(index, s1)} and ${text(index, s2)} converge on ${text(index, best.id)}: how does it bear on ${text(index, other)}?`,
        `${text(index, s1)}与${text(index, s2)}汇聚于${text(index, best.id)}：它与${text(index, other)}有何关联？`,
      )
    : local(
        `${text(index, s1)} and ${text(index, s2)} converge on ${text(index, best.id)}: what follows from it?`,
        `${text(index, s1)}与${text(index, s2)}汇聚于${text(index, best.id)}：由此会引出什么？`,
      );
  return {
    key: `converged:${best.id}`,
    kind: 'convergence',
    question,
    rationale: local(
      `${best.from.length} ${name.en} relations arrive at one node.`,
      `${best.from.length} 条${name.zh}关系汇聚到同一节点。`,
    ),
    relatedChain: best.family,
    nodeIds: other ? [s1, s2, best.id, other] : [s1, s2, best.id],
    round,
  };
}

/** The latest node of the active chain, other than `not`. */
function activeNode(index: GraphIndex, family: ChainFamily, not: string): string | undefined {
  for (let i = index.graph.nodes.length - 1; i >= 0; i--) {
    const n = index.graph.nodes[i];
    if (n.id !== not && index.family.get(n.id) === family && (index.incident.get(n.id)?.length ?? 0) > 0) return n.id;
  }
  return undefined;
}

/** Longest simple path along the family's relations (DAG longest path; cycles are cut at the first revisit). */
export function longestPath(index: GraphIndex, family: ChainFamily): string[] {
  const out = new Map<string, string[]>();
  for (const e of index.graph.edges) {
    if (RELATION_FAMILY[e.relation] !== family) continue;
    const list = out.get(e.fromNodeId);
    if (list) list.push(e.toNodeId);
    else out.set(e.fromNodeId, [e.toNodeId]);
  }
  const memo = new Map<string, string[]>();
  const visiting = new Set<string>();
  const walk = (id: string): string[] => {
    const known = memo.get(id);
    if (known) return known;
    visiting.add(id);
    let best: string[] = [];
    for (const next of out.get(id) ?? []) {
      // Cycles are cut; very deep chains are cut at MAX_DEPTH so the walk stays within the stack.
      if (visiting.has(next) || visiting.size >= MAX_DEPTH) continue;
      const p = walk(next);
      if (p.length > best.length) best = p;
    }
    visiting.delete(id);
    const path = [id, ...best];
    memo.set(id, path);
    return path;
  };
  let longest: string[] = [];
  for (const id of out.keys()) {
    const p = walk(id);
    if (p.length > longest.length) longest = p;
  }
  return longest;
}
