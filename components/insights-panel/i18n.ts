// The panel's labels in English and Chinese. Insight text itself arrives already written (by the engine) and is
// shown as text, never translated here.
import type { InsightType, Severity } from '../../core/insights/types';

export type PanelLang = 'en' | 'zh';

const EN = {
  heading: 'Insights',
  round: 'round {n}',
  list: 'Insights, with their attribution',
  empty: 'No insights yet.',
  topics: 'Suggested questions',
  noTopics: 'No questions yet.',
  score: 'attribution {s}',
  scoreName: 'Attribution score',
  stale: 'not seen this round',
  severity: { info: 'info', warn: 'warning' } as Record<Severity, string>,
  type: {
    'cross-reaction': 'Cross-reaction',
    migration: 'Migration',
    'confidence-trend': 'Confidence trend',
    'gap-aggregation': 'Gaps',
    'divergence-watch': 'Divergence',
    'snapshot-trend': 'Snapshot',
  } as Record<InsightType, string>,
};

const ZH: typeof EN = {
  heading: '洞察',
  round: '第 {n} 轮',
  list: '洞察及其归因',
  empty: '暂无洞察。',
  topics: '推荐话题',
  noTopics: '暂无话题。',
  score: '归因可信度 {s}',
  scoreName: '归因可信度',
  stale: '本轮未再出现',
  severity: { info: '提示', warn: '警示' },
  type: {
    'cross-reaction': '跨链呼应',
    migration: '链迁移',
    'confidence-trend': '置信度趋势',
    'gap-aggregation': '缺口聚合',
    'divergence-watch': '分歧观察',
    'snapshot-trend': '快照趋势',
  },
};

export function labels(lang: PanelLang): typeof EN {
  return lang === 'zh' ? ZH : EN;
}

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}

export function normalizePanelLang(value: unknown): PanelLang {
  return typeof value === 'string' && value.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
