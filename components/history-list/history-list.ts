import { LitElement, css, html, nothing } from 'lit';
import type { DocumentSummary } from '../shared/api-client';
import { formatDate, t, type Lang } from '../shared/i18n';
import { historyText } from '../shared/i18n/history';
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
    'kg-history-restore': CustomEvent<{ documentId: string }>;
  }
}

/**
 * @summary The reader's recent documents (from the API, scoped by the client key): open one, delete one (after a
 * confirmation), clear all, and restore a recently deleted one (the server keeps it 30 days).
 * @event kg-history-open - `{ documentId }`
 * @event kg-history-delete - `{ documentId }` (after the row's confirmation)
 * @event kg-history-clear - `{ documentIds }` (after a second, confirming click)
 * @event kg-history-restore - `{ documentId }` (a document of "Recently deleted")
 * @csspart list - The list.
 * @csspart deleted - The recently deleted documents.
 */
export class KgHistoryList extends LitElement {
  static override properties = {
    lang: { type: String },
    items: { attribute: false },
    deleted: { attribute: false },
    currentId: { attribute: 'current-id' },
    confirming: { state: true, attribute: false },
    confirmingId: { state: true, attribute: false },
    showDeleted: { state: true, attribute: false },
  };

  declare lang: Lang;
  declare items: DocumentSummary[];
  /** Recently deleted documents (each with deletedAt and purgeAt), shown under "Recently deleted" with Restore. */
  declare deleted: DocumentSummary[];
  declare currentId: string | null;
  declare confirming: boolean;
  /** The row whose deletion waits for its confirmation. */
  declare confirmingId: string | null;
  declare showDeleted: boolean;
  private confirmTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.lang = 'en';
    this.items = [];
    this.deleted = [];
    this.currentId = null;
    this.confirming = false;
    this.confirmingId = null;
    this.showDeleted = false;
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
      .confirm {
        flex: 1;
        min-width: 0;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem;
      }
      .confirm p {
        margin: 0;
        flex: 1 1 12rem;
        overflow-wrap: anywhere;
      }
      .deleted {
        padding-top: 0.4rem;
      }
      .deleted .toggle {
        border-color: transparent;
        background: transparent;
        padding-left: 0;
      }
      .deleted li .gone {
        flex: 1;
        min-width: 0;
        display: grid;
      }
      .deleted li .meta {
        overflow-wrap: anywhere;
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
    return html`${
      items.length === 0
        ? html`<p class="muted">${t(lang, 'historyEmpty')}</p>`
        : html`<ul part="list">
        ${items.map((d) => (d.documentId === this.confirmingId ? this.confirmRow(d) : this.row(d)))}
      </ul>
      <div class="footer">
        <button type="button" class="danger" @click=${this.clear}>
          ${this.confirming ? t(lang, 'confirmClear', { n: items.length }) : t(lang, 'clearAll')}
        </button>
      </div>`
    }${this.renderDeleted()}`;
  }

  private row(d: DocumentSummary) {
    const lang = this.lang;
    return html`<li data-document-id=${d.documentId}>
      <button type="button" class="open" aria-label=${t(lang, 'openDocument', { title: d.title })}
        aria-current=${d.documentId === this.currentId ? 'true' : nothing} @click=${() => this.openOne(d.documentId)}>
        <span class="title">${d.title}</span>
        <span class="meta">${t(lang, 'counts', { nodes: d.nodeCount, edges: d.edgeCount })}
          · ${formatDate(d.updatedAt, lang)}${d.model ? html` · <span data-provenance>${extractorName(d.model, lang)}</span>` : nothing}</span>
      </button>
      <button type="button" class="danger" data-delete aria-label=${t(lang, 'deleteDocument', { title: d.title })}
        @click=${() => this.ask(d.documentId)}>×</button>
    </li>`;
  }

  /** The row's question: Delete (restorable for 30 days) or Keep; Escape keeps it. */
  private confirmRow(d: DocumentSummary) {
    const lang = this.lang;
    return html`<li data-document-id=${d.documentId} data-confirming>
      <div class="confirm" role="group" aria-label=${t(lang, 'deleteDocument', { title: d.title })}
        @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && this.keep(d.documentId)}>
        <p>${historyText(lang, 'confirmDelete', { title: d.title })}</p>
        <button type="button" class="danger" data-confirm-delete @click=${() => this.deleteOne(d.documentId)}>
          ${historyText(lang, 'confirmDeleteYes')}</button>
        <button type="button" data-keep @click=${() => this.keep(d.documentId)}>${historyText(lang, 'confirmDeleteNo')}</button>
      </div>
    </li>`;
  }

  private renderDeleted() {
    const lang = this.lang;
    if (this.deleted.length === 0) return nothing;
    return html`<div class="deleted" part="deleted">
      <button type="button" class="toggle" aria-expanded=${this.showDeleted ? 'true' : 'false'} data-recently-deleted
        @click=${() => (this.showDeleted = !this.showDeleted)}>
        ${this.showDeleted ? '▾' : '▸'} ${historyText(lang, 'recentlyDeleted', { n: this.deleted.length })}</button>
      ${
        this.showDeleted
          ? html`<p class="meta muted">${historyText(lang, 'recentlyDeletedNote')}</p>
            <ul>
              ${this.deleted.map(
                (d) => html`<li data-deleted-id=${d.documentId}>
                  <span class="gone"><span class="title">${d.title}</span>
                    <span class="meta">${historyText(lang, 'restorableUntil', {
                      deleted: d.deletedAt ? formatDate(d.deletedAt, lang) : '',
                      until: d.purgeAt ? formatDate(d.purgeAt, lang) : '',
                    })}</span></span>
                  <button type="button" data-restore aria-label=${historyText(lang, 'restoreLabel', { title: d.title })}
                    @click=${() => emit(this, 'kg-history-restore', { documentId: d.documentId })}>${historyText(lang, 'restore')}</button>
                </li>`,
              )}
            </ul>`
          : nothing
      }
    </div>`;
  }

  /** The first click on × asks in the row itself; focus goes to "Keep", so a second Enter deletes nothing. */
  private async ask(documentId: string) {
    this.confirmingId = documentId;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>(`li[data-confirming] [data-keep]`)?.focus();
  }

  private async keep(documentId: string) {
    this.confirmingId = null;
    await this.updateComplete;
    this.renderRoot
      .querySelector<HTMLButtonElement>(`li[data-document-id="${CSS.escape(documentId)}"] [data-delete]`)
      ?.focus();
  }

  private openOne(documentId: string) {
    emit(this, 'kg-history-open', { documentId });
  }

  private deleteOne(documentId: string) {
    this.confirmingId = null;
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
import { HISTORY_LIMIT } from './limits';
declareElement('kg-history-list', KgHistoryList);
