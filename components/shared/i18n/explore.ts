// Exploring the graph from a node's card (components/card-relations): its relations and mentions, walking to a
// neighbour, the local graph around it and the path between two nodes. A table of its own beside en.ts and zh.ts;
// zh is typed by en, so the two keep the same keys.
import type { Lang } from '../../../core/i18n/lang';

const en = {
  relations: 'Relations ({n})',
  noRelations: 'No relations.',
  outgoing: 'out',
  incoming: 'in',
  walk: 'Go to {text}',
  mentions: 'Mentions ({n})',
  names: 'names “{term}”',
  namedBy: 'named as “{term}”',
  unitLink: 'Unit {n}',
  loadingRelations: 'Loading relations…',
  localGraph: 'Local graph',
  depth: 'Depth',
  showLocal: 'Show local graph',
  localShown: 'Local graph of depth {depth}: {nodes} nodes, {edges} relations.',
  pathStart: 'Path from here',
  pathStartSet: 'Path start: {text}. Open another node’s card to find the path.',
  pathTo: 'Path from “{text}” to here',
  pathClear: 'Clear path',
  pathSearching: 'Finding the path…',
  pathNone: 'No path between these two nodes.',
  pathFound: 'Path of {n} steps (through {via}).',
  viaRelations: 'relations',
  viaMentions: 'relations and mentions',
  stepMention: 'mentions “{term}”',
  failed: 'Failed: {message}',
};

type ExploreMessages = typeof en;

const zh: ExploreMessages = {
  relations: '关系（{n}）',
  noRelations: '没有关系。',
  outgoing: '出',
  incoming: '入',
  walk: '前往 {text}',
  mentions: '提及（{n}）',
  names: '提到“{term}”',
  namedBy: '被提及为“{term}”',
  unitLink: '第 {n} 段',
  loadingRelations: '正在加载关系…',
  localGraph: '局部图',
  depth: '深度',
  showLocal: '显示局部图',
  localShown: '深度 {depth} 的局部图：{nodes} 个节点，{edges} 条关系。',
  pathStart: '从这里找路径',
  pathStartSet: '路径起点：{text}。打开另一个节点的卡片以查找路径。',
  pathTo: '从“{text}”到这里的路径',
  pathClear: '清除路径',
  pathSearching: '正在查找路径…',
  pathNone: '这两个节点之间没有路径。',
  pathFound: '路径共 {n} 步（经由{via}）。',
  viaRelations: '关系',
  viaMentions: '关系和提及',
  stepMention: '提及“{term}”',
  failed: '失败：{message}',
};

export function exploreStrings(lang: Lang): ExploreMessages {
  return lang === 'zh' ? zh : en;
}
