import { LitElement, css, html, nothing } from 'lit';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { Section } from '../../core/schema';
import type { GraphViewInfo } from '../shared/api-client';
import { formatNumber, t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-view-controls': KgViewControls;
  }
  interface HTMLElementEventMap {
    'kg-view-section': CustomEvent<{ sectionId: string | null }>;
    'kg-view-page': CustomEvent<{ offset: number }>;
    'kg-view-query': CustomEvent<{ q: string }>;
    'kg-view-ungrounded': CustomEvent<{ shown: boolean }>;
    'kg-view-mentions': CustomEvent<{ shown: boolean }>;
  }
}

/**
 * @summary What part of a large graph is shown: a section filter, the GRAPH_VIEW_LIMIT-node window pager (previous, next, jump to
 * page) and a query box (node id, text, type or section) that loads the matching subgraph from the server.
 * @event kg-view-section - `{ sectionId }` (null: all sections)
 * @event kg-view-page - `{ offset }` of the first node of the requested page
 * @event kg-view-query - `{ q }` ('' clears the search)
 * @event kg-view-ungrounded - `{ shown }`: show or hide candidate and unsupported nodes
 * @event kg-view-mentions - `{ shown }`: show or hide the mentions (statement → concept; offered when the view has any)
 * @csspart pager - The pager.
 * @csspart search - The query form.
 */
export class KgViewControls extends LitElement {
  static override properties = {
    lang: { type: String },
    sections: { attribute: false },
    sectionId: { attribute: false },
    view: { attribute: false },
    query: { type: String },
    pageSize: { type: Number, attribute: 'page-size' },
    ungroundedShown: { type: Boolean, attribute: 'ungrounded-shown' },
    hasMentions: { type: Boolean, attribute: 'has-mentions' },
    mentionsShown: { type: Boolean, attribute: 'mentions-shown' },
  };

  declare lang: Lang;
  declare sections: Section[];
  declare sectionId: string | null;
  declare view: GraphViewInfo | null;
  declare query: string;
  declare pageSize: number;
  /** Candidate and unsupported nodes are drawn (the filter checkbox). */
  declare ungroundedShown: boolean;
  /** The view has mentions: the mentions filter is offered. */
  declare hasMentions: boolean;
  /** Mentions are drawn (the filter checkbox). */
  declare mentionsShown: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.sections = [];
    this.sectionId = null;
    this.view = null;
    this.query = '';
    this.pageSize = GRAPH_VIEW_LIMIT;
    this.ungroundedShown = true;
    this.hasMentions = false;
    this.mentionsShown = true;
  }

  static override styles = [
    controls,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.9rem;
        font-size: 0.88rem;
      }
      .group {
        display: flex;
        align-items: center;
        gap: 0.3rem;
      }
      select {
        max-width: 16rem;
      }
      input[type='number'] {
        width: 4.2rem;
      }
      input[type='search'] {
        width: 13rem;
      }
    `,
  ];

  override render() {
    const lang = this.lang;
    return html`
      ${
        this.sections.length > 1
          ? html`<div class="group">
            <label for="section">${t(lang, 'section')}</label>
            <select id="section" @change=${this.pickSection}>
              <option value="" ?selected=${!this.sectionId}>${t(lang, 'allSections')}</option>
              ${this.sections.map(
                (s) =>
                  html`<option value=${s.id} ?selected=${s.id === this.sectionId}>${'\u2003'.repeat(Math.max(0, s.level - 1))}${s.title || s.id}</option>`,
              )}
            </select>
          </div>`
          : nothing
      }
      ${this.renderPager()}
      <form class="group" role="search" part="search" @submit=${this.submitQuery}>
        <input type="search" name="q" .value=${this.query} aria-label=${t(lang, 'query')} placeholder=${t(lang, 'queryPlaceholder')} maxlength="600" />
        <button type="submit">${t(lang, 'search')}</button>
        ${this.query ? html`<button type="button" @click=${this.clearQuery}>${t(lang, 'clearSearch')}</button>` : nothing}
      </form>
      ${this.view?.kind === 'query' ? html`<span class="muted" data-matches>${t(lang, 'matches', { n: formatNumber(this.view.matchedNodes ?? 0, lang) })}</span>` : nothing}
      <label class="group" data-filter="ungrounded"><input type="checkbox" .checked=${this.ungroundedShown}
        @change=${(e: Event) => emit(this, 'kg-view-ungrounded', { shown: (e.target as HTMLInputElement).checked })} />${t(lang, 'showUngrounded')}</label>
      ${
        this.hasMentions
          ? html`<label class="group" data-filter="mentions" title=${t(lang, 'showMentionsHint')}><input type="checkbox" .checked=${this.mentionsShown}
        @change=${(e: Event) => emit(this, 'kg-view-mentions', { shown: (e.target as HTMLInputElement).checked })} />${t(lang, 'showMentions')}</label>`
          : nothing
      }
    `;
  }

  private get total(): number {
    const v = this.view;
    if (!v) return 0;
    if (v.kind === 'query') return v.matchedNodes ?? 0;
    return v.section ? (v.sectionNodes ?? 0) : v.totalNodes;
  }

  private renderPager() {
    const v = this.view;
    const total = this.total;
    if (!v || total <= this.pageSize) return nothing;
    const lang = this.lang;
    const pages = Math.ceil(total / this.pageSize);
    const page = Math.floor(v.nodeOffset / this.pageSize) + 1;
    const from = v.nodeOffset + 1;
    const to = Math.min(v.nodeOffset + this.pageSize, total);
    return html`<div class="group" part="pager" role="group" aria-label=${t(lang, 'windowInfo', { from, to, total })}>
      <button type="button" aria-label=${t(lang, 'prevPage')} ?disabled=${page <= 1} @click=${() => this.goTo(page - 1)}>‹</button>
      <form class="group" @submit=${this.jump}>
        <input type="number" name="page" min="1" max=${pages} .value=${String(page)} aria-label=${t(lang, 'pageNumber')} />
        <span class="muted">${t(lang, 'pageOf', { n: pages })}</span>
        <button type="submit">${t(lang, 'jump')}</button>
      </form>
      <button type="button" aria-label=${t(lang, 'nextPage')} ?disabled=${page >= pages} @click=${() => this.goTo(page + 1)}>›</button>
      <span class="muted" data-window>${t(lang, 'windowInfo', { from: formatNumber(from, lang), to: formatNumber(to, lang), total: formatNumber(total, lang) })}</span>
    </div>`;
  }

  private goTo(page: number) {
    const pages = Math.max(1, Math.ceil(this.total / this.pageSize));
    const clamped = Math.min(Math.max(1, Math.round(page)), pages);
    emit(this, 'kg-view-page', { offset: (clamped - 1) * this.pageSize });
  }

  private jump(e: Event) {
    e.preventDefault();
    const value = Number(new FormData(e.target as HTMLFormElement).get('page'));
    if (Number.isFinite(value)) this.goTo(value);
  }

  private submitQuery(e: Event) {
    e.preventDefault();
    this.query = String(new FormData(e.target as HTMLFormElement).get('q') ?? '').trim();
    emit(this, 'kg-view-query', { q: this.query });
  }

  private clearQuery() {
    this.query = '';
    emit(this, 'kg-view-query', { q: '' });
  }

  private pickSection(e: Event) {
    const sectionId = (e.target as HTMLSelectElement).value || null;
    emit(this, 'kg-view-section', { sectionId });
  }
}

import { declareElement } from '../register';
declareElement('kg-view-controls', KgViewControls);
