import { css, unsafeCSS } from 'lit';
import { NOTICE_COLOURS, THEME_COLOURS, type ThemeColours } from '../shared/palette';

/** The workbench theme's variable (--_*) when the panel sits inside <kg-workbench>, else the palette's light default. */
const themed = (name: keyof ThemeColours) => unsafeCSS(`var(--_${name}, ${THEME_COLOURS.light[name]})`);
const notice = (scheme: 'light' | 'dark') =>
  unsafeCSS(`--_ip-warn: var(--kg-insight-warn, ${NOTICE_COLOURS[scheme].warn});
    --_ip-info: var(--kg-insight-info, ${NOTICE_COLOURS[scheme].info});`);

// Public custom properties fall back to the workbench theme, then to the one palette's light defaults.
export const insightsPanelStyles = css`
  :host {
    display: block;
    min-height: 0;
    overflow: auto;
    font-family: var(--kg-font, var(--_font, system-ui, 'Noto Sans CJK SC', sans-serif));
    color: var(--kg-insight-fg, ${themed('fg')});
    background: var(--kg-insight-bg, ${themed('bg')});
    --_ip-muted: var(--kg-insight-muted, ${themed('muted')});
    --_ip-border: var(--kg-insight-border, ${themed('border')});
    ${notice('light')}
    --_ip-bar: var(--kg-insight-bar, ${themed('accent')});
    --_ip-track: var(--kg-insight-track, ${themed('surface')});
    --_ip-selected: var(--kg-insight-selected-bg, ${themed('highlight')});
    --_ip-focus: var(--kg-insight-focus, ${themed('focus')});
  }
  @media (prefers-color-scheme: dark) {
    :host {
      ${notice('dark')}
    }
  }
  h2,
  h3 {
    font-size: 0.9rem;
    margin: 0.6rem 0.6rem 0.3rem;
  }
  h2 .round {
    font-weight: normal;
    color: var(--_ip-muted);
    margin-inline-start: 0.4rem;
  }
  ul,
  ol {
    margin: 0;
    padding: 0;
  }
  .insights {
    list-style: none;
  }
  .insight {
    padding: 0.45rem 0.6rem;
    border-top: 1px solid var(--_ip-border);
    cursor: pointer;
    outline: none;
  }
  .insight:focus-visible {
    outline: 2px solid var(--_ip-focus);
    outline-offset: -2px;
  }
  .insight[aria-selected='true'] {
    background: var(--_ip-selected);
  }
  .insight.stale {
    opacity: 0.7;
  }
  .head {
    display: flex;
    gap: 0.4rem;
    align-items: baseline;
  }
  .severity {
    flex: none;
    font-size: 0.7rem;
    font-weight: 600;
    text-transform: uppercase;
    border: 1px solid currentColor;
    border-radius: 3px;
    padding: 0 0.25rem;
  }
  .severity.warn {
    color: var(--_ip-warn);
  }
  .severity.info {
    color: var(--_ip-info);
  }
  .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .meta {
    font-size: 0.75rem;
    color: var(--_ip-muted);
  }
  .score {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    margin: 0.25rem 0;
    font-size: 0.75rem;
    color: var(--_ip-muted);
  }
  .bar {
    flex: 1;
    height: 0.4rem;
    border-radius: 0.2rem;
    background: var(--_ip-track);
    overflow: hidden;
  }
  .fill {
    display: block;
    height: 100%;
    background: var(--_ip-bar);
  }
  .detail {
    margin: 0.2rem 0;
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
  .rationale {
    margin: 0;
    font-size: 0.75rem;
    color: var(--_ip-muted);
  }
  .breakdown {
    margin: 0.2rem 0 0;
    font-size: 0.72rem;
    color: var(--_ip-muted);
    font-variant-numeric: tabular-nums;
  }
  .topics {
    padding-inline-start: 1.8rem;
    padding-inline-end: 0.6rem;
    font-size: 0.85rem;
  }
  .topics li {
    margin: 0.25rem 0;
    overflow-wrap: anywhere;
  }
  /* A suggested question is a button that reads as a link: it fills the ask box. */
  .topic {
    display: block;
    width: 100%;
    font: inherit;
    text-align: start;
    color: inherit;
    background: none;
    border: none;
    padding: 0.1rem 0;
    cursor: pointer;
    text-decoration: underline dotted;
    text-underline-offset: 0.2em;
    overflow-wrap: anywhere;
  }
  .topic:hover {
    text-decoration-style: solid;
  }
  .topic:focus-visible {
    outline: 2px solid var(--_ip-focus);
    outline-offset: 2px;
  }
  .empty {
    margin: 0.3rem 0.6rem;
    color: var(--_ip-muted);
    font-size: 0.85rem;
  }
`;
