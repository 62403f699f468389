import { css, unsafeCSS } from 'lit';
import { SEVERITY_COLOURS } from '../shared/palette';

/** A palette constant (never data), so unsafeCSS is safe. */
const sev = (name: keyof typeof SEVERITY_COLOURS) => unsafeCSS(SEVERITY_COLOURS[name]);

// The panel lives inside <kg-workbench> and inherits its theme variables (--_*); the severity colours are the
// seed's (error #dc2626, warning #d97706, suggestion #2563eb), the same ones the graph uses for issue targets.
export const verifyPanelStyles = css`
  :host {
    display: block;
    font-size: 0.9rem;
    --_sev-error: var(--kg-severity-error, ${sev('error')});
    --_sev-warning: var(--kg-severity-warning, ${sev('warning')});
    --_sev-suggestion: var(--kg-severity-suggestion, ${sev('suggestion')});
  }
  .actions,
  .filters,
  .fix-all,
  .issue-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
  }
  .actions {
    margin-bottom: 0.4rem;
  }
  .spinner {
    width: 0.8rem;
    height: 0.8rem;
    border: 2px solid var(--_border);
    border-top-color: var(--_accent);
    border-radius: 50%;
    animation: spin 0.9s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }
  .note {
    margin: 0.3rem 0;
  }
  .unavailable {
    color: var(--_muted);
  }
  .stale {
    margin: 0.4rem 0;
    padding: 0.35rem 0.5rem;
    border-radius: var(--_radius);
    background: var(--_highlight);
  }
  .report-line {
    margin: 0.7rem 0 0;
    font-weight: 600;
  }
  .summary {
    margin: 0.1rem 0 0.4rem;
    overflow-wrap: anywhere;
  }
  .metrics {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem;
    margin: 0 0 0.5rem;
    padding: 0;
    list-style: none;
  }
  .metrics li {
    padding: 0.1rem 0.45rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    font-size: 0.8rem;
  }
  .metrics li.good {
    border-color: #16a34a;
  }
  .filters {
    margin-bottom: 0.4rem;
  }
  .filters button[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_highlight);
    font-weight: 600;
  }
  .fix-all {
    margin-bottom: 0.4rem;
  }
  .confirm {
    padding: 0.35rem 0.5rem;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius);
  }
  .issues {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .issue {
    border-top: 1px solid var(--_border);
    border-left: 4px solid var(--_sev);
    padding: 0.4rem 0.5rem;
  }
  .issue[data-severity='error'] {
    --_sev: var(--_sev-error);
  }
  .issue[data-severity='warning'] {
    --_sev: var(--_sev-warning);
  }
  .issue[data-severity='suggestion'] {
    --_sev: var(--_sev-suggestion);
  }
  .issue.done {
    opacity: 0.65;
  }
  .issue-target {
    display: flex;
    gap: 0.4rem;
    align-items: baseline;
    width: 100%;
    text-align: start;
    background: transparent;
    border-color: transparent;
    padding: 0.1rem 0.2rem;
  }
  .badge {
    flex: none;
    font-size: 0.72rem;
    font-weight: 600;
    color: var(--_sev);
    border: 1px solid currentColor;
    border-radius: 3px;
    padding: 0 0.25rem;
  }
  .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .detail,
  .meta,
  .evidence {
    margin: 0.15rem 0 0.15rem 0.2rem;
    overflow-wrap: anywhere;
  }
  .meta {
    font-size: 0.78rem;
    color: var(--_muted);
  }
  .evidence {
    font-size: 0.82rem;
    color: var(--_muted);
  }
  .issue-actions {
    margin-top: 0.3rem;
  }
  .status {
    font-size: 0.8rem;
    font-weight: 600;
  }
`;
