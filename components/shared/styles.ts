// Styles shared by the elements. `theme` is applied on <kg-workbench> only: it resolves the public --kg-* custom
// properties (set by embedders on the element or any ancestor) into private --_* ones with light and dark defaults,
// which the inner elements inherit. `controls` gives every element the same buttons, fields and focus ring.
// The colours come from the one palette (palette.ts), constants only, so building declarations with unsafeCSS is safe.
import { css, unsafeCSS } from 'lit';
import { THEME_COLOURS, typeDeclarations, type Scheme } from './palette';

const declarations = (scheme: Scheme) =>
  unsafeCSS(
    [
      ...Object.entries(THEME_COLOURS[scheme]).map(([name, value]) => `--_${name}: var(--kg-${name}, ${value});`),
      typeDeclarations(scheme),
    ].join('\n'),
  );

/** Light by default, dark when the reader's system prefers it, or forced with theme="light" | "dark". */
export const theme = css`
  :host {
    ${declarations('light')}
    --_radius: var(--kg-radius, 6px);
    --_font: var(--kg-font, system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', sans-serif);
    color-scheme: light dark;
    font-family: var(--_font);
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${declarations('dark')}
    }
  }
  :host([theme='dark']) {
    ${declarations('dark')}
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
  /* A narrow workbench (a phone; the workbench is the container) gets touch-sized controls (issue 16). */
  @container (max-width: 720px) {
    button,
    select,
    input:not([type='checkbox']):not([type='radio']) {
      min-height: 40px;
      min-width: 40px;
    }
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
