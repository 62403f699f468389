// Styles shared by the elements. `theme` is applied on <kg-workbench> only: it resolves the public --kg-* custom
// properties (set by embedders on the element or any ancestor) into private --_* ones with light and dark defaults,
// which the inner elements inherit. `controls` gives every element the same buttons, fields and focus ring.
// The tables hold constants only (never data), so building the declarations with unsafeCSS is safe.
import { css, unsafeCSS } from 'lit';

const LIGHT: Record<string, string> = {
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
};
const DARK: Record<string, string> = {
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
};
/** Node type colours: the same public properties and defaults as the graph view (--kg-type-<type>). */
const TYPES_LIGHT: Record<string, string> = {
  fact: '#1f6feb',
  claim: '#c2410c',
  inference: '#7c3aed',
  concept: '#047857',
  definition: '#0e7490',
  example: '#be185d',
  'counter-example': '#b91c1c',
  rule: '#4d5b6b',
};
const TYPES_DARK: Record<string, string> = {
  fact: '#6ea8fe',
  claim: '#fb923c',
  inference: '#b197fc',
  concept: '#34d399',
  definition: '#22d3ee',
  example: '#f472b6',
  'counter-example': '#f87171',
  rule: '#a3b1c2',
};

const declarations = (tokens: Record<string, string>, types: Record<string, string>) =>
  unsafeCSS(
    [
      ...Object.entries(tokens).map(([name, value]) => `--_${name}: var(--kg-${name}, ${value});`),
      ...Object.entries(types).map(([name, value]) => `--_type-${name}: var(--kg-type-${name}, ${value});`),
    ].join('\n'),
  );

/** Light by default, dark when the reader's system prefers it, or forced with theme="light" | "dark". */
export const theme = css`
  :host {
    ${declarations(LIGHT, TYPES_LIGHT)}
    --_radius: var(--kg-radius, 6px);
    --_font: var(--kg-font, system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', sans-serif);
    color-scheme: light dark;
    font-family: var(--_font);
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${declarations(DARK, TYPES_DARK)}
    }
  }
  :host([theme='dark']) {
    ${declarations(DARK, TYPES_DARK)}
    color-scheme: dark;
  }
  :host([theme='light']) {
    color-scheme: light;
  }
`;

export const controls = css`
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
    color: inherit;
  }
  button,
  select {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.25rem 0.7rem;
    line-height: 1.3;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:disabled {
    opacity: 0.55;
    cursor: default;
  }
  button.primary {
    background: var(--_accent);
    color: var(--_accent-fg);
    border-color: var(--_accent);
  }
  input,
  textarea {
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.3rem 0.5rem;
  }
  .muted {
    color: var(--_muted);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
