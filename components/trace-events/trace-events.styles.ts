import { css } from 'lit';

export const traceEventsStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
    background: var(--_bg);
  }
  .head {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.5rem;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid var(--_border);
    font-size: 0.85rem;
  }
  .head h2 {
    font-size: 0.9rem;
    margin: 0;
  }
  .scroller {
    flex: 1;
    min-height: 0;
    overflow: auto;
  }
  ol {
    margin: 0;
    padding: 0.25rem 0;
    list-style: none;
  }
  li {
    margin: 0;
  }
  button.event {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.15rem 0.5rem;
    width: 100%;
    text-align: start;
    padding: 0.4rem 0.6rem;
    border: 0;
    border-inline-start: 3px solid transparent;
    border-radius: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  button.event:hover {
    background: var(--_surface);
  }
  button.event:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: -2px;
  }
  li[aria-current='true'] button.event {
    border-inline-start-color: var(--_accent);
    background: var(--_surface);
  }
  .kind {
    font-size: 0.72rem;
    line-height: 1.3;
    padding: 0 0.35rem;
    border-radius: 999px;
    border: 1px solid var(--_border);
    color: var(--_muted);
    white-space: nowrap;
    align-self: start;
  }
  .kind[data-kind='tool/result'] {
    border-color: var(--kg-type-fact, #2f7d4f);
    color: var(--kg-type-fact, #2f7d4f);
  }
  .kind[data-kind='user/message'] {
    border-color: var(--kg-type-claim, #8a5a00);
    color: var(--kg-type-claim, #8a5a00);
  }
  .kind[data-kind='assistant/message'] {
    border-color: var(--kg-type-inference, #5b4bb7);
    color: var(--kg-type-inference, #5b4bb7);
  }
  .text {
    overflow-wrap: anywhere;
    font-size: 0.88rem;
    line-height: 1.4;
  }
  .seq {
    grid-column: 1;
    color: var(--_muted);
    font-size: 0.75rem;
  }
  .muted {
    color: var(--_muted);
    padding: 0.5rem;
  }
`;
