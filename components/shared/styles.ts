// Styles shared by the elements. `theme` is applied on <kg-workbench> only: it resolves the public --kg-* custom
// properties (set by embedders on the element or any ancestor) into private --_* ones with light and dark defaults,
// which the inner elements inherit. `controls` gives every element the same buttons, fields and focus ring.
import { css } from 'lit';

export const theme = css`
  :host {
    --_bg: var(--kg-bg, #ffffff);
    --_surface: var(--kg-surface, #f6f7f9);
    --_fg: var(--kg-fg, #1d232a);
    --_muted: var(--kg-muted, #5b6670);
    --_border: var(--kg-border, #d5dae0);
    --_accent: var(--kg-accent, #2563eb);
    --_accent-fg: var(--kg-accent-fg, #ffffff);
    --_highlight: var(--kg-highlight, #fff3bf);
    --_danger: var(--kg-danger, #b42318);
    --_focus: var(--kg-focus, #1d4ed8);
    --_radius: var(--kg-radius, 6px);
    --_font: var(--kg-font, system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', 'PingFang SC', sans-serif);
    color-scheme: light dark;
    font-family: var(--_font);
    color: var(--_fg);
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_bg: var(--kg-bg, #15191e);
      --_surface: var(--kg-surface, #1e242b);
      --_fg: var(--kg-fg, #e6e9ed);
      --_muted: var(--kg-muted, #9aa5b1);
      --_border: var(--kg-border, #343c46);
      --_accent: var(--kg-accent, #60a5fa);
      --_accent-fg: var(--kg-accent-fg, #0b1220);
      --_highlight: var(--kg-highlight, #4a3f0b);
      --_danger: var(--kg-danger, #f97066);
      --_focus: var(--kg-focus, #93c5fd);
    }
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
