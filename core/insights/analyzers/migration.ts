// migration: which chain is growing or has stalled across recent rounds, and where the text is heading. Across
// rounds it compares the chains' relation counts; within the current round it compares the chains' share of
// relations at the start of the text with their share at the end.
import { CHAIN_FAMILIES, RELATION_FAMILY, type ChainFamily } from '../chains';
import { local, pct } from '../text';
import type { InsightDraft } from '../types';
import { chainName, sectionName, type AnalyzerContext } from './context';

/** A chain "heads" the text when its share of relations rises by this much from the first to the last third. */
const HEADING_SHARE_GAIN = 0.2;
const MIN_EDGES_FOR_HEADING = 6;

export function migration(ctx: AnalyzerContext): InsightDraft[] {
  return [...acrossRounds(ctx), ...withinText(ctx)].slice(0, ctx.input.config.perAnalyzerLimit);
}

function acrossRounds(ctx: AnalyzerContext): InsightDraft[] {
  const rounds = ctx.input.history.rounds;
  if (rounds.length < 2) return [];
  const out: InsightDraft[] = [];
  const now = rounds[rounds.length - 1];
  const before = rounds[rounds.length - 2];
  const growth = CHAIN_FAMILIES.map((f) => ({ f, d: now.stats.families[f].edges - before.stats.families[f].edges }));
  const top = growth.filter((g) => g.d > 0).sort((a, b) => b.d - a.d)[0];
  if (top) {
    const landed = newNodeSections(ctx, top.f);
    const where = landed ? sectionName(ctx, landed) : null;
    const name = chainName(top.f);
    out.push({
      id: `migration:growing:${top.f}`,
      type: 'migration',
      severity: 'info',
      title: local(`The ${name.en} is growing`, `${name.zh}正在生长`),
      detail: local(
        `Round ${now.round} added ${top.d} ${top.f} relation(s) (${before.stats.families[top.f].edges} → ${now.stats.families[top.f].edges})${where ? `; new material lands in ${where.en}` : ''}.`,
        `第 ${now.round} 轮新增 ${top.d} 条${name.zh}关系（${before.stats.families[top.f].edges} → ${now.stats.families[top.f].edges}）${where ? `；新内容落在${where.zh}` : ''}。`,
      ),
      references: { scopeKey: landed ? `chain:${top.f}&section:${landed}` : `chain:${top.f}` },
    });
  }
  // Stalled: unchanged for maxStaleRounds rounds while the graph as a whole kept growing.
  const span = ctx.input.config.maxStaleRounds;
  if (rounds.length > span) {
    const start = rounds[rounds.length - 1 - span];
    if (now.stats.edges > start.stats.edges) {
      for (const f of CHAIN_FAMILIES) {
        const series = rounds.slice(-span - 1).map((r) => r.stats.families[f].edges);
        if (series[0] === 0 || series.some((v) => v !== series[0])) continue;
        const name = chainName(f);
        out.push({
          id: `migration:stalled:${f}`,
          type: 'migration',
          severity: 'info',
          title: local(`The ${name.en} has stalled`, `${name.zh}停滞不前`),
          detail: local(
            `No ${f} relation was added in the last ${span} rounds (still ${series[0]}) while the graph grew from ${start.stats.edges} to ${now.stats.edges} relations.`,
            `最近 ${span} 轮没有新增${name.zh}关系（仍为 ${series[0]} 条），而全图关系从 ${start.stats.edges} 增至 ${now.stats.edges} 条。`,
          ),
          references: { scopeKey: `chain:${f}` },
        });
      }
    }
  }
  return out;
}

/** The section most of this round's new nodes of a family landed in (none on a baseline round). */
function newNodeSections(ctx: AnalyzerContext, family: ChainFamily): string | undefined {
  const round = ctx.input.round;
  const counts = new Map<string, number>();
  for (const c of ctx.input.history.changes) {
    if (c.round !== round || c.prev !== null || !c.next || c.next.family !== family || !c.next.section) continue;
    counts.set(c.next.section, (counts.get(c.next.section) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

function withinText(ctx: AnalyzerContext): InsightDraft[] {
  const { index } = ctx;
  const placed = index.graph.edges
    .map((e) => ({
      f: RELATION_FAMILY[e.relation],
      at: edgePosition(ctx, e.fromNodeId, e.toNodeId),
      section: index.nodeById.get(e.toNodeId)?.sectionId,
    }))
    .filter((p): p is { f: ChainFamily; at: number; section: string | undefined } => p.at !== null)
    .sort((a, b) => a.at - b.at);
  if (placed.length < MIN_EDGES_FOR_HEADING * 2) return [];
  const third = Math.floor(placed.length / 3);
  const head = placed.slice(0, third);
  const tail = placed.slice(-third);
  const share = (part: typeof placed, f: ChainFamily) => part.filter((p) => p.f === f).length / part.length;
  const gains = CHAIN_FAMILIES.map((f) => ({ f, from: share(head, f), to: share(tail, f) }))
    .filter((g) => g.to - g.from >= HEADING_SHARE_GAIN)
    .sort((a, b) => b.to - b.from - (a.to - a.from));
  const best = gains[0];
  if (!best) return [];
  const leading = CHAIN_FAMILIES.map((f) => ({ f, s: share(head, f) })).sort((a, b) => b.s - a.s)[0].f;
  const tailSections = new Map<string, number>();
  for (const p of tail)
    if (p.f === best.f && p.section) tailSections.set(p.section, (tailSections.get(p.section) ?? 0) + 1);
  const endSection = [...tailSections].sort((a, b) => b[1] - a[1])[0]?.[0];
  const to = chainName(best.f);
  const from = chainName(leading);
  const where = sectionName(ctx, endSection);
  return [
    {
      id: `migration:heading:${best.f}`,
      type: 'migration',
      severity: 'info',
      title: local(`The text is heading toward the ${to.en}`, `文本正转向${to.zh}`),
      detail: local(
        `The ${to.en} carries ${pct(best.from)} of the relations in the first third and ${pct(best.to)} in the last third (the opening is led by the ${from.en}); it ends in ${where.en}.`,
        `${to.zh}在前三分之一的关系中占 ${pct(best.from)}，在后三分之一中占 ${pct(best.to)}（开篇以${from.zh}为主）；收尾于${where.zh}。`,
      ),
      references: { scopeKey: endSection ? `chain:${best.f}&section:${endSection}` : `chain:${best.f}` },
    },
  ];
}

function edgePosition(ctx: AnalyzerContext, from: string, to: string): number | null {
  const a = ctx.index.nodeById.get(from)?.paragraph ?? null;
  const b = ctx.index.nodeById.get(to)?.paragraph ?? null;
  if (a === null && b === null) return null;
  return Math.max(a ?? 0, b ?? 0);
}
