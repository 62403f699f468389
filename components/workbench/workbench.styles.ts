import { css } from 'lit';
import { controls, theme } from '../shared/styles';

export const workbenchStyles = [
  theme,
  controls,
  css`
    /* A host given a height (an 800 px box on a docs page) is filled and scrolls inside: the root takes the host's
       height, and the panes give way down to their minimum before anything leaves the box. A host of auto height
       keeps the natural layout (100 % of auto is auto). */
    :host {
      display: block;
      background: var(--_bg);
      container-type: inline-size;
      overflow: auto;
    }
    :host([hidden]) {
      display: none;
    }
    .root {
      display: flex;
      flex-direction: column;
      gap: 0.6rem;
      padding: 0.6rem 0.8rem;
      box-sizing: border-box;
      height: 100%;
    }
    .root > * {
      flex: none;
    }
    header {
      display: flex;
      align-items: center;
      gap: 0.6rem;
      border-bottom: 1px solid var(--_border);
      padding-bottom: 0.45rem;
    }
    h1 {
      font-size: 1.1rem;
      margin: 0;
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .actions {
      display: flex;
      align-items: center;
      gap: 0.4rem;
    }
    .provenance {
      font-size: 0.8rem;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      max-width: 40%;
    }
    /* Pane tabs: only a narrow workbench shows them (narrow-panes.ts). */
    .pane-tabs {
      display: none;
    }
    kg-history-list {
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_surface);
      padding: 0.4rem 0.6rem;
    }
    .notice {
      display: flex;
      gap: 0.5rem;
      align-items: baseline;
      margin: 0;
      padding: 0.4rem 0.6rem;
      border: 1px solid var(--_danger);
      border-radius: var(--_radius);
      color: var(--_danger);
      overflow-wrap: anywhere;
    }
    .notice.info {
      border-color: var(--_border);
      color: var(--_fg);
    }
    .notice button {
      margin-left: auto;
      padding: 0 0.45rem;
    }
    .root > .result {
      flex: 1 1 auto;
      min-height: 0;
    }
    .result {
      display: flex;
      flex-direction: column;
      gap: 0.45rem;
      min-width: 0;
    }
    .result > * {
      flex: none;
    }
    .result > .panes {
      flex: 0 1 auto;
    }
    .result-head {
      display: flex;
      align-items: baseline;
      gap: 1rem;
      min-width: 0;
    }
    .summary {
      margin: 0;
      font-weight: 600;
      white-space: nowrap;
    }
    .doc-summary {
      margin: 0;
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      font-size: 0.88rem;
    }
    .toolbar {
      font-size: 0.88rem;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.4rem 0.8rem;
    }
    .spacer {
      flex: 1;
    }
    .panes {
      display: grid;
      box-sizing: border-box;
      height: var(--kg-result-height, max(420px, calc(100vh - 12rem)));
      min-height: 240px;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      overflow: hidden;
    }
    kg-source-pane,
    kg-trace-events {
      min-width: 0;
      overflow: hidden;
    }
    .graph-pane {
      position: relative;
      min-width: 0;
      min-height: 0;
      display: flex;
    }
    .pane-loading {
      margin: auto;
    }
    kg-graph-view {
      flex: 1;
      min-width: 0;
      min-height: 0;
    }
    /* Below the graph view's toolbar, above its legend. */
    .card {
      position: absolute;
      top: 2.9rem;
      right: 0.5rem;
      /* Half the pane at most, so the node it describes stays visible on the other half. */
      width: min(24rem, max(15rem, calc(50% - 0.75rem)), calc(100% - 1rem));
      max-height: calc(100% - 6rem);
      display: flex;
      flex-direction: column;
      z-index: 4;
    }
    .card.left {
      right: auto;
      left: 0.5rem;
    }
    .insights {
      border-left: 1px solid var(--_border);
      overflow: auto;
      min-width: 0;
    }
    /* Narrow (a phone): one pane at a time under tabs, the graph at the full width and the remaining height. */
    @container (max-width: 720px) {
      .root {
        padding: 0.4rem;
      }
      /* A 340 px column: the counts wrap rather than push the host into a sideways scroll. */
      .result-head {
        flex-wrap: wrap;
      }
      .summary {
        white-space: normal;
      }
      header {
        flex-wrap: wrap;
      }
      /* The title gets a line of its own rather than shrink to one letter beside the actions. */
      h1 {
        flex-basis: 100%;
      }
      .provenance {
        order: 3;
        flex-basis: 100%;
        max-width: none;
      }
      .pane-tabs {
        display: flex;
        gap: 0.3rem;
      }
      .pane-tabs button {
        flex: 1;
        min-height: 44px;
      }
      .pane-tabs button[aria-selected='true'] {
        border-color: var(--_accent);
        box-shadow: inset 0 -3px 0 var(--_accent);
        font-weight: 600;
      }
      .panes {
        grid-template-columns: minmax(0, 1fr) !important;
        grid-template-rows: minmax(0, 1fr);
        height: var(--kg-result-height, max(360px, calc(100svh - 9rem)));
        /* In a short host (a docs page's 720 px box on a phone) the chrome above takes half of it: the graph keeps a
           readable height and the host scrolls inside instead. */
        min-height: min(420px, 60svh);
      }
      .panes > kg-splitter,
      .panes[data-narrow-pane='graph'] > :not(.graph-pane),
      .panes[data-narrow-pane='source'] > :not([part~='source']),
      .panes[data-narrow-pane='insights'] > :not(.insights) {
        display: none;
      }
      .insights {
        border-left: none;
      }
      .card {
        width: calc(100% - 1rem);
        left: 0.5rem;
        right: 0.5rem;
      }
    }
  `,
];
