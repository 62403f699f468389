import { LitElement, css, html, nothing } from 'lit';
import type { KgNode } from '../../core/schema';
import { t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { badgeStyles, typeBadge } from '../shared/type-badges';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-diagnostics-list': KgDiagnosticsList;
  }
  interface HTMLElementEventMap {
    'kg-diagnostic-open': CustomEvent<{ nodeId: string }>;
  }
}

/**
 * @summary Nodes that cite no source unit (paragraph null). They are listed here and never placed at a guessed
 * position in the source.
 * @event kg-diagnostic-open - The reader opened one `{ nodeId }`.
 * @csspart list - The list.
 */
export class KgDiagnosticsList extends LitElement {
  static override properties = {
    lang: { type: String },
    nodes: { attribute: false },
  };

  declare lang: Lang;
  declare nodes: KgNode[];

  constructor() {
    super();
    this.lang = 'en';
    this.nodes = [];
  }

  static override styles = [
    controls,
    badgeStyles,
    css`
      :host {
        display: block;
        font-size: 0.88rem;
      }
      ul {
        margin: 0.3rem 0 0;
        padding: 0;
        list-style: none;
        max-height: 10rem;
        overflow: auto;
      }
      li button {
        display: flex;
        gap: 0.4rem;
        align-items: baseline;
        width: 100%;
        text-align: left;
        border-color: transparent;
        background: transparent;
      }
    `,
  ];

  override render() {
    if (this.nodes.length === 0) return nothing;
    const lang = this.lang;
    return html`<details>
      <summary>${t(lang, 'diagnostics', { n: this.nodes.length })}</summary>
      <p class="muted">${t(lang, 'diagnosticsHelp')}</p>
      <ul part="list">
        ${this.nodes.map(
          (n) => html`<li data-diagnostic-node=${n.id}>
            <button type="button" @click=${() => this.open(n.id)}>${typeBadge(n.type, lang)}<span>${n.text}</span></button>
          </li>`,
        )}
      </ul>
    </details>`;
  }

  private open(nodeId: string) {
    emit(this, 'kg-diagnostic-open', { nodeId });
  }
}

import { declareElement } from '../register';
declareElement('kg-diagnostics-list', KgDiagnosticsList);
