import { css, unsafeCSS } from 'lit';
import { VERDICTS, VERDICT_COLOURS } from './fact-check';

// The verdict colours are the seed's (docs/contracts/fact-check.md#workbench), palette constants only, so unsafeCSS is safe. Each card's tag and
// border take its verdict's colour; --kg-verdict-<verdict> overrides one.
const verdictRules = unsafeCSS(
  VERDICTS.map(
    (v) => `.claim[data-verdict='${v}']{--_verdict:var(--kg-verdict-${v.replace(/_/g, '-')},${VERDICT_COLOURS[v]})}`,
  ).join(''),
);

// The panel lives inside <kg-workbench> and inherits its theme variables (--_*).
export const factCheckPanelStyles = css`
  :host {
    display: block;
    font-size: 0.9rem;
  }
  h3 {
    margin: 0 0 0.3rem;
    font-size: 0.95rem;
  }
  p {
    margin: 0.3rem 0;
    overflow-wrap: anywhere;
  }
  fieldset {
    border: 0;
    margin: 0.3rem 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem 0.9rem;
    align-items: center;
  }
  legend {
    float: left;
    font-weight: 600;
    margin-inline-end: 0.5rem;
    padding: 0;
  }
  label.choice {
    display: inline-flex;
    gap: 0.3rem;
    align-items: center;
    min-height: 1.8rem;
  }
  .mode-note {
    padding: 0.3rem 0.5rem;
    border-inline-start: 3px solid var(--_accent);
    background: var(--_surface);
  }
  .rules label {
    display: block;
    font-weight: 600;
    margin: 0.4rem 0 0.2rem;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 4.5rem;
    resize: vertical;
    font: inherit;
  }
  .hint,
  .muted,
  .meta {
    color: var(--_muted);
    font-size: 0.82rem;
  }
  .hint {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.2rem 1rem;
  }
  .actions,
  .claim-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
  }
  .actions {
    margin: 0.5rem 0;
  }
  kg-task-progress {
    margin: 0.3rem 0 0.5rem;
  }
  .unavailable {
    color: var(--_muted);
  }
  .stale {
    padding: 0.35rem 0.5rem;
    border-radius: var(--_radius);
    background: var(--_highlight);
  }
  .report-line {
    margin-top: 0.7rem;
    font-weight: 600;
  }
  .metrics {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem;
    margin: 0.3rem 0 0.5rem;
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
  .metrics li.rate {
    font-weight: 600;
  }
  .metrics li.good {
    border-color: #059669;
    color: #047857;
  }
  details.warnings {
    font-size: 0.82rem;
    margin-bottom: 0.4rem;
  }
  details.warnings ul {
    margin: 0.2rem 0;
    padding-left: 1.2rem;
    max-height: 8rem;
    overflow: auto;
    overflow-wrap: anywhere;
  }
  .claims {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ${verdictRules}
  .claim {
    border-top: 1px solid var(--_border);
    border-inline-start: 4px solid var(--_verdict);
    padding: 0.45rem 0.55rem;
  }
  .claim.rejected {
    opacity: 0.65;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
    align-items: baseline;
  }
  .tag {
    flex: none;
    font-size: 0.75rem;
    font-weight: 600;
    color: #fff;
    background: var(--_verdict);
    border-radius: 3px;
    padding: 0.05rem 0.35rem;
  }
  .claim-text {
    font-weight: 600;
  }
  .label {
    font-weight: 600;
    color: var(--_fg);
  }
  .quote {
    font-style: italic;
  }
  .evidence {
    margin: 0.2rem 0;
    padding-inline-start: 1.1rem;
  }
  .evidence li {
    margin: 0.1rem 0;
    overflow-wrap: anywhere;
  }
  .evidence a {
    color: var(--_accent);
  }
  .correction {
    padding: 0.2rem 0.4rem;
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .claim-actions {
    margin-top: 0.3rem;
  }
  .status {
    font-size: 0.8rem;
    font-weight: 600;
  }
`;
