import { LitElement, html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ContentUnit } from '../../core/schema';
import type { SourceUnit } from '../shared/api-client';
import { t, formatNumber, strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { badgeStyles, typeBadge } from '../shared/type-badges';
import { UnitPages, type UnitLoader } from './unit-pages';
import { sourcePaneStyles } from './source-pane.styles';
import { emit } from '../shared/events/emit';
import { pageName } from '../../core/i18n/unit-name';

export const UNITS_PER_PAGE = 200;

export interface UnitRange {
  first: number;
  last: number;
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-source-pane': KgSourcePane;
  }
  interface HTMLElementEventMap {
    'kg-source-unit-click': CustomEvent<{ unit: number }>;
    'kg-extract-selection': CustomEvent<{ text: string }>;
    'kg-source-error': CustomEvent<{ error: unknown }>;
  }
}

/**
 * @summary The source text, unit by unit (`data-unit="<n>"`), with badges of the node types anchored to each unit.
 * Units are read in pages of 200 (never the whole text), so a 1,000,000-character document stays fast.
 * @event kg-source-unit-click - A unit was chosen `{ unit }`.
 * @event kg-extract-selection - The reader asked to extract the selected text as its own graph `{ text }`.
 * @csspart unit - One content unit.
 * @csspart current - A unit of the selected node (also `aria-current="true"`).
 */
export class KgSourcePane extends LitElement {
  static override properties = {
    lang: { type: String },
    loader: { attribute: false },
    total: { type: Number },
    range: { attribute: false },
    currentUnits: { attribute: false },
    typesOf: { attribute: false },
    weakOf: { attribute: false },
    selectable: { type: Boolean },
    pageStart: { state: true, attribute: false },
    units: { state: true, attribute: false },
    loading: { state: true, attribute: false },
    selection: { state: true, attribute: false },
    activeUnit: { state: true, attribute: false },
  };

  declare lang: Lang;
  declare loader: UnitLoader | null;
  declare total: number;
  declare range: UnitRange | null;
  declare currentUnits: ReadonlySet<number>;
  declare typesOf: (n: number) => string[];
  /** Candidate and unsupported nodes anchored to a unit: a marked badge says how many (and to screen readers). */
  declare weakOf: (n: number) => { candidate: number; unsupported: number };
  declare selectable: boolean;
  declare pageStart: number;
  declare units: ContentUnit[];
  declare loading: boolean;
  declare selection: string;
  /** The unit whose number button is in the tab order (roving tabindex: arrows move between units). */
  declare activeUnit: number;
  private pages = new UnitPages(null);
  private request = 0;
  private boundsKey = '';

  constructor() {
    super();
    this.lang = 'en';
    this.loader = null;
    this.total = 0;
    this.range = null;
    this.currentUnits = new Set();
    this.typesOf = () => [];
    this.weakOf = () => ({ candidate: 0, unsupported: 0 });
    this.selectable = true;
    this.pageStart = 1;
    this.units = [];
    this.loading = false;
    this.selection = '';
    this.activeUnit = 0;
  }

  static override styles = [controls, badgeStyles, sourcePaneStyles];

  private get bounds(): UnitRange {
    return this.range ?? { first: 1, last: this.total };
  }

  override willUpdate(changed: Map<string, unknown>): void {
    const key = `${this.bounds.first}-${this.bounds.last}`;
    if (changed.has('loader')) this.pages = new UnitPages(this.loader);
    if (changed.has('loader') || key !== this.boundsKey) {
      this.boundsKey = key;
      void this.showPage(this.bounds.first);
    }
  }

