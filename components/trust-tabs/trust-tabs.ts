import { LitElement, css, html, nothing } from 'lit';
import { errorParts, strings, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

export const TRUST_TABS = ['verify', 'audit', 'candidates', 'factCheck'] as const;
export type TrustTabName = (typeof TRUST_TABS)[number];

declare global {
  interface HTMLElementTagNameMap {
    'kg-trust-tabs': KgTrustTabs;
  }
  interface HTMLElementEventMap {
    'kg-trust-toggle': CustomEvent<Record<string, never>>;
    'kg-trust-tab': CustomEvent<{ tab: TrustTabName }>;
  }
}

/**
 * @summary The frame of the trust tools: a heading that opens and closes them, tabs (verification, fix log,
 * candidates, fact check; WAI-ARIA tabs: ← → Home End), a status line, and the active tab's content (slotted).
 * @event kg-trust-toggle - Open or close.
 * @event kg-trust-tab - `{ tab }`: another tab chosen.
 * @slot - The active tab's panel.
 */
export class KgTrustTabs extends LitElement {
  static override properties = {
    lang: { type: String },
    open: { type: Boolean, reflect: true },
    tab: { type: String },
    message: { attribute: false },
  };

  declare lang: Lang;
  declare open: boolean;
  declare tab: TrustTabName;
  /** A failure (typed code) or an information line. */
  declare message: { code: string; text: string; info?: boolean } | null;

  constructor() {
    super();
    this.lang = 'en';
    this.open = false;
    this.tab = 'verify';
    this.message = null;
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
      }
      h2 {
        margin: 0;
        font-size: 0.95rem;
      }
      h2 button {
        width: 100%;
        text-align: start;
        border: 0;
        border-radius: var(--_radius);
        padding: 0.45rem 0.7rem;
        font-weight: 600;
      }
      .chevron {
        display: inline-block;
        width: 1em;
      }
      [role='tablist'] {
        display: flex;
        /* Four tabs do not fit a phone's width: they wrap rather than hide the last one. */
        flex-wrap: wrap;
        gap: 0.2rem;
        padding: 0.3rem 0.6rem 0;
        border-bottom: 1px solid var(--_border);
        overflow-x: auto;
      }
      [role='tab'] {
        border-bottom-left-radius: 0;
        border-bottom-right-radius: 0;
        border-bottom: 0;
        white-space: nowrap;
      }
      [role='tab'][aria-selected='true'] {
        background: var(--_bg);
        font-weight: 600;
        border-color: var(--_accent);
      }
      .body {
        padding: 0.5rem 0.7rem 0.7rem;
        max-height: 32rem;
        overflow: auto;
      }
      .message {
        margin: 0 0 0.4rem;
        padding: 0.3rem 0.5rem;
        border-inline-start: 4px solid var(--_danger);
        background: var(--_surface);
        overflow-wrap: anywhere;
      }
      .message.info {
        border-inline-start-color: var(--_accent);
      }
    `,
  ];

  override render() {
    const lang = this.lang;
    const l = strings(lang).trust;
    return html`<h2><button type="button" aria-expanded=${this.open ? 'true' : 'false'} aria-controls="body"
        @click=${() => emit(this, 'kg-trust-toggle', {})}><span class="chevron" aria-hidden="true">${this.open ? '▾' : '▸'}</span>${l.toggle}</button></h2>
      ${
        this.open
          ? html`<div role="tablist" aria-label=${l.region} @keydown=${this.onKey}>
              ${TRUST_TABS.map(
                (
                  tab,
                ) => html`<button type="button" role="tab" id="tab-${tab}" data-tab=${tab} aria-selected=${tab === this.tab ? 'true' : 'false'}
                  aria-controls="body" tabindex=${tab === this.tab ? '0' : '-1'} @click=${() => this.choose(tab)}>${l.tabs[tab]}</button>`,
              )}
            </div>
            <div class="body" id="body" role="tabpanel" aria-labelledby="tab-${this.tab}">
              ${this.message ? this.renderMessage(this.message) : nothing}
              <slot></slot>
            </div>`
          : nothing
      }`;
  }

  private renderMessage(m: { code: string; text: string; info?: boolean }) {
    const lang = this.lang;
    if (m.info) return html`<p class="message info" role="status">${m.text}</p>`;
    const { text, detail } = errorParts(m.code, m.text, lang);
    return html`<p class="message" role="alert" data-error-code=${m.code}>${text}${detail ? html` <span class="muted">${detail}</span>` : nothing}</p>`;
  }

  private choose(tab: TrustTabName) {
    if (tab !== this.tab) emit(this, 'kg-trust-tab', { tab });
  }

  private onKey(e: KeyboardEvent) {
    const i = TRUST_TABS.indexOf(this.tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TRUST_TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = TRUST_TABS[(next + TRUST_TABS.length) % TRUST_TABS.length];
    this.choose(tab);
    this.renderRoot.querySelector<HTMLElement>(`[data-tab="${tab}"]`)?.focus();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('kg-trust-tabs')) {
  customElements.define('kg-trust-tabs', KgTrustTabs);
}
