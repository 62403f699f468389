import { LitElement, css, html, nothing } from 'lit';
import type { DocumentSummary } from '../shared/api-client';
import { formatDate, t, type Lang } from '../shared/i18n';
import { extractorName } from '../shared/provenance';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-history-list': KgHistoryList;
  }
  interface HTMLElementEventMap {
    'kg-history-open': CustomEvent<{ documentId: string }>;
    'kg-history-delete': CustomEvent<{ documentId: string }>;
    'kg-history-clear': CustomEvent<{ documentIds: string[] }>;
  }
}

export const HISTORY_LIMIT = 20;

/**
 * @summary The reader's recent documents (from the API, scoped by the client key): open one, delete one, clear all.
 * @event kg-history-open - `{ documentId }`
 * @event kg-history-delete - `{ documentId }`
 * @event kg-history-clear - `{ documentIds }` (after a second, confirming click)
 * @csspart list - The list.
 */
export class KgHistoryList extends LitElement {
  static override properties = {
    lang: { type: String },
    items: { attribute: false },
    currentId: { attribute: 'current-id' },
    confirming: { state: true, attribute: false },
  };

  declare lang: Lang;
  declare items: DocumentSummary[];
  declare currentId: string | null;
  declare confirming: boolean;
  private confirmTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.lang = 'en';
    this.items = [];
    this.currentId = null;
    this.confirming = false;
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        max-height: 18rem;
        overflow: auto;
      }
      li {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        padding: 0.25rem 0;
        border-bottom: 1px solid var(--_border);
      }
      .open {
        flex: 1;
        min-width: 0;
        text-align: left;
        border-color: transparent;
        background: transparent;
        display: grid;
      }
      .open[aria-current='true'] {
        border-color: var(--_accent);
      }
      .title {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .meta {
        font-size: 0.78rem;
        color: var(--_muted);
      }
      .footer {
        display: flex;
        justify-content: flex-end;
        padding-top: 0.4rem;
      }
      .danger {
        color: var(--_danger);
      }
    `,
  ];

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.confirmTimer);
  }

  override render() {
    const lang = this.lang;
    const items = this.items.slice(0, HISTORY_LIMIT);
    if (items.length === 0) return html`<p class="muted">${t(lang, 'historyEmpty')}</p>`;
    return html`<ul part="list">
        ${items.map(
          (d) => html`<li data-document-id=${d.documentId}>
            <button type="button" class="open" aria-label=${t(lang, 'openDocument', { title: d.title })}
              aria-current=${d.documentId === this.currentId ? 'true' : nothing} @click=${() => this.openOne(d.documentId)}>
              <span class="title">${d.title}</span>
              <span class="meta">${t(lang, 'counts', { nodes: d.nodeCount, edges: d.edgeCount })}
                · ${formatDate(d.updatedAt, lang)}${d.model ? html` · <span data-provenance>${extractorName(d.model, lang)}</span>` : nothing}</span>
            </button>
            <button type="button" class="danger" aria-label=${t(lang, 'deleteDocument', { title: d.title })}
              @click=${() => this.deleteOne(d.documentId)}>×</button>
          </li>`,
        )}
      </ul>
      <div class="footer">
        <button type="button" class="danger" @click=${this.clear}>
          ${this.confirming ? t(lang, 'confirmClear', { n: items.length }) : t(lang, 'clearAll')}
        </button>
      </div>`;
  }

  private openOne(documentId: string) {
    emit(this, 'kg-history-open', { documentId });
  }

  private deleteOne(documentId: string) {
    emit(this, 'kg-history-delete', { documentId });
  }

  /** The first click asks for confirmation (for a few seconds); the second deletes every listed document. */
  private clear() {
    if (!this.confirming) {
      this.confirming = true;
      this.confirmTimer = setTimeout(() => (this.confirming = false), 5000);
      return;
    }
    clearTimeout(this.confirmTimer);
    this.confirming = false;
    const documentIds = this.items.slice(0, HISTORY_LIMIT).map((d) => d.documentId);
    emit(this, 'kg-history-clear', { documentIds });
  }
}

import { declareElement } from '../register';
declareElement('kg-history-list', KgHistoryList);