  /** Shows the page holding unit `n` and scrolls it into the middle of the pane. */
  async reveal(n: number): Promise<void> {
    const { first, last } = this.bounds;
    if (n < first || n > last) return;
    const start = first + Math.floor((n - first) / UNITS_PER_PAGE) * UNITS_PER_PAGE;
    if (start !== this.pageStart || this.units.length === 0) await this.showPage(start);
    await this.updateComplete;
    const el = this.renderRoot.querySelector<HTMLElement>(`[data-unit="${n}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'auto' });
    this.activeUnit = n;
  }

  override render() {
    const lang = this.lang;
    const { first, last } = this.bounds;
    const end = Math.min(this.pageStart + UNITS_PER_PAGE - 1, last);
    const hasPrev = this.pageStart > first;
    const hasNext = end < last;
    return html`
      ${
        this.selectable && this.selection
          ? html`<div class="selection-bar">
            <button type="button" class="primary" @mousedown=${(e: Event) => e.preventDefault()} @click=${this.extractSelection}>
              ${t(lang, 'extractSelection')}
            </button>
          </div>`
          : nothing
      }
      <div class="pager" part="pager">
        <button type="button" aria-label=${t(lang, 'prevUnits')} title=${t(lang, 'prevUnits')} ?disabled=${!hasPrev} @click=${() => this.turn(-1)}>‹</button>
        <span class="muted">${
          last >= first
            ? t(lang, 'unitsRange', {
                from: formatNumber(this.pageStart, lang),
                to: formatNumber(end, lang),
                total: formatNumber(last - first + 1, lang),
              })
            : ''
        }</span>
        <button type="button" aria-label=${t(lang, 'nextUnits')} title=${t(lang, 'nextUnits')} ?disabled=${!hasNext} @click=${() => this.turn(1)}>›</button>
      </div>
      <div class="scroller">
        <ol class="units" aria-label=${t(lang, 'sourcePane')} aria-busy=${this.loading ? 'true' : 'false'}
          @mouseup=${this.readSelection} @keyup=${this.readSelection} @keydown=${this.moveFocus}>
          ${repeat(
            this.units,
            (u) => u.n,
            (u) => this.renderUnit(u),
          )}
        </ol>
        ${hasNext ? html`<div class="pager end"><button type="button" @click=${() => this.turn(1)}>${t(lang, 'nextUnits')}</button></div>` : nothing}
      </div>
    `;
  }

  private renderUnit(u: ContentUnit) {
    const current = this.currentUnits.has(u.n);
    // The server tells each unit's node types; nodes loaded since (a new window, a query) may add to them.
    const types = [...new Set([...((u as SourceUnit).nodeTypes ?? []), ...this.typesOf(u.n)])];
    const active = this.units.some((x) => x.n === this.activeUnit) ? this.activeUnit : this.units[0]?.n;
    return html`<li class="unit kind-${u.kind} ${current ? 'current' : ''}" part=${current ? 'unit current' : 'unit'}
      data-unit=${u.n} aria-current=${current ? 'true' : nothing} @click=${(e: MouseEvent) => this.clickUnit(e, u.n)}>
      <button type="button" class="num" tabindex=${u.n === active ? 0 : -1} aria-label=${t(this.lang, 'unitButton', { n: u.n })}
        @focus=${() => (this.activeUnit = u.n)} @click=${(e: Event) => {
          e.stopPropagation();
          this.choose(u.n);
        }}>${u.n}</button>
      <div class="body">
        ${types.length ? html`<div class="badges">${types.map((type) => typeBadge(type, this.lang))}${this.weakBadges(u.n)}</div>` : nothing}
        ${u.page ? html`<span class="page" part="page" data-page=${u.page} title=${t(this.lang, 'unitPage', { page: u.page })}>${pageName(u.page, this.lang)}</span>` : nothing}
        <div class="text">${u.text}</div>
      </div>
    </li>`;
  }

  private weakBadges(n: number) {
    const weak = this.weakOf(n);
    const badge = (status: 'candidate' | 'unsupported', count: number) =>
      count
        ? html`<span class="badge weak" data-grounding=${status} aria-label=${`${count} ${strings(this.lang).graph[status]}`}
            >${status === 'unsupported' ? '!' : '?'} ${count}</span>`
        : nothing;
    return html`${badge('candidate', weak.candidate)}${badge('unsupported', weak.unsupported)}`;
  }

  private async showPage(start: number): Promise<void> {
    const { first, last } = this.bounds;
    const id = ++this.request;
    this.pageStart = Math.max(first, start);
    if (!this.loader || last < first) {
      this.units = [];
      return;
    }
    const end = Math.min(this.pageStart + UNITS_PER_PAGE - 1, last);
    this.loading = true;
    try {
      const units = await this.pages.range(this.pageStart, end);
      if (id !== this.request) return;
      this.units = units;
      this.renderRoot.querySelector('.scroller')?.scrollTo({ top: 0 });
    } catch (error) {
      if (id === this.request) emit(this, 'kg-source-error', { error });
    } finally {
      if (id === this.request) this.loading = false;
    }
  }

  private turn(step: number) {
    void this.showPage(this.pageStart + step * UNITS_PER_PAGE);
  }

  /** ArrowUp/ArrowDown/Home/End move between the units' number buttons. */
  private moveFocus = (e: KeyboardEvent) => {
    const button = (e.target as Element).closest('button.num');
    if (!button) return;
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button.num')];
    const i = buttons.indexOf(button as HTMLButtonElement);
    const next = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (next === undefined || !buttons[next]) return;
    e.preventDefault();
    buttons[next].focus();
  };

  private clickUnit(e: MouseEvent, n: number) {
    // A drag that selected text is a selection, not a click.
    if (this.currentSelection()) return;
    if ((e.target as Element).closest('button')) return;
    this.choose(n);
  }

  private choose(n: number) {
    emit(this, 'kg-source-unit-click', { unit: n });
  }

  /** The selected source text only: the part of each unit's text inside the selection, one unit a line. Unit
   * numbers and type badges inside the selection are left out (selection.toString() would include them). */
  private currentSelection(): string {
    const root = this.renderRoot as ShadowRoot & { getSelection?: () => Selection | null };
    const selection = root.getSelection?.() ?? document.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return '';
    const range = selection.getRangeAt(0);
    const parts: string[] = [];
    for (const el of this.renderRoot.querySelectorAll('.unit .text')) {
      if (!range.intersectsNode(el)) continue;
      const part = document.createRange();
      part.selectNodeContents(el);
      if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0)
        part.setStart(range.startContainer, range.startOffset);
      if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0) part.setEnd(range.endContainer, range.endOffset);
      const text = part.toString().trim();
      if (text) parts.push(text);
    }
    return parts.join('\n');
  }

  private readSelection = () => {
    this.selection = this.currentSelection();
  };

  private extractSelection() {
    const text = this.selection || this.currentSelection();
    if (!text) return;
    emit(this, 'kg-extract-selection', { text });
    this.selection = '';
    this.activeUnit = 0;
  }
}

import { declareElement } from '../register';
declareElement('kg-source-pane', KgSourcePane);
