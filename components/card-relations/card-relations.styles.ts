// The styles of <kg-card-relations>: compact rows (direction, relation word, type, the other node as a walk button).
import { css } from 'lit';
import { controls } from '../shared/styles';
import { badgeStyles } from '../shared/type-badges';

export const cardRelationsStyles = [
  controls,
  badgeStyles,
  css`
    :host {
      display: block;
      font-size: 0.88rem;
      margin-top: 0.5rem;
    }
    h3 {
      font-size: 0.85rem;
      color: var(--_muted);
      font-weight: normal;
      margin: 0.5rem 0 0.2rem;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    li {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0.3rem;
      padding: 0.15rem 0;
    }
    .dir {
      font-size: 0.72rem;
      color: var(--_muted);
      min-width: 1.4em;
    }
    .rel {
      font-style: italic;
    }
    button.walk {
      text-align: start;
      overflow-wrap: anywhere;
      padding: 0.05rem 0.35rem;
      max-width: 100%;
    }
    button.unit {
      padding: 0 0.35rem;
      font-size: 0.78rem;
    }
    .tools {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.4rem;
      margin-top: 0.5rem;
    }
    blockquote {
      margin: 0.1rem 0 0 1.6rem;
      padding-left: 0.5rem;
      border-left: 3px solid var(--_border);
      white-space: pre-wrap;
      flex-basis: 100%;
      color: var(--_muted);
    }
    .status {
      margin: 0.3rem 0 0;
      color: var(--_muted);
    }
  `,
];
