// snapshot-trend: the current round against the history: growth, grounding coverage, and the share of nodes whose
// quote could not be authenticated.
import { local, pct } from '../text';
import type { InsightDraft } from '../types';
import type { AnalyzerContext } from './context';

/** Below this share of grounded nodes the graph is weakly anchored. */
const LOW_COVERAGE = 0.6;
/** A rise of the unsupported share by this much since the previous round is worth a warning. */
const UNSUPPORTED_RISE = 0.05;
const MAX_REFERENCED = 5;

export function snapshotTrend(ctx: AnalyzerContext): InsightDraft[] {
  const rounds = ctx.input.history.rounds;
  const now = rounds[rounds.length - 1];
  if (!now || now.stats.nodes === 0) return [];
  const prev = rounds.length > 1 ? rounds[rounds.length - 2] : undefined;
  const first = rounds[0];
  const coverage = now.stats.grounded / now.stats.nodes;
  const unsupported = now.stats.unsupported / now.stats.nodes;
  const prevUnsupported = prev?.stats.nodes ? prev.stats.unsupported / prev.stats.nodes : unsupported;
  const warn = coverage < LOW_COVERAGE || unsupported - prevUnsupported >= UNSUPPORTED_RISE;

  const added = ctx.input.history.changes
    .filter((c) => c.round === now.round && c.prev === null && c.next && ctx.index.nodeById.has(c.nodeId))
    .map((c) => c.nodeId)
    .sort((a, b) => ctx.index.ordinal.get(b)! - ctx.index.ordinal.get(a)!)
    .slice(0, MAX_REFERENCED);
  const references = added.length
    ? { nodeIds: added }
    : { scopeKey: warn && now.stats.unsupported > 0 ? 'grounding:unsupported' : 'grounding:grounded' };

  const sign = (d: number) => (d >= 0 ? `+${d}` : `${d}`);
  const growth = prev
    ? local(
        `${sign(now.stats.nodes - prev.stats.nodes)} nodes and ${sign(now.stats.edges - prev.stats.edges)} relations since round ${prev.round}; ${sign(now.stats.nodes - first.stats.nodes)} nodes over the ${rounds.length}-round window`,
        `较第 ${prev.round} 轮节点 ${sign(now.stats.nodes - prev.stats.nodes)}、关系 ${sign(now.stats.edges - prev.stats.edges)}；${rounds.length} 轮窗口内节点 ${sign(now.stats.nodes - first.stats.nodes)}`,
      )
    : local('the first round of this document', '这是该文档的第一轮');
  return [
    {
      id: 'snapshot-trend:current',
      type: 'snapshot-trend',
      severity: warn ? 'warn' : 'info',
      title: local(
        `Round ${now.round}: ${now.stats.nodes} nodes, ${pct(coverage)} grounded`,
        `第 ${now.round} 轮：${now.stats.nodes} 个节点，${pct(coverage)} 有据可查`,
      ),
      detail: local(
        `${now.stats.edges} relations; ${pct(unsupported)} of nodes have an unauthenticated quote${prev ? ` (was ${pct(prevUnsupported)})` : ''}; ${growth.en}.`,
        `${now.stats.edges} 条关系；${pct(unsupported)} 的节点引文未通过核验${prev ? `（上轮 ${pct(prevUnsupported)}）` : ''}；${growth.zh}。`,
      ),
      references,
    },
  ];
}
