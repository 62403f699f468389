// The default colours of the graph view, light and dark. Each is overridable by the --kg-… custom property named
// here (documented in graph-view.component.ts). Interface and node-type colours come from the one palette
// (shared/palette.ts); only the graph's own colours (edges, chips, selection, flash) are set here.
import { NODE_TYPES, type NodeType } from '../../core/schema/vocabulary';
import { THEME_COLOURS, TYPE_COLOURS, typeProperty, typeVariable, type Scheme } from '../shared/palette';

export interface Palette {
  bg: string;
  fg: string;
  muted: string;
  border: string;
  nodeBg: string;
  nodeText: string;
  edge: string;
  edgeHighlight: string;
  /** Mentions (statement → concept): muted, apart from the relations' colours. */
  mention: string;
  labelBg: string;
  labelText: string;
  selected: string;
  focus: string;
  flash: string;
  tooltipBg: string;
  tooltipText: string;
  types: Record<NodeType, string>;
}

/** The graph view's palette for a scheme: interface and type colours from shared/palette.ts, graph-only ones here. */
function paletteOf(
  scheme: Scheme,
  own: Pick<Palette, 'edge' | 'edgeHighlight' | 'mention' | 'labelBg' | 'labelText' | 'selected' | 'flash'>,
): Palette {
  const c = THEME_COLOURS[scheme];
  return {
    bg: c.bg,
    fg: c.fg,
    muted: c.muted,
    border: c.border,
    nodeBg: scheme === 'light' ? c.bg : c.surface,
    nodeText: c.fg,
    focus: c.focus,
    tooltipBg: c.fg,
    tooltipText: c.bg,
    ...own,
    types: TYPE_COLOURS[scheme],
  };
}

export const LIGHT: Palette = paletteOf('light', {
  edge: '#8a96a3',
  edgeHighlight: '#d9480f',
  mention: '#5e9a88',
  labelBg: '#f4f6f8',
  labelText: '#38424c',
  selected: '#d9480f',
  flash: '#fab005',
});

export const DARK: Palette = paletteOf('dark', {
  edge: '#6b7785',
  edgeHighlight: '#ff8c42',
  mention: '#4f7f72',
  labelBg: '#262d35',
  labelText: '#cfd6dd',
  selected: '#ff8c42',
  flash: '#ffd43b',
});

/** Maps each palette entry to its public custom property name. */
export const CUSTOM_PROPERTIES: Record<Exclude<keyof Palette, 'types'>, string> = {
  bg: '--kg-graph-bg',
  fg: '--kg-graph-fg',
  muted: '--kg-graph-muted',
  border: '--kg-graph-border',
  nodeBg: '--kg-node-bg',
  nodeText: '--kg-node-text',
  edge: '--kg-edge-color',
  edgeHighlight: '--kg-edge-highlight',
  mention: '--kg-mention-color',
  labelBg: '--kg-label-bg',
  labelText: '--kg-label-text',
  selected: '--kg-selected',
  focus: '--kg-focus-ring',
  flash: '--kg-flash',
  tooltipBg: '--kg-tooltip-bg',
  tooltipText: '--kg-tooltip-text',
};

/** CSS declarations binding the private --_x variables to the public properties with this palette's defaults. */
export function paletteDeclarations(p: Palette): string {
  const lines = (Object.keys(CUSTOM_PROPERTIES) as Array<keyof typeof CUSTOM_PROPERTIES>).map(
    (key) => `--_${key}: var(${CUSTOM_PROPERTIES[key]}, ${p[key]});`,
  );
  for (const type of NODE_TYPES) lines.push(`${typeVariable(type)}: var(${typeProperty(type)}, ${p.types[type]});`);
  return lines.join('\n');
}
