// <kg-trust-model-picker>: the trust panel's model picker (issue 26). A labelled select of the configured language
// models; the reviews, questions and fact-checks of the trust panel use the one it shows. It only shows and emits:
// the choice is kept by the trust tools (trust-tools/trust-model.ts).
import { LitElement, css, html, nothing } from 'lit';
import type { ModelInfo } from '../shared/api-client';
import { emit } from '../shared/events/emit';
import type { Lang } from '../shared/i18n';
import { smallThingsStrings } from '../shared/i18n/small-things';
import { controls } from '../shared/styles';

declare global {
  interface HTMLElementTagNameMap {
    'kg-trust-model-picker': KgTrustModelPicker;
  }
  interface HTMLElementEventMap {
    'kg-trust-model-change': CustomEvent<{ model: string }>;
  }
}

/**
 * @summary The model that the trust panel's reviews, questions and fact-checks use.
 * @attr lang - 'en' | 'zh'.
 * @attr value - The model id in use.
 * @event kg-trust-model-change - `{ model }`: the reader picked another model.
 */
export class KgTrustModelPicker extends LitElement {
  static override properties = {
    lang: { type: String },
    value: { type: String },
    models: { attribute: false },
  };

  declare lang: Lang;
  declare value: string;
  /** The language models (never the built-in extractor). */
  declare models: readonly ModelInfo[];

  constructor() {
    super();
    this.lang = 'en';
    this.value = '';
    this.models = [];
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
        margin: 0 0 0.6rem;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.3rem 0.6rem;
      }
      label {
        font-weight: 600;
      }
      select {
        max-width: 100%;
      }
      .note {
        margin: 0.2rem 0 0;
        font-size: 0.85rem;
      }
    `,
  ];

  private readonly change = (e: Event) => {
    const model = (e.target as HTMLSelectElement).value;
    if (model && model !== this.value) emit(this, 'kg-trust-model-change', { model });
  };

  override render() {
    if (!this.models.length) return nothing;
    const l = smallThingsStrings(this.lang);
    return html`<div class="row">
        <label for="trust-model">${l.trustModel}</label>
        <select id="trust-model" aria-describedby="trust-model-note" @change=${this.change}>
          ${this.models.map((m) => html`<option value=${m.id} ?selected=${m.id === this.value}>${m.label || m.id}</option>`)}
        </select>
      </div>
      <p class="note muted" id="trust-model-note">${l.trustModelNote}</p>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-trust-model-picker', KgTrustModelPicker);
