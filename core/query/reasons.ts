// Labels of match reasons for people (the API returns stable codes; the workbench shows these).
import type { Lang } from '../i18n/lang';
import type { MatchReason } from './types';

const LABELS: Record<string, { en: string; zh: string }> = {
  explicit_id: { en: 'requested node', zh: '指定节点' },
  relation_endpoint: { en: 'relation endpoint', zh: '关系端点' },
  id_exact: { en: 'exact node id', zh: '节点 ID 精确匹配' },
  text_exact: { en: 'exact node text', zh: '节点文本精确匹配' },
  text_contains: { en: 'node text contains the query', zh: '节点文本包含查询' },
  quote_contains: { en: 'quote contains the query', zh: '原文摘录包含查询' },
  section: { en: 'section matches', zh: '章节匹配' },
  type: { en: 'type matches', zh: '类型匹配' },
  concept_term: { en: 'the query names this concept', zh: '查询提到该概念' },
  mention: { en: 'names a concept the query matched', zh: '提到查询匹配的概念' },
  filter: { en: 'matches the filters', zh: '符合筛选条件' },
};

export function describeReason(reason: MatchReason, lang: Lang = 'en'): string {
  if (reason.startsWith('coverage:')) {
    const pct = reason.slice('coverage:'.length);
    return lang === 'zh' ? `关键词覆盖 ${pct}%` : `keyword coverage ${pct}%`;
  }
  return LABELS[reason]?.[lang] ?? reason;
}
