// The default colours of the graph view, light and dark. Each is overridable by the --kg-… custom property named
// here (documented in graph-view.component.ts); the 8 node types have one colour each.
import { NODE_TYPES, type NodeType } from '../../core/schema/vocabulary';

export interface Palette {
  bg: string;
  fg: string;
  muted: string;
  border: string;
  nodeBg: string;
  nodeText: string;
  edge: string;
  edgeHighlight: string;
  labelBg: string;
  labelText: string;
  selected: string;
  focus: string;
  flash: string;
  tooltipBg: string;
  tooltipText: string;
  types: Record<NodeType, string>;
}

export const LIGHT: Palette = {
  bg: '#ffffff',
  fg: '#1d232a',
  muted: '#5b6670',
  border: '#d5dbe1',
  nodeBg: '#ffffff',
  nodeText: '#1d232a',
  edge: '#8a96a3',
  edgeHighlight: '#d9480f',
  labelBg: '#f4f6f8',
  labelText: '#38424c',
  selected: '#d9480f',
  focus: '#0b57d0',
  flash: '#fab005',
  tooltipBg: '#1d232a',
  tooltipText: '#ffffff',
  types: {
    fact: '#1f6feb',
    claim: '#c2410c',
    inference: '#7c3aed',
    concept: '#047857',
    definition: '#0e7490',
    example: '#be185d',
    counter_example: '#b91c1c',
    rule: '#4d5b6b',
  },
};

export const DARK: Palette = {
  bg: '#15191e',
  fg: '#e6eaee',
  muted: '#9aa6b2',
  border: '#38424c',
  nodeBg: '#1d232a',
  nodeText: '#e6eaee',
  edge: '#6b7785',
  edgeHighlight: '#ff8c42',
  labelBg: '#262d35',
  labelText: '#cfd6dd',
  selected: '#ff8c42',
  focus: '#8ab4f8',
  flash: '#ffd43b',
  tooltipBg: '#e6eaee',
  tooltipText: '#15191e',
  types: {
    fact: '#6ea8fe',
    claim: '#fb923c',
    inference: '#b197fc',
    concept: '#34d399',
    definition: '#22d3ee',
    example: '#f472b6',
    counter_example: '#f87171',
    rule: '#a3b1c2',
  },
};

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
  labelBg: '--kg-label-bg',
  labelText: '--kg-label-text',
  selected: '--kg-selected',
  focus: '--kg-focus-ring',
  flash: '--kg-flash',
  tooltipBg: '--kg-tooltip-bg',
  tooltipText: '--kg-tooltip-text',
};

export function typeProperty(type: NodeType): string {
  return `--kg-type-${type.replace('_', '-')}`;
}

/** CSS declarations binding the private --_x variables to the public properties with this palette's defaults. */
export function paletteDeclarations(p: Palette): string {
  const lines = (Object.keys(CUSTOM_PROPERTIES) as Array<keyof typeof CUSTOM_PROPERTIES>).map(
    (key) => `--_${key}: var(${CUSTOM_PROPERTIES[key]}, ${p[key]});`,
  );
  for (const type of NODE_TYPES) lines.push(`--_type-${type}: var(${typeProperty(type)}, ${p.types[type]});`);
  return lines.join('\n');
}
