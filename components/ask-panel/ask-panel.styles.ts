import { css } from 'lit';
import { controls } from '../shared/styles';
import { badgeStyles } from '../shared/type-badges';

// Colours come from the workbench theme (--_* custom properties inherited from <kg-workbench>).
export const askPanelStyles = [
  controls,
  badgeStyles,
  css`
    :host {
      display: block;
      font-family: var(--_font, system-ui, 'Noto Sans CJK SC', sans-serif);
      color: var(--_fg, #1d232a);
    }
    [hidden] {
      display: none !important;
    }
    .panel {
      border: 1px solid var(--_border, #d5dae0);
      border-radius: var(--_radius, 6px);
      background: var(--_bg, #fff);
    }
    h2 {
      margin: 0;
      font-size: 0.95rem;
    }
    .disclosure {
      width: 100%;
      text-align: start;
      border: none;
      background: none;
      font-weight: 600;
      padding: 0.45rem 0.6rem;
    }
    #ask-body {
      padding: 0 0.6rem 0.6rem;
      max-height: min(50vh, 30rem);
      overflow: auto;
    }
    [role='tablist'] {
      display: flex;
      gap: 0.3rem;
      border-bottom: 1px solid var(--_border, #d5dae0);
      margin-bottom: 0.5rem;
    }
    [role='tab'] {
      border: none;
      border-bottom: 2px solid transparent;
      border-radius: 0;
      background: none;
      padding: 0.3rem 0.6rem;
    }
    [role='tab'][aria-selected='true'] {
      border-bottom-color: var(--_accent, #2563eb);
      font-weight: 600;
    }
    form.search {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem 0.6rem;
      align-items: flex-end;
    }
    form.search label {
      display: flex;
      flex-direction: column;
      font-size: 0.8rem;
      gap: 0.15rem;
      min-width: 0;
    }
    form.search .keyword {
      flex: 1 1 14rem;
    }
    form.search select {
      max-width: 12rem;
    }
    form.question label {
      display: block;
      font-size: 0.8rem;
      margin-bottom: 0.15rem;
    }
    form.question .row {
      display: flex;
      gap: 0.5rem;
      align-items: flex-start;
    }
    textarea {
      flex: 1;
      min-width: 0;
      resize: vertical;
      box-sizing: border-box;
    }
    .buttons {
      display: flex;
      flex-direction: column;
      gap: 0.3rem;
    }
    .state {
      min-height: 1.2em;
      font-size: 0.85rem;
      margin: 0.3rem 0;
    }
    .error {
      color: var(--_danger, #b42318);
      margin: 0.4rem 0;
      overflow-wrap: anywhere;
    }
    .notice {
      margin: 0.4rem 0;
      font-size: 0.85rem;
      overflow-wrap: anywhere;
    }
    ol.matches,
    ol.citations,
    ul.follow-ups {
      list-style: none;
      margin: 0.3rem 0;
      padding: 0;
    }
    ol.matches li,
    ol.citations li {
      border-top: 1px solid var(--_border, #d5dae0);
    }
    button.match,
    button.citation {
      display: flex;
      flex-wrap: wrap;
      gap: 0.2rem 0.45rem;
      align-items: baseline;
      width: 100%;
      text-align: start;
      border: none;
      border-radius: 0;
      background: none;
      padding: 0.35rem 0.2rem;
    }
    button.match:hover,
    button.citation:hover {
      background: var(--_surface, #f6f7f9);
    }
    .text,
    .what,
    .part-text {
      overflow-wrap: anywhere;
      white-space: pre-wrap;
    }
    .match .text {
      flex: 1 1 12rem;
    }
    .meta {
      font-size: 0.78rem;
      flex-basis: 100%;
    }
    .answer h3 {
      font-size: 0.85rem;
      margin: 0.6rem 0 0.2rem;
    }
    .status {
      margin: 0.3rem 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.2rem 0.6rem;
      align-items: baseline;
    }
    .status.insufficient strong,
    .status.out_of_scope strong {
      color: var(--_muted, #5b6670);
    }
    .answerer {
      font-size: 0.8rem;
    }
    ol.parts {
      margin: 0.3rem 0;
      padding-inline-start: 1.4rem;
    }
    ol.parts li {
      margin: 0.3rem 0;
    }
    button.cite {
      padding: 0 0.2rem;
      margin-inline-start: 0.15rem;
      font-size: 0.8rem;
      border: none;
      background: none;
      color: var(--_accent, #2563eb);
      text-decoration: underline;
    }
    .num {
      font-weight: 600;
      color: var(--_accent, #2563eb);
    }
    .entailment {
      font-size: 0.72rem;
      border-radius: 3px;
      padding: 0 0.25rem;
      border: 1px dashed var(--_muted, #5b6670);
      color: var(--_muted, #5b6670);
    }
    .entailment.verified {
      border-style: solid;
      border-color: currentColor;
      color: var(--_fg, #1d232a);
    }
    .entailment.unsupported {
      color: var(--_danger, #b42318);
    }
    .citations .what {
      flex-basis: 100%;
    }
    blockquote.quote {
      margin: 0 0 0.4rem 1.6rem;
      padding-inline-start: 0.5rem;
      border-inline-start: 3px solid var(--_border, #d5dae0);
      font-size: 0.85rem;
      color: var(--_muted, #5b6670);
      overflow-wrap: anywhere;
      white-space: pre-wrap;
    }
    button.link {
      border: none;
      background: none;
      text-align: start;
      color: var(--_accent, #2563eb);
      padding: 0.15rem 0;
      text-decoration: underline;
    }
    .share {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem 0.6rem;
      align-items: center;
      margin-top: 0.5rem;
    }
    .share-link {
      display: flex;
      gap: 0.3rem;
      align-items: center;
      font-size: 0.8rem;
      flex: 1 1 16rem;
      min-width: 0;
    }
    .share-link input {
      flex: 1;
      min-width: 0;
    }
  `,
];
