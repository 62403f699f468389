// Node type badges (source units, detail card, lists). Colours are the --_type-<type> properties resolved by the
// workbench's theme from the same public properties as the graph view (--kg-type-<type>), so a badge matches its node.
import { css, html, unsafeCSS } from 'lit';
import { typeRules } from './palette';
import { typeLabel, type Lang } from './i18n';

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
  ${unsafeCSS(typeRules(['.badge']))}
`;

export const typeBadge = (type: string, lang: Lang) =>
  html`<span class="badge" data-type=${type}>${typeLabel(type, lang)}</span>`;
