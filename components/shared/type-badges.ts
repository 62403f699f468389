// Node type badges (source units, detail card, lists). Colours come from the same public properties as the graph
// view (--kg-type-<type>), with the same light and dark defaults, so a badge matches its node.
import { css, html, unsafeCSS } from 'lit';
import { typeLabel, type Lang } from './i18n';

const LIGHT: Record<string, string> = {
  fact: '#1f6feb',
  claim: '#c2410c',
  inference: '#7c3aed',
  concept: '#047857',
  definition: '#0e7490',
  example: '#be185d',
  counter_example: '#b91c1c',
  rule: '#4d5b6b',
};
const DARK: Record<string, string> = {
  fact: '#6ea8fe',
  claim: '#fb923c',
  inference: '#b197fc',
  concept: '#34d399',
  definition: '#22d3ee',
  example: '#f472b6',
  counter_example: '#f87171',
  rule: '#a3b1c2',
};

const rules = (colours: Record<string, string>) =>
  Object.entries(colours)
    .map(([type, colour]) => `.badge[data-type='${type}'] { --_type: var(--kg-type-${type.replace('_', '-')}, ${colour}); }`)
    .join('\n');

export const badgeStyles = css`
  .badge {
    display: inline-block;
    font-size: 0.72rem;
    line-height: 1.3;
    padding: 0 0.35rem;
    border-radius: 999px;
    border: 1px solid var(--_type, var(--_border));
    color: var(--_type, var(--_muted));
    white-space: nowrap;
  }
  ${unsafeCSS(rules(LIGHT))}
  @media (prefers-color-scheme: dark) {
    ${unsafeCSS(rules(DARK))}
  }
`;

export const typeBadge = (type: string, lang: Lang) => html`<span class="badge" data-type=${type}>${typeLabel(type, lang)}</span>`;
