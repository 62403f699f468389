// The colour palette, one home: the interface colours of the workbench theme and the 8 node-type colours, light and
// dark. The workbench theme (shared/styles.ts), the graph view (graph-view/palette.ts), the type badges and the PNG
// export all read these defaults; embedders override them through the public --kg-… custom properties.
// Constants only (never data), so building CSS declarations from them with unsafeCSS is safe.
import { NODE_TYPES, type NodeType } from '../../core/schema/vocabulary';
import type { Severity } from '../../core/verify/types';

export type Scheme = 'light' | 'dark';

/** Interface colours: each is the default of the public property --kg-<name>. */
export interface ThemeColours {
  bg: string;
  surface: string;
  fg: string;
  muted: string;
  border: string;
  accent: string;
  'accent-fg': string;
  highlight: string;
  danger: string;
  focus: string;
}

export const THEME_COLOURS: Record<Scheme, ThemeColours> = {
  light: {
    bg: '#ffffff',
    surface: '#f6f7f9',
    fg: '#1d232a',
    muted: '#5b6670',
    border: '#d5dae0',
    accent: '#2563eb',
    'accent-fg': '#ffffff',
    highlight: '#fff3bf',
    danger: '#b42318',
    focus: '#1d4ed8',
  },
  dark: {
    bg: '#15191e',
    surface: '#1e242b',
    fg: '#e6e9ed',
    muted: '#9aa5b1',
    border: '#343c46',
    accent: '#60a5fa',
    'accent-fg': '#0b1220',
    highlight: '#4a3f0b',
    danger: '#f97066',
    focus: '#93c5fd',
  },
};

/** Notice colours of the insights panel (warnings, information). */
export const NOTICE_COLOURS: Record<Scheme, { warn: string; info: string }> = {
  light: { warn: '#b54708', info: '#175cd3' },
  dark: { warn: '#fdb022', info: '#84caff' },
};

/** Severity of a verification issue (docs/contracts/verification.md#workbench): the verify panel's badges and the issue targets in the
 * graph. Readable on both schemes. */
export const SEVERITY_COLOURS = {
  error: '#dc2626',
  warning: '#d97706',
  suggestion: '#2563eb',
} as const satisfies Record<Severity, string>;

/** One colour per node type (the graph's boxes, the legend, the badges in source and detail card). */
export const TYPE_COLOURS: Record<Scheme, Record<NodeType, string>> = {
  light: {
    fact: '#1f6feb',
    claim: '#c2410c',
    inference: '#7c3aed',
    concept: '#047857',
    definition: '#0e7490',
    example: '#be185d',
    counter_example: '#b91c1c',
    rule: '#4d5b6b',
  },
  dark: {
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

const cssName = (type: NodeType) => type.replace('_', '-');

/** The public custom property of a type's colour (--kg-type-counter-example). */
export const typeProperty = (type: NodeType) => `--kg-type-${cssName(type)}`;

/** The private variable an element resolves a type's colour into (--_type-counter-example). */
export const typeVariable = (type: NodeType) => `--_type-${cssName(type)}`;

/** Declarations binding every type's private variable to its public property with this scheme's default. */
export function typeDeclarations(scheme: Scheme): string {
  return NODE_TYPES.map((t) => `${typeVariable(t)}: var(${typeProperty(t)}, ${TYPE_COLOURS[scheme][t]});`).join('\n');
}

/** CSS rules giving every element `selector[data-type=<type>]` its type's colour as --_type. */
export function typeRules(selectors: readonly string[]): string {
  return NODE_TYPES.map(
    (t) => `${selectors.map((s) => `${s}[data-type='${t}']`).join(', ')} { --_type: var(${typeVariable(t)}); }`,
  ).join('\n');
}
