// Interface text of the graph view in English and Chinese. Node type and relation names come from core/schema.
import { NODE_TYPE_LABELS, RELATION_LABELS, type NodeType, type Relation } from '../../core/schema/vocabulary';
import type { LayoutAlgorithm } from '../../core/layout/types';

export type Lang = 'en' | 'zh';

const STRINGS = {
  en: {
    toolbar: 'Graph controls',
    zoomOut: 'Zoom out',
    zoomIn: 'Zoom in',
    zoomReset: (percent: number) => `Zoom ${percent}%, reset to 100%`,
    fit: 'Fit to view',
    layout: 'Layout',
    canvas: 'Knowledge graph',
    graphRole: 'knowledge graph',
    nodeRole: 'node',
    edgeRole: 'relation',
    legend: 'Node types',
    layingOut: 'Laying out the graph…',
    empty: 'No nodes to show',
    layoutFailed: 'The layout failed; showing the force layout instead.',
    notAnchored: 'not anchored to the source',
    layouts: { layered: 'Layered', force: 'Force', circle: 'Circle', radial: 'Radial' } as Record<LayoutAlgorithm, string>,
    help: 'Arrow keys move between connected nodes, Enter opens a node, Escape closes, plus and minus zoom, 0 resets the zoom.',
  },
  zh: {
    toolbar: '图控制',
    zoomOut: '缩小',
    zoomIn: '放大',
    zoomReset: (percent: number) => `缩放 ${percent}%，恢复到 100%`,
    fit: '适应窗口',
    layout: '布局',
    canvas: '知识图谱',
    graphRole: '知识图谱',
    nodeRole: '节点',
    edgeRole: '关系',
    legend: '节点类型',
    layingOut: '正在布局…',
    empty: '没有可显示的节点',
    layoutFailed: '布局失败，改用力导向布局。',
    notAnchored: '未锚定到原文',
    layouts: { layered: '分层', force: '力导向', circle: '环形', radial: '放射' } as Record<LayoutAlgorithm, string>,
    help: '方向键在相连的节点间移动，回车打开节点，Esc 关闭，加号和减号缩放，0 恢复缩放。',
  },
} as const;

export type GraphViewStrings = (typeof STRINGS)['en'];

export function normalizeLang(value: unknown): Lang {
  return typeof value === 'string' && value.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function strings(lang: Lang): GraphViewStrings {
  return STRINGS[lang] as GraphViewStrings;
}

export function typeLabel(type: NodeType, lang: Lang): string {
  return NODE_TYPE_LABELS[type]?.[lang] ?? type;
}

export function relationLabel(relation: Relation, lang: Lang): string {
  return RELATION_LABELS[relation]?.[lang] ?? relation;
}
