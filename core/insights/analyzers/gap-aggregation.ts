// gap-aggregation: gaps that recur across chains or sections: claims and rules with no support or example,
// concepts used but never defined, inferences with no premise. One finding per kind of gap, when its nodes are
// spread over at least two chains or two sections.
import { local, quote } from '../text';
import type { InsightDraft, LocalText } from '../types';
import { byDegree, chainName, type AnalyzerContext } from './context';
import type { NodeType, Relation } from '../../schema';
import { list } from '../text';

const SUPPORT: ReadonlySet<Relation> = new Set(['supports', 'example']);
/** A stated reason also supports a claim ("leaves look green because chlorophyll reflects green light"), when the
 * reason is itself a statement: a bare concept "causing" a claim gives no reason a reader could check. */
const REASON: ReadonlySet<Relation> = new Set(['causes', 'infers']);
const STATEMENT: ReadonlySet<NodeType> = new Set(['fact', 'claim', 'inference', 'rule']);
const PREMISE: ReadonlySet<Relation> = new Set(['infers', 'causes', 'supports', 'driven_by']);
const MAX_REFERENCED = 6;

export type GapKind = 'unsupported' | 'undefined-concept' | 'no-premise';

const GAP_LABEL: Record<GapKind, { one: LocalText; title: LocalText }> = {
  unsupported: {
    one: local('claims and rules with no support or example', '缺少支持或例子的主张与规则'),
    title: local('Claims and rules stand unsupported', '主张与规则缺少支撑'),
  },
  'undefined-concept': {
    one: local('concepts used but never defined', '被使用却从未定义的概念'),
    title: local('Concepts are used but never defined', '概念被使用却未定义'),
  },
  'no-premise': {
    one: local('inferences with no premise', '没有前提的推论'),
    title: local('Inferences lack premises', '推论缺少前提'),
  },
};

/** The gap nodes of each kind in the current graph. */
export function findGaps(ctx: AnalyzerContext): Record<GapKind, string[]> {
  const { index } = ctx;
  const gaps: Record<GapKind, string[]> = { unsupported: [], 'undefined-concept': [], 'no-premise': [] };
  const definitions = index.graph.nodes.filter((n) => n.type === 'definition').map((n) => n.text.toLowerCase());
  for (const n of index.graph.nodes) {
    const edges = index.incident.get(n.id) ?? [];
    const incoming = (set: ReadonlySet<Relation>) => edges.some((e) => e.toNodeId === n.id && set.has(e.relation));
    const reasoned = () =>
      edges.some(
        (e) =>
          e.toNodeId === n.id &&
          REASON.has(e.relation) &&
          STATEMENT.has(index.nodeById.get(e.fromNodeId)?.type as NodeType),
      );
    if ((n.type === 'claim' || n.type === 'rule') && !incoming(SUPPORT) && !reasoned()) gaps.unsupported.push(n.id);
    else if (n.type === 'inference' && !incoming(PREMISE)) gaps['no-premise'].push(n.id);
    else if (n.type === 'concept' && edges.length > 0 && !edges.some((e) => e.relation === 'defines')) {
      const term = n.text.toLowerCase();
      if (!definitions.some((d) => d.includes(term))) gaps['undefined-concept'].push(n.id);
    }
  }
  return gaps;
}

export function gapAggregation(ctx: AnalyzerContext): InsightDraft[] {
  const { index } = ctx;
  const gaps = findGaps(ctx);
  const out: Array<{ draft: InsightDraft; weight: number }> = [];
  for (const kind of Object.keys(gaps) as GapKind[]) {
    const ids = gaps[kind];
    if (ids.length < 2) continue;
    const families = [...new Set(ids.map((id) => index.family.get(id)!))];
    const sections = new Set(ids.map((id) => index.nodeById.get(id)!.sectionId ?? ''));
    if (families.length < 2 && sections.size < 2) continue;
    const ofKind = index.graph.nodes.filter((n) =>
      kind === 'unsupported'
        ? n.type === 'claim' || n.type === 'rule'
        : kind === 'no-premise'
          ? n.type === 'inference'
          : n.type === 'concept' && (index.incident.get(n.id)?.length ?? 0) > 0,
    ).length;
    const share = ids.length / Math.max(1, ofKind);
    const top = byDegree(ctx, ids).slice(0, MAX_REFERENCED);
    const chains = families.map(chainName);
    const examples = top.slice(0, 2).map((id) => quote(index.nodeById.get(id)!.text, 40));
    const label = GAP_LABEL[kind];
    out.push({
      weight: ids.length * share,
      draft: {
        id: `gap-aggregation:${kind}`,
        type: 'gap-aggregation',
        severity: ids.length >= 3 && share >= 0.5 ? 'warn' : 'info',
        title: label.title,
        detail: local(
          `${ids.length} of ${ofKind} ${label.one.en} (${Math.round(share * 100)}%), across ${list(
            chains.map((c) => c.en),
            'en',
          )} and ${sections.size} section(s), e.g. ${examples.join(', ')}.`,
          `${ofKind} 个中有 ${ids.length} 个属于${label.one.zh}（${Math.round(share * 100)}%），分布于${list(
            chains.map((c) => c.zh),
            'zh',
          )}、${sections.size} 个章节，例如${examples.join('、')}。`,
        ),
        references: { nodeIds: top },
      },
    });
  }
  return out
    .sort((a, b) => b.weight - a.weight)
    .slice(0, ctx.input.config.perAnalyzerLimit)
    .map((o) => o.draft);
}
