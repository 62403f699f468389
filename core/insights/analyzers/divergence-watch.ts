// divergence-watch: places where the text pulls apart (not_is, counter_example) and nothing brings the two sides
// back together: no node relates to both sides, and no merge joined them.
import { DIVERGING_RELATIONS } from '../chains';
import { resolutionOf } from '../divergence';
import { edgesOf } from '../graph-index';
import { local } from '../text';
import type { InsightDraft } from '../types';
import { nodeQuote, sectionName, type AnalyzerContext } from './context';
import type { KgEdge } from '../../schema';

const HOW = {
  not_is: { en: 'is not', zh: '不是' },
  counter_example: { en: 'runs against', zh: '反驳' },
} as const;

const PROPOSITIONS = new Set(['claim', 'rule', 'fact', 'inference', 'counter_example', 'example']);

export function divergenceWatch(ctx: AnalyzerContext): InsightDraft[] {
  const { index } = ctx;
  const open: Array<{ edge: KgEdge; weight: number; warn: boolean }> = [];
  const seen = new Set<string>();
  for (const e of index.graph.edges) {
    if (!DIVERGING_RELATIONS.has(e.relation)) continue;
    const pair = [e.fromNodeId, e.toNodeId].sort().join('~');
    if (seen.has(pair) || resolutionOf(index, ctx.past, e.fromNodeId, e.toNodeId)) continue;
    seen.add(pair);
    const a = index.nodeById.get(e.fromNodeId);
    const b = index.nodeById.get(e.toNodeId);
    if (!a || !b) continue;
    // A statement set against a bare term is no disagreement between two statements (not_is between terms, a
    // distinction, stays).
    if (e.relation === 'counter_example' && (a.type === 'concept' || b.type === 'concept')) continue;
    // Two propositions set against each other are an open contradiction; a not_is between terms is a distinction.
    const warn = e.relation === 'counter_example' && PROPOSITIONS.has(a.type) && PROPOSITIONS.has(b.type);
    const weight = (warn ? 100 : 0) + edgesOf(index, a.id).length + edgesOf(index, b.id).length;
    open.push({ edge: e, weight, warn });
  }
  open.sort(
    (x, y) => y.weight - x.weight || index.ordinal.get(x.edge.fromNodeId)! - index.ordinal.get(y.edge.fromNodeId)!,
  );
  return open.slice(0, ctx.input.config.perAnalyzerLimit).map(({ edge, warn }) => {
    const a = nodeQuote(ctx, edge.fromNodeId, 40);
    const b = nodeQuote(ctx, edge.toNodeId, 40);
    const how = HOW[edge.relation as keyof typeof HOW];
    const sa = sectionName(ctx, index.nodeById.get(edge.fromNodeId)?.sectionId);
    const sb = sectionName(ctx, index.nodeById.get(edge.toNodeId)?.sectionId);
    const others = new Set(
      [edge.fromNodeId, edge.toNodeId].flatMap((id) =>
        edgesOf(index, id)
          .filter((x) => x !== edge && DIVERGING_RELATIONS.has(x.relation))
          .map((x) => x.id),
      ),
    ).size;
    return {
      id: `divergence-watch:${edge.fromNodeId}~${edge.toNodeId}`,
      type: 'divergence-watch' as const,
      severity: warn ? ('warn' as const) : ('info' as const),
      title: local(`Open divergence: ${a} ${how.en} ${b}`, `悬而未决的分歧：${a}${how.zh}${b}`),
      detail: local(
        `${a} (${sa.en}) ${how.en} ${b} (${sb.en}); no statement relates to both and they were never merged${others ? `; ${others} more divergence(s) touch them` : ''}.`,
        `${a}（${sa.zh}）${how.zh}${b}（${sb.zh}）；没有任何陈述同时关联二者，也未曾合并${others ? `；另有 ${others} 处分歧牵涉它们` : ''}。`,
      ),
      references: { nodeIds: [edge.fromNodeId, edge.toNodeId] },
    };
  });
}
