// Interface text in English and Chinese. Document text is never translated or formatted here: only labels.
import { ERROR_CATALOG, type ErrorCode, type Lang } from '../../core/errors';
import type { TaskStage } from '../../core/schema/task';
import { NODE_TYPE_LABELS, RELATION_LABELS, type NodeType, type Relation } from '../../core/schema/vocabulary';

export type { Lang };

const EN = {
  brand: 'Knowledge graph workbench',
  newText: 'New text',
  history: 'History',
  switchLanguage: '中文',
  switchLanguageName: 'Switch the interface to Chinese',
  title: 'Title',
  titlePlaceholder: 'Optional',
  text: 'Text to extract',
  textPlaceholder: 'Paste a text (up to 1,000,000 characters)…',
  model: 'Extractor',
  extract: 'Extract',
  append: 'Append to this graph',
  appendHint: 'Append adds the text to the open document: only the new text is extracted, linked to what is already there.',
  characters: '{n} characters',
  collapseInput: 'Hide input',
  cancel: 'Cancel',
  cancelTask: 'Cancel the extraction',
  taskProgress: 'Extraction progress',
  batches: 'batches {done}/{total}',
  elapsed: '{s} s',
  warnings: 'Warnings ({n})',
  taskFailed: 'Extraction failed',
  taskCancelled: 'The extraction was cancelled.',
  reconnecting: 'Connection to the server lost; reconnecting… The extraction goes on meanwhile.',
  summary: '{nodes} nodes · {edges} relations · anchored {x}/{y}',
  counts: '{nodes} nodes · {edges} relations',
  sourcePane: 'Source',
  graphPane: 'Graph',
  section: 'Section',
  allSections: 'All sections',
  prevPage: 'Previous page of nodes',
  nextPage: 'Next page of nodes',
  pageNumber: 'Page number',
  jump: 'Go',
  pageOf: 'of {n}',
  windowInfo: 'nodes {from}–{to} of {total}',
  query: 'Search nodes by id, text, type or section',
  queryPlaceholder: 'Search nodes…',
  search: 'Search',
  clearSearch: 'Clear search',
  matches: 'Matching nodes: {n}',
  exportMenu: 'Export',
  exportPng: 'PNG image (2×)',
  exportJson: 'Full graph (JSON)',
  exportNodes: 'Nodes (CSV)',
  exportEdges: 'Relations (CSV)',
  insights: 'Insights',
  diagnostics: 'Unanchored nodes ({n})',
  diagnosticsHelp: 'These nodes cite no source unit, so they are not placed in the source.',
  close: 'Close',
  closeCard: 'Close the detail card',
  locate: 'Locate in source',
  nodeCard: 'Node details',
  edgeCard: 'Relation details',
  type: 'Type',
  relation: 'Relation',
  quote: 'Quote',
  evidence: 'Evidence',
  noEvidence: 'No evidence item.',
  unit: 'Unit {n}',
  unanchored: 'not anchored',
  grounding: 'Grounding',
  unitButton: 'Unit {n}: show its nodes in the graph',
  prevUnits: 'Previous units',
  nextUnits: 'Next units',
  unitsRange: 'units {from}–{to} of {total}',
  extractSelection: 'Extract selection as its own graph',
  selectionTitle: 'Selection from {title}',
  historyEmpty: 'No documents yet.',
  openDocument: 'Open {title}',
  deleteDocument: 'Delete {title}',
  clearAll: 'Clear all',
  confirmClear: 'Delete all {n}?',
  loading: 'Loading…',
  noNodesForUnit: 'No loaded node is anchored to unit {n}.',
  resizeSplit: 'Resize the source and graph panes',
  resizeHeight: 'Resize the result area',
  staticMode: 'Exported graph (read only)',
  builtinLabel: 'Built-in heuristic extractor (offline, not a model)',
  updated: 'updated {date}',
  groundingStatus: { grounded: 'grounded', candidate: 'candidate', unsupported: 'unsupported' },
  stage: {
    queued: 'queued',
    segment: 'segmenting',
    extract: 'extracting',
    merge: 'merging',
    verify: 'verifying',
    commit: 'saving',
    done: 'done',
  } as Record<TaskStage, string>,
  errors: { network: 'Cannot reach the server.', load_failed: 'The graph file could not be loaded.' },
};

type Strings = typeof EN;

