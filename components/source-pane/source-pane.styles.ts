import { css } from 'lit';

export const sourcePaneStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    background: var(--_bg);
  }
  .pager {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid var(--_border);
    font-size: 0.85rem;
  }
  .pager.end {
    border-bottom: 0;
    border-top: 1px solid var(--_border);
    justify-content: center;
  }
  .pager button {
    padding: 0.1rem 0.5rem;
  }
  .selection-bar {
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid var(--_border);
    background: var(--_surface);
  }
  .scroller {
    flex: 1;
    min-height: 0;
    overflow: auto;
  }
  .units {
    margin: 0;
    padding: 0.25rem 0;
    list-style: none;
  }
  .unit {
    display: grid;
    grid-template-columns: 3.2rem 1fr;
    gap: 0.4rem;
    padding: 0.3rem 0.6rem 0.3rem 0.2rem;
    border-left: 3px solid transparent;
    cursor: pointer;
  }
  .unit:hover {
    background: var(--_surface);
  }
  .unit.current {
    background: var(--_highlight);
    border-left-color: var(--_accent);
  }
  .num {
    align-self: start;
    justify-self: end;
    min-width: 2.4rem;
    padding: 0 0.3rem;
    font-size: 0.75rem;
    font-variant-numeric: tabular-nums;
    color: var(--_muted);
    background: transparent;
    border-color: transparent;
  }
  .badge.weak {
    border-style: dotted;
    color: var(--_fg);
    background: repeating-linear-gradient(45deg, color-mix(in srgb, var(--_muted) 25%, transparent) 0 2px, transparent 2px 5px);
  }
  .badges {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem;
    margin-bottom: 0.15rem;
  }
  .text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: 1.55;
  }
  /* The page of an uploaded PDF the unit came from (its provenance). */
  .page {
    float: right;
    margin-left: 0.5rem;
    font-size: 0.75rem;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .kind-heading .text {
    font-weight: 650;
    font-size: 1.05em;
  }
  .kind-code .text {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
    font-size: 0.85em;
  }
  .kind-quote .text {
    border-left: 2px solid var(--_border);
    padding-left: 0.5rem;
    color: var(--_muted);
  }
`;
