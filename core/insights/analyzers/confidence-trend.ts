// confidence-trend: nodes, and whole chains, whose confidence fell in each of the last two or more rounds.
// A confidence that became unknown (the quote no longer authenticates) counts as a fall.
import { CHAIN_FAMILIES } from '../chains';
import { confidenceSeries, type NodeChange } from '../history';
import { fixed2, local } from '../text';
import type { InsightDraft } from '../types';
import { chainName, nodeQuote, type AnalyzerContext } from './context';

/** Consecutive falling rounds that make a trend. */
const MIN_FALLS = 2;

interface Fall {
  falls: number;
  from: number | null;
  to: number | null;
}

/** Falls at the end of a series (null, unknown, sits below every known value). */
export function trailingFalls(values: readonly (number | null)[]): Fall {
  const v = (x: number | null) => (x === null ? -1 : x);
  let i = values.length - 1;
  let falls = 0;
  while (i > 0 && v(values[i]) < v(values[i - 1])) {
    falls++;
    i--;
  }
  return { falls, from: values[i] ?? null, to: values[values.length - 1] ?? null };
}

const show = (x: number | null) => (x === null ? '?' : fixed2(x));

export function confidenceTrend(ctx: AnalyzerContext): InsightDraft[] {
  const rounds = ctx.input.history.rounds.map((r) => r.round);
  const out: Array<{ draft: InsightDraft; drop: number }> = [];

  const byNode = new Map<string, NodeChange[]>();
  for (const c of ctx.input.history.changes) {
    if (!ctx.index.nodeById.has(c.nodeId)) continue;
    const list = byNode.get(c.nodeId);
    if (list) list.push(c);
    else byNode.set(c.nodeId, [c]);
  }
  for (const [id, changes] of byNode) {
    const series = confidenceSeries(rounds, changes).map((s) => s.confidence);
    const fall = trailingFalls(series);
    if (fall.falls < MIN_FALLS) continue;
    const drop = (fall.from ?? 0) - (fall.to ?? 0);
    const q = nodeQuote(ctx, id);
    out.push({
      drop,
      draft: {
        id: `confidence-trend:node:${id}`,
        type: 'confidence-trend',
        severity: fall.to === null || fall.to < 0.5 || drop >= 0.3 ? 'warn' : 'info',
        title: local(`Confidence in ${q} keeps falling`, `${q}的置信度持续下降`),
        detail: local(
          `It fell in each of the last ${fall.falls} rounds, from ${show(fall.from)} to ${show(fall.to)}.`,
          `最近 ${fall.falls} 轮连续下降，从 ${show(fall.from)} 降到 ${show(fall.to)}。`,
        ),
        references: { nodeIds: [id] },
      },
    });
  }

  for (const f of CHAIN_FAMILIES) {
    const series = ctx.input.history.rounds.map((r) => r.stats.families[f].confidence);
    const fall = trailingFalls(series);
    if (fall.falls < MIN_FALLS || ctx.input.history.rounds[rounds.length - 1].stats.families[f].nodes === 0) continue;
    const drop = (fall.from ?? 0) - (fall.to ?? 0);
    const name = chainName(f);
    out.push({
      drop,
      draft: {
        id: `confidence-trend:chain:${f}`,
        type: 'confidence-trend',
        severity: fall.to === null || fall.to < 0.5 || drop >= 0.2 ? 'warn' : 'info',
        title: local(`The ${name.en} is losing confidence`, `${name.zh}的置信度在下滑`),
        detail: local(
          `Its mean confidence fell in each of the last ${fall.falls} rounds, from ${show(fall.from)} to ${show(fall.to)}.`,
          `其平均置信度最近 ${fall.falls} 轮连续下降，从 ${show(fall.from)} 降到 ${show(fall.to)}。`,
        ),
        references: { scopeKey: `chain:${f}` },
      },
    });
  }
  return out
    .sort((a, b) => b.drop - a.drop)
    .slice(0, ctx.input.config.perAnalyzerLimit)
    .map((o) => o.draft);
}