const ZH: Strings = {
  brand: '知识图工作台',
  newText: '新文本',
  history: '历史',
  switchLanguage: 'English',
  switchLanguageName: '切换界面为英文',
  title: '标题',
  titlePlaceholder: '可选',
  text: '待拆分文本',
  textPlaceholder: '粘贴一段文本（最多 1,000,000 字符）……',
  model: '抽取器',
  extract: '拆分',
  append: '追加拆分',
  appendHint: '追加拆分把文本接到当前文档之后：只抽取新增内容，并与已有的图相连。',
  characters: '{n} 字符',
  collapseInput: '收起输入',
  cancel: '取消',
  cancelTask: '取消拆分',
  taskProgress: '拆分进度',
  batches: '批次 {done}/{total}',
  elapsed: '{s} 秒',
  warnings: '警告（{n}）',
  taskFailed: '拆分失败',
  taskCancelled: '拆分已取消。',
  reconnecting: '与服务器的连接已中断，正在重新连接……拆分仍在进行。',
  summary: '{nodes} 节点 · {edges} 关系 · 可回链 {x}/{y}',
  counts: '{nodes} 节点 · {edges} 关系',
  sourcePane: '原文',
  graphPane: '知识图',
  section: '章节',
  allSections: '全部章节',
  prevPage: '上一页节点',
  nextPage: '下一页节点',
  pageNumber: '页码',
  jump: '跳转',
  pageOf: '/ {n}',
  windowInfo: '节点 {from}–{to} / 共 {total}',
  query: '按编号、文本、类型或章节搜索节点',
  queryPlaceholder: '搜索节点……',
  search: '搜索',
  clearSearch: '清除搜索',
  matches: '匹配节点：{n}',
  exportMenu: '导出',
  exportPng: 'PNG 图片（2 倍）',
  exportJson: '完整知识图（JSON）',
  exportNodes: '节点（CSV）',
  exportEdges: '关系（CSV）',
  insights: '洞察',
  diagnostics: '无法回链的节点（{n}）',
  diagnosticsHelp: '这些节点没有引用任何原文单元，因此不在原文中标出。',
  close: '关闭',
  closeCard: '关闭详情卡片',
  locate: '在原文中定位',
  nodeCard: '节点详情',
  edgeCard: '关系详情',
  type: '类型',
  relation: '关系',
  quote: '引文',
  evidence: '证据',
  noEvidence: '没有证据条目。',
  unit: '单元 {n}',
  unanchored: '未回链',
  grounding: '回链状态',
  unitButton: '单元 {n}：在知识图中显示其节点',
  prevUnits: '上一批单元',
  nextUnits: '下一批单元',
  unitsRange: '单元 {from}–{to} / 共 {total}',
  extractSelection: '拆成知识图',
  selectionTitle: '摘自《{title}》',
  historyEmpty: '暂无文档。',
  openDocument: '打开 {title}',
  deleteDocument: '删除 {title}',
  clearAll: '全部清除',
  confirmClear: '确认删除全部 {n} 个？',
  loading: '加载中……',
  noNodesForUnit: '当前视图中没有节点回链到单元 {n}。',
  resizeSplit: '调整原文与知识图的宽度',
  resizeHeight: '调整结果区高度',
  staticMode: '导出的知识图（只读）',
  builtinLabel: '内置启发式抽取器（离线，非模型）',
  updated: '更新于 {date}',
  groundingStatus: { grounded: '已核验', candidate: '候选', unsupported: '未核验' },
  stage: { queued: '排队中', segment: '切分', extract: '抽取', merge: '合并', verify: '校验', commit: '保存', done: '完成' },
  errors: { network: '无法连接服务器。', load_failed: '无法加载知识图文件。' },
};

const TABLE: Record<Lang, Strings> = { en: EN, zh: ZH };

type FlatKey = { [K in keyof Strings]: Strings[K] extends string ? K : never }[keyof Strings];

/** The label `key` in `lang`, with `{name}` placeholders filled in. */
export function t(lang: Lang, key: FlatKey, vars: Record<string, string | number> = {}): string {
  return TABLE[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => (name in vars ? String(vars[name]) : `{${name}}`));
}

export function strings(lang: Lang): Strings {
  return TABLE[lang];
}

export const typeLabel = (type: NodeType | string, lang: Lang) => NODE_TYPE_LABELS[type as NodeType]?.[lang] ?? type;
export const relationLabel = (rel: Relation | string, lang: Lang) => RELATION_LABELS[rel as Relation]?.[lang] ?? rel;

/** The user's language for an error code: the catalog's message, or the client's own (network, load). */
export function errorText(code: string, lang: Lang): string {
  if (code in ERROR_CATALOG) return ERROR_CATALOG[code as ErrorCode][lang];
  if (code === 'network' || code === 'load_failed') return TABLE[lang].errors[code];
  return ERROR_CATALOG.internal[lang];
}

/** 'zh' for any Chinese tag (zh, zh-CN, zh-Hant-TW), 'en' otherwise. */
export function normalizeLang(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  return /^zh\b/i.test(tag.trim()) ? 'zh' : 'en';
}

/** An element's language: its own `lang`, else the nearest ancestor's, else the page's <html lang>, else English. */
export function resolveLang(element: Element): Lang {
  const own = normalizeLang(element.getAttribute('lang'));
  if (own) return own;
  const holder = element.parentElement?.closest('[lang]');
  return normalizeLang(holder?.getAttribute('lang')) ?? normalizeLang(element.ownerDocument?.documentElement.lang) ?? 'en';
}

export function formatNumber(n: number, lang: Lang): string {
  return n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}
