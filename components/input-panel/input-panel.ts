import { LitElement, css, html, nothing } from 'lit';
import { MAX_TEXT_CHARS } from '../../core/limits';
import type { ModelInfo } from '../shared/api-client';
import { formatNumber, strings, t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';
import '../image-gallery/image-picker';
import type { KgImagePicker } from '../image-gallery/image-picker';
import type { SampleText } from './samples';
import type { RunEstimate } from '../../core/extract/estimate';

/** An estimate the page asked for (POST /api/estimate), with the text and model it was made for. */
export type ShownEstimate = RunEstimate & { model: string; text: string };

export interface ExtractRequest {
  title: string;
  text: string;
  model: string | null;
  /** 1–4 images (already within the client-side limits): the text is then optional. */
  images?: File[];
  /** A document file (.txt, .md, .html, .pdf, .docx): extracted instead of the text; the server converts it. */
  file?: File;
}

declare global {
  interface HTMLElementTagNameMap {
    'kg-input-panel': KgInputPanel;
  }
  interface HTMLElementEventMap {
    'kg-extract-request': CustomEvent<ExtractRequest>;
    'kg-append-request': CustomEvent<ExtractRequest>;
    'kg-model-change': CustomEvent<{ model: string }>;
    'kg-estimate-request': CustomEvent<ExtractRequest>;
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
 * @event kg-estimate-request - The reader asked what extracting `{ title, text, model }` with a model would take.
 * @csspart form - The form.
 * @csspart text - The text area.
 * @csspart extract-button - The Extract button.
 * @csspart estimate-button - The Estimate button (a model is selected).
 * @csspart estimate - The estimate's line: batches, calls, tokens and cost, all labelled estimates.
 * @csspart append-button - The Append button (when a document is open).
 */
export class KgInputPanel extends LitElement {
  static override properties = {
    lang: { type: String },
    models: { attribute: false },
    model: { type: String },
    estimate: { attribute: false },
    busy: { type: Boolean },
    canAppend: { type: Boolean, attribute: 'can-append' },
    docTitle: { state: true, attribute: false },
    text: { state: true, attribute: false },
    images: { state: true, attribute: false },
    file: { state: true, attribute: false },
  };

  declare lang: Lang;
  declare models: ModelInfo[];
  declare model: string | null;
  /** The last estimate; shown while the text and model are the ones it was made for. */
  declare estimate: ShownEstimate | null;
  declare busy: boolean;
  /** A document is open: offer "Append to this graph" beside Extract. */
  declare canAppend: boolean;
  declare docTitle: string;
  declare text: string;
  declare images: File[];
  declare file: File | null;

  constructor() {
    super();
    this.lang = 'en';
    this.models = [];
    this.model = null;
    this.estimate = null;
    this.busy = false;
    this.canAppend = false;
    this.docTitle = '';
    this.text = '';
    this.images = [];
    this.file = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The file door loads on its own, after the first render (not part of the first load).
    void import('./file-input');
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
      .intro {
        margin: 0;
        font-size: 0.95rem;
      }
      .samples {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.6rem;
        font-size: 0.85rem;
      }
      .samples small {
        flex-basis: 100%;
        color: var(--_muted);
      }
      .samples button {
        min-height: 40px;
      }
    `,
  ];

  /** Clears the form (after a successful submission). */
  reset(): void {
    this.docTitle = '';
    this.text = '';
    this.images = [];
    this.file = null;
  }

  /** Why images cannot be sent: no model reads images, or the selected one reads text only (null: they can). */
  private imageBlock(selected: string): { unavailable: string | null; textOnly: boolean } {
    const readers = this.models.filter((m) => m.image !== false);
    if (readers.length === 0) return { unavailable: t(this.lang, 'imagesUnavailable'), textOnly: false };
    return { unavailable: null, textOnly: this.models.find((m) => m.id === selected)?.image === false };
  }

  /** With a model that reads images configured, every option says whether it reads images or text only. */
  private optionLabel(m: ModelInfo): string {
    const label = modelLabel(m, this.lang);
    if (!this.models.some((x) => x.image === true)) return label;
    return m.image === true
      ? `${label} · ${t(this.lang, 'modelReadsImages')}`
      : m.image === false
        ? `${label} · ${t(this.lang, 'modelTextOnly')}`
        : label;
  }

  private paste(e: ClipboardEvent) {
    const files = [...(e.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
    if (files.length === 0) return;
    e.preventDefault();
    this.renderRoot.querySelector<KgImagePicker>('kg-image-picker')?.addFiles(files);
  }

  override render() {
    const lang = this.lang;
    const chars = this.text.length;
    const over = chars > MAX_TEXT_CHARS;
    const selected = this.model ?? this.models.find((m) => m.default)?.id ?? this.models[0]?.id ?? '';
    const block = this.imageBlock(selected);
    const withImages = this.images.length > 0;
    const withFile = this.file !== null && !withImages;
    const empty = !this.text.trim() && !withImages && !withFile;
    return html`<form part="form" @submit=${this.submit} @paste=${this.paste}>
      ${this.canAppend ? nothing : html`<p class="intro">${t(lang, 'productLine')}</p>`}
      ${this.text ? nothing : this.renderSamples()}
      <div class="row">
        <div class="field grow">
          <label for="title">${t(lang, 'title')}</label>
          <input id="title" .value=${this.docTitle} maxlength="200" placeholder=${t(lang, 'titlePlaceholder')}
            @input=${(e: Event) => (this.docTitle = (e.target as HTMLInputElement).value)} />
        </div>
        <div class="field">
          <label for="model">${t(lang, 'model')}</label>
          <select id="model" @change=${this.pickModel}>
            ${this.models.map((m) => html`<option value=${m.id} ?selected=${m.id === selected}>${this.optionLabel(m)}</option>`)}
          </select>
        </div>
      </div>
      <div class="field">
        <label for="text">${t(lang, 'text')}</label>
        <textarea id="text" part="text" .value=${this.text} placeholder=${t(lang, 'textPlaceholder', { max: formatNumber(MAX_TEXT_CHARS, lang) })}
          @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}
          @keydown=${this.shortcut}></textarea>
      </div>
      <kg-file-input lang=${lang} .file=${this.file}
        @kg-file-change=${(e: CustomEvent<{ file: File | null }>) => (this.file = e.detail.file)}></kg-file-input>
      <kg-image-picker lang=${lang} .unavailable=${block.unavailable} .files=${this.images}
        @kg-images-change=${(e: CustomEvent<{ files: File[] }>) => (this.images = e.detail.files)}></kg-image-picker>
      ${withImages && block.textOnly ? html`<p class="count over" role="alert">${t(lang, 'imagesTextOnlyModel')}</p>` : nothing}
      <div class="row">
        <button class="primary" type="submit" part="extract-button" ?disabled=${this.busy || empty || (over && !withFile) || (withImages && block.textOnly)}>
          ${t(lang, withImages ? 'extractImages' : withFile ? 'extractFile' : 'extract')}
        </button>
        ${
          this.canAppend
            ? html`<button type="button" part="append-button" title=${t(lang, 'appendHint')}
              ?disabled=${this.busy || !this.text.trim() || over} @click=${this.requestAppend}>${t(lang, 'append')}</button>`
            : nothing
        }
        ${
          this.models.find((m) => m.id === selected)?.provider !== 'builtin' && selected
            ? html`<button type="button" part="estimate-button" title=${t(lang, 'estimateHint')}
              ?disabled=${this.busy || !this.text.trim() || over || withImages} @click=${this.requestEstimate}>${t(lang, 'estimate')}</button>`
            : nothing
        }
        ${this.renderEstimate(selected)}
        ${
          // With a file chosen the text box is not what is sent: its count would only mislead.
          withFile
            ? nothing
            : html`<span class="count muted ${over ? 'over' : ''}" role=${over ? 'alert' : nothing}>${
                over
                  ? t(lang, 'overLimit', { n: formatNumber(chars, lang), max: formatNumber(MAX_TEXT_CHARS, lang) })
                  : t(lang, 'characters', { n: chars })
              }</span>`
        }
      </div>
    </form>`;
  }

  /** The estimate beside Extract, while it is for this text and this model. */
  private renderEstimate(selected: string) {
    const e = this.estimate;
    if (!e || e.model !== selected || e.text !== this.text) return nothing;
    const lang = this.lang;
    const n = (x: number) => formatNumber(x, lang);
    const cost = e.cost ? t(lang, 'estimateCost', { cost: `${e.cost.total.toFixed(4)} ${e.cost.currency}` }) : '';
    return html`<span class="muted" part="estimate" role="status" data-estimate>${t(lang, 'estimateLine', {
      batches: n(e.batches),
      calls: n(e.calls),
      prompt: n(e.promptTokens),
      answer: n(e.answerTokens),
    })}${cost}</span>`;
  }

  private requestEstimate() {
    if (this.busy || !this.text.trim() || this.text.length > MAX_TEXT_CHARS) return;
    const select = this.renderRoot.querySelector('select');
    const detail: ExtractRequest = { title: this.docTitle.trim(), text: this.text, model: select?.value || this.model };
    emit(this, 'kg-estimate-request', detail);
  }

  /** Two sample texts (Chinese and English, written by the project): a first try needs nothing to paste. */
  private renderSamples() {
    const lang = this.lang;
    // The texts load on first use (not part of the first load).
    const use = async (id: SampleText['id']) => {
      const s = (await import('./samples')).SAMPLE_TEXTS.find((x) => x.id === id)!;
      this.docTitle = s.title;
      this.text = s.text;
    };
    return html`<div class="samples" part="samples">
      <span>${t(lang, 'samplesLabel')}</span>
      ${(['zh', 'en'] as const).map((id) => html`<button type="button" data-sample=${id} @click=${() => use(id)}>${t(lang, id === 'zh' ? 'sampleZh' : 'sampleEn')}</button>`)}
      <small>${t(lang, 'samplesOrigin')}</small>
    </div>`;
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
    const withImages = this.images.length > 0;
    const file = !withImages ? this.file : null;
    const select = this.renderRoot.querySelector('select');
    if (file) {
      if (this.busy) return;
      emit(this, 'kg-extract-request', {
        title: this.docTitle.trim(),
        text: '',
        model: select?.value || this.model,
        file,
      });
      return;
    }
    if (this.busy || (!this.text.trim() && !withImages) || this.text.length > MAX_TEXT_CHARS) return;
    const detail: ExtractRequest = {
      title: this.docTitle.trim(),
      text: this.text,
      model: select?.value || this.model,
      ...(withImages ? { images: this.images } : {}),
    };
    emit(this, 'kg-extract-request', detail);
  }
}

import { declareElement } from '../register';
declareElement('kg-input-panel', KgInputPanel);
