import { LitElement, css, html } from 'lit';
import type { ExportFormat } from '../../core/export/graph-export';
import { t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

export type ExportKind = ExportFormat | 'png' | 'svg';

declare global {
  interface HTMLElementTagNameMap {
    'kg-export-menu': KgExportMenu;
  }
  interface HTMLElementEventMap {
    'kg-export': CustomEvent<{ format: ExportKind }>;
  }
}

/**
 * @summary The export menu: PNG (2×) and SVG images of the whole drawn graph (the window or section shown, with a
 * title and a legend), and the whole document graph (JSON, nodes CSV, relations CSV, the concept layer's mentions CSV,
 * GraphML, Cytoscape.js JSON, a Neo4j Cypher script) from the server, not limited by the current window or filter.
 * @event kg-export - `{ format }`: 'png' | 'svg' | 'json' | 'nodes.csv' | 'edges.csv' | 'mentions.csv' | 'graphml' |
 * 'cytoscape.json' | 'cypher'
 * @csspart menu - The open menu.
 */
export class KgExportMenu extends LitElement {
  static override properties = {
    lang: { type: String },
    busy: { type: Boolean },
  };

  declare lang: Lang;
  declare busy: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.busy = false;
  }

  static override styles = [
    controls,
    css`
      :host {
        display: inline-block;
        position: relative;
        font-size: 0.88rem;
      }
      summary {
        list-style: none;
        cursor: pointer;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        padding: 0.25rem 0.7rem;
        background: var(--_surface);
      }
      summary::-webkit-details-marker {
        display: none;
      }
      summary::after {
        content: ' ▾';
      }
      .menu {
        position: absolute;
        right: 0;
        z-index: 5;
        display: grid;
        gap: 0.25rem;
        min-width: 12rem;
        margin-top: 0.25rem;
        padding: 0.4rem;
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        box-shadow: 0 6px 20px rgb(0 0 0 / 0.15);
      }
      .menu button {
        text-align: left;
        min-height: 40px;
      }
      summary {
        min-height: 40px;
        box-sizing: border-box;
        display: flex;
        align-items: center;
      }
    `,
  ];

  override render() {
    const lang = this.lang;
    const item = (format: ExportKind, label: string) =>
      html`<button type="button" data-format=${format} ?disabled=${this.busy} @click=${() => this.pick(format)}>${label}</button>`;
    return html`<details @keydown=${this.onKey}>
      <summary aria-busy=${this.busy ? 'true' : 'false'}>${t(lang, 'exportMenu')}</summary>
      <div class="menu" part="menu">
        ${item('png', t(lang, 'exportPng'))} ${item('svg', t(lang, 'exportSvg'))} ${item('json', t(lang, 'exportJson'))} ${item('nodes.csv', t(lang, 'exportNodes'))}
        ${item('edges.csv', t(lang, 'exportEdges'))} ${item('mentions.csv', t(lang, 'exportMentions'))}
        ${item('graphml', t(lang, 'exportGraphml'))} ${item('cytoscape.json', t(lang, 'exportCytoscape'))}
        ${item('cypher', t(lang, 'exportCypher'))}
      </div>
    </details>`;
  }

  private pick(format: ExportKind) {
    emit(this, 'kg-export', { format });
    this.renderRoot.querySelector('details')?.removeAttribute('open');
  }

  private onKey(e: KeyboardEvent) {
    if (e.key !== 'Escape') return;
    const details = this.renderRoot.querySelector('details');
    if (details?.open) {
      e.stopPropagation();
      details.open = false;
      this.renderRoot.querySelector('summary')?.focus();
    }
  }
}

import { declareElement } from '../register';
declareElement('kg-export-menu', KgExportMenu);
