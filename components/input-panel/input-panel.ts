import { LitElement, css, html, nothing } from 'lit';
import { MAX_TEXT_CHARS } from '../../core/limits';
import type { ModelInfo } from '../shared/api-client';
import { formatNumber, strings, t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

export interface ExtractRequest {
  title: string;
  text: string;
  model: string | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-input-panel': KgInputPanel;
  }
  interface HTMLElementEventMap {
    'kg-extract-request': CustomEvent<ExtractRequest>;
    'kg-append-request': CustomEvent<ExtractRequest>;
    'kg-model-change': CustomEvent<{ model: string }>;
  }
}

/** The label of an extractor in the reader's language; the built-in one always says it is not a model. */
export function modelLabel(model: ModelInfo, lang: Lang): string {
  return model.provider === 'builtin' ? strings(lang).builtinLabel : model.label;
}

/**
 * @summary Text input of the workbench: title, text, extractor choice and the Extract button. The text lives only in
 * this element (never in storage).
 * @event kg-extract-request - The reader asked to extract `{ title, text, model }`.
 * @event kg-append-request - The reader asked to append `{ text, model }` to the open document.
 * @event kg-model-change - The reader picked another extractor `{ model }`.
 * @csspart form - The form.
 * @csspart text - The text area.
 * @csspart extract-button - The Extract button.
 * @csspart append-button - The Append button (when a document is open).
 */
export class KgInputPanel extends LitElement {
  static override properties = {
    lang: { type: String },
    models: { attribute: false },
    model: { type: String },
    busy: { type: Boolean },
    canAppend: { type: Boolean, attribute: 'can-append' },
    docTitle: { state: true, attribute: false },
    text: { state: true, attribute: false },
  };

  declare lang: Lang;
  declare models: ModelInfo[];
  declare model: string | null;
  declare busy: boolean;
  /** A document is open: offer "Append to this graph" beside Extract. */
  declare canAppend: boolean;
  declare docTitle: string;
  declare text: string;

  constructor() {
    super();
    this.lang = 'en';
    this.models = [];
    this.model = null;
    this.busy = false;
    this.canAppend = false;
    this.docTitle = '';
    this.text = '';
  }

  static override styles = [
    controls,
    css`
      :host {
        display: block;
      }
      form {
        display: grid;
        gap: 0.5rem;
      }
      label {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: end;
      }
      .field {
        display: grid;
        gap: 0.2rem;
      }
      .grow {
        flex: 1 1 16rem;
      }
      textarea {
        min-height: 9rem;
        resize: vertical;
        line-height: 1.5;
      }
      .count.over {
        color: var(--_danger);
      }
    `,
  ];

  /** Clears the form (after a successful submission). */
  reset(): void {
    this.docTitle = '';
    this.text = '';
  }

  override render() {
    const lang = this.lang;
    const chars = this.text.length;
    const over = chars > MAX_TEXT_CHARS;
    const selected = this.model ?? this.models.find((m) => m.default)?.id ?? this.models[0]?.id ?? '';
    return html`<form part="form" @submit=${this.submit}>
      <div class="row">
        <div class="field grow">
          <label for="title">${t(lang, 'title')}</label>
          <input id="title" .value=${this.docTitle} maxlength="200" placeholder=${t(lang, 'titlePlaceholder')}
            @input=${(e: Event) => (this.docTitle = (e.target as HTMLInputElement).value)} />
        </div>
        <div class="field">
          <label for="model">${t(lang, 'model')}</label>
          <select id="model" @change=${this.pickModel}>
            ${this.models.map((m) => html`<option value=${m.id} ?selected=${m.id === selected}>${modelLabel(m, lang)}</option>`)}
          </select>
        </div>
      </div>
      <div class="field">
        <label for="text">${t(lang, 'text')}</label>
        <textarea id="text" part="text" .value=${this.text} placeholder=${t(lang, 'textPlaceholder', { max: formatNumber(MAX_TEXT_CHARS, lang) })}
          @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}
          @keydown=${this.shortcut}></textarea>
      </div>
      <div class="row">
        <button class="primary" type="submit" part="extract-button" ?disabled=${this.busy || !this.text.trim() || over}>
          ${t(lang, 'extract')}
        </button>
        ${this.canAppend
          ? html`<button type="button" part="append-button" title=${t(lang, 'appendHint')}
              ?disabled=${this.busy || !this.text.trim() || over} @click=${this.requestAppend}>${t(lang, 'append')}</button>`
          : nothing}
        <span class="count muted ${over ? 'over' : ''}">${t(lang, 'characters', { n: chars })}</span>
      </div>
    </form>`;
  }

  private pickModel(e: Event) {
    const model = (e.target as HTMLSelectElement).value;
    emit(this, 'kg-model-change', { model });
  }

  private shortcut(e: KeyboardEvent) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.submit(e);
    }
  }

  private requestAppend() {
    if (this.busy || !this.text.trim() || this.text.length > MAX_TEXT_CHARS) return;
    const select = this.renderRoot.querySelector('select');
    const detail: ExtractRequest = { title: '', text: this.text, model: select?.value || this.model };
    emit(this, 'kg-append-request', detail);
  }

  private submit(e: Event) {
    e.preventDefault();
    if (this.busy || !this.text.trim() || this.text.length > MAX_TEXT_CHARS) return;
    const select = this.renderRoot.querySelector('select');
    const detail: ExtractRequest = { title: this.docTitle.trim(), text: this.text, model: select?.value || this.model };
    emit(this, 'kg-extract-request', detail);
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('kg-input-panel')) {
  customElements.define('kg-input-panel', KgInputPanel);
}
