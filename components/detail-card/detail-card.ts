import { LitElement, css, html, nothing } from 'lit';
import type { Evidence, KgEdge, KgNode } from '../../core/schema';
import { relationLabel, strings, t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { badgeStyles, typeBadge } from '../shared/type-badges';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-detail-card': KgDetailCard;
  }
  interface HTMLElementEventMap {
    'kg-card-close': CustomEvent<Record<string, never>>;
    'kg-card-locate': CustomEvent<{ units: number[] }>;
    'kg-card-question': CustomEvent<{ kind: 'node' | 'edge'; id: string }>;
  }
}

/**
 * @summary Everything about one node (full text, type, quote, every evidence item, a locate button) or one relation.
 * Escape closes it.
 * @event kg-card-close - The reader closed the card.
 * @event kg-card-locate - The reader asked to show these source units `{ units }`.
 * @event kg-card-question - "Question this node / relation" `{ kind, id }` (only with `questionable`).
 * @csspart card - The card.
 */
export class KgDetailCard extends LitElement {
  static override properties = {
    lang: { type: String },
    node: { attribute: false },
    edge: { attribute: false },
    /** Resolves an edge's end ids to nodes, when loaded. */
    lookup: { attribute: false },
    /** Offer "Question this node / relation" (a workbench with the API behind it). */
    questionable: { type: Boolean },
  };

  declare lang: Lang;
  declare node: KgNode | null;
  declare edge: KgEdge | null;
  declare lookup: (id: string) => KgNode | undefined;
  declare questionable: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.node = null;
    this.edge = null;
    this.lookup = () => undefined;
    this.questionable = false;
  }

  static override styles = [
    controls,
    badgeStyles,
    css`
      :host {
        display: block;
      }
      section {
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        box-shadow: 0 6px 24px rgb(0 0 0 / 0.18);
        padding: 0.7rem 0.8rem;
        max-height: 100%;
        overflow: auto;
        box-sizing: border-box;
      }
      header {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        flex-wrap: wrap;
      }
      header .close {
        margin-left: auto;
      }
      h2 {
        font-size: 0.95rem;
        margin: 0;
      }
      .text {
        font-weight: 600;
        margin: 0.5rem 0;
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      dl {
        margin: 0;
        font-size: 0.88rem;
      }
      dt {
        color: var(--_muted);
        margin-top: 0.4rem;
      }
      dd {
        margin: 0.1rem 0 0;
        overflow-wrap: anywhere;
      }
      blockquote {
        margin: 0;
        padding-left: 0.5rem;
        border-left: 3px solid var(--_border);
        white-space: pre-wrap;
      }
      ol {
        margin: 0.2rem 0 0;
        padding-left: 1.2rem;
      }
      li + li {
        margin-top: 0.35rem;
      }
      .unit-link {
        padding: 0 0.35rem;
        font-size: 0.78rem;
      }
      .actions {
        margin-top: 0.6rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    // The hand editor (most readers never write) and the relations list are lazy chunks, kept out of the first load:
    // <kg-node-editor> and <kg-card-relations> upgrade when they arrive (the list queries the server anyway).
    void import('../node-editor/node-editor');
    void import('../card-relations/card-relations');
  }

  /** Moves keyboard focus into the card (after Enter on a node). */
  override focus(): void {
    this.renderRoot.querySelector<HTMLElement>('section')?.focus();
  }

  override render() {
    if (!this.node && !this.edge) return nothing;
    const lang = this.lang;
    const label = this.node ? t(lang, 'nodeCard') : t(lang, 'edgeCard');
    return html`<section part="card" role="dialog" aria-modal="false" aria-label=${label} tabindex="-1" @keydown=${this.onKey}>
      <header>
        <h2>${label}</h2>
        ${this.node ? typeBadge(this.node.type, lang) : nothing}
        <button type="button" class="close" aria-label=${t(lang, 'closeCard')} @click=${this.close}>×</button>
      </header>
      ${this.node ? this.renderNode(this.node) : this.renderEdge(this.edge!)}
      <kg-node-editor .node=${this.node} .edge=${this.node ? null : this.edge}></kg-node-editor>
    </section>`;
  }

  private renderNode(node: KgNode) {
    const lang = this.lang;
    const units = [
      ...new Set([...(node.paragraph === null ? [] : [node.paragraph]), ...node.evidence.map((e) => e.paragraph)]),
    ];
    return html`<p class="text" data-node-text>${node.text}</p>
      <dl>
        <dt>${t(lang, 'type')}</dt>
        <dd>${typeBadge(node.type, lang)}</dd>
        <dt>${t(lang, 'grounding')}</dt>
        <dd>${strings(lang).groundingStatus[node.groundingStatus] ?? node.groundingStatus}
          · ${node.paragraph === null ? t(lang, 'unanchored') : t(lang, 'unit', { n: node.paragraph })}</dd>
        <dt>${t(lang, 'quote')}</dt>
        <dd><blockquote>${node.quote}</blockquote></dd>
        <dt>${t(lang, 'evidence')} (${node.evidence.length})</dt>
        <dd>${this.renderEvidence(node.evidence)}</dd>
      </dl>
      <kg-card-relations lang=${lang} .node=${node}></kg-card-relations>
      <div class="actions">
        <button type="button" class="primary" ?disabled=${units.length === 0} @click=${() => this.locate(units)}>${t(lang, 'locate')}</button>
        ${this.questionButton('node', node.id)}
      </div>`;
  }

  private renderEdge(edge: KgEdge) {
    const lang = this.lang;
    const end = (id: string) => this.lookup(id)?.text ?? id;
    return html`<p class="text">${end(edge.fromNodeId)} → <em>${relationLabel(edge.relation, lang)}</em> → ${end(edge.toNodeId)}</p>
      <dl>
        <dt>${t(lang, 'relation')}</dt>
        <dd>${relationLabel(edge.relation, lang)}</dd>
        <dt>${t(lang, 'evidence')} (${edge.evidence.length})</dt>
        <dd>${this.renderEvidence(edge.evidence)}</dd>
      </dl>
      <div class="actions">${this.questionButton('edge', edge.id)}</div>`;
  }

  private questionButton(kind: 'node' | 'edge', id: string) {
    if (!this.questionable) return nothing;
    const label = strings(this.lang).trust[kind === 'node' ? 'questionNode' : 'questionEdge'];
    return html`<button type="button" data-question=${kind} @click=${() => emit(this, 'kg-card-question', { kind, id })}>${label}</button>`;
  }

  private renderEvidence(items: Evidence[]) {
    if (items.length === 0) return html`<span class="muted">${t(this.lang, 'noEvidence')}</span>`;
    return html`<ol>
      ${items.map(
        (e) => html`<li>
          <button type="button" class="unit-link" @click=${() => this.locate([e.paragraph])}>${t(this.lang, 'unit', { n: e.paragraph })}</button>
          <blockquote>${e.quote}</blockquote>
        </li>`,
      )}
    </ol>`;
  }

  private onKey(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      this.close();
    }
  }

  private close() {
    emit(this, 'kg-card-close', {});
  }

  private locate(units: number[]) {
    emit(this, 'kg-card-locate', { units });
  }
}

import { declareElement } from '../register';
declareElement('kg-detail-card', KgDetailCard);
