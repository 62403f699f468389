import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';
import { addImageFiles, type ImageFileProblem } from './image-files';

declare global {
  interface HTMLElementTagNameMap {
    'kg-image-picker': KgImagePicker;
  }
  interface HTMLElementEventMap {
    'kg-images-change': CustomEvent<{ files: File[] }>;
  }
}

/**
 * @summary Picks 1–4 images for an extraction: drag and drop, paste (`addFiles` from the host's paste handler) or the
 * file picker, with the client-side limits; thumbnails with a remove button. When `unavailable` is set, the picker is
 * shown disabled with that reason.
 * @event kg-images-change - The chosen files changed `{ files }`.
 * @csspart drop - The drop zone.
 */
export class KgImagePicker extends LitElement {
  static override properties = {
    lang: { type: String },
    unavailable: { type: String },
    files: { attribute: false },
    problem: { state: true },
    dragging: { state: true },
  };

  declare lang: Lang;
  /** Why images cannot be used right now (null: they can). */
  declare unavailable: string | null;
  declare files: File[];
  declare problem: ImageFileProblem | null;
  declare dragging: boolean;
  private urls = new Map<File, string>();

  constructor() {
    super();
    this.lang = 'en';
    this.unavailable = null;
    this.files = [];
    this.problem = null;
    this.dragging = false;
  }

  static override styles = [
    controls,
    css`
      :host { display: block; }
      .drop { border: 1px dashed var(--_border, #bbb); border-radius: 6px; padding: 0.5rem; display: grid; gap: 0.4rem; }
      .drop.dragging { border-color: var(--_accent, #2563eb); background: color-mix(in srgb, var(--_accent, #2563eb) 8%, transparent); }
      .drop.off { opacity: 0.65; }
      .head { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; font-size: 0.85rem; }
      .thumbs { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0; padding: 0; }
      .thumbs li { display: grid; gap: 0.2rem; justify-items: center; font-size: 0.75rem; max-width: 7rem; }
      .thumbs img { width: 6rem; height: 4rem; object-fit: contain; border: 1px solid var(--_border, #ccc); border-radius: 4px; background: #fff; }
      .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 7rem; }
      .problem { color: var(--_danger); font-size: 0.85rem; }
      input[type='file'] { display: none; }
    `,
  ];

  /** Adds files from a paste or a drop (images only; the limits apply). */
  addFiles(list: Iterable<File>): void {
    if (this.unavailable) return;
    const { files, problem } = addImageFiles(this.files, [...list]);
    this.problem = problem;
    if (files.length !== this.files.length) this.change(files);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('files')) return;
    for (const [file, url] of this.urls) {
      if (!this.files.includes(file)) {
        URL.revokeObjectURL(url);
        this.urls.delete(file);
      }
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
  }

  override render() {
    const lang = this.lang;
    const off = !!this.unavailable;
    return html`<div part="drop" class="drop ${this.dragging ? 'dragging' : ''} ${off ? 'off' : ''}" aria-disabled=${off ? 'true' : 'false'}
        @dragover=${this.dragOver} @dragleave=${() => (this.dragging = false)} @drop=${this.drop}>
      <div class="head">
        <strong>${t(lang, 'images')}</strong>
        <button type="button" ?disabled=${off} @click=${() => this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')?.click()}>
          ${t(lang, 'imagesChoose')}
        </button>
        <span class="muted">${off ? this.unavailable : t(lang, 'imagesHint')}</span>
        <input type="file" multiple accept="image/png,image/jpeg,image/webp,image/gif" ?disabled=${off} @change=${this.picked} />
      </div>
      ${this.problem ? html`<p class="problem" role="alert">${this.problemText(this.problem)}</p>` : nothing}
      ${
        this.files.length
          ? html`<ul class="thumbs" data-images>
            ${this.files.map(
              (file) => html`<li>
                <img src=${this.urlOf(file)} alt=${file.name} />
                <span class="name" title=${file.name}>${file.name}</span>
                <button type="button" aria-label=${t(lang, 'imagesRemove', { name: file.name })} @click=${() => this.removeFile(file)}>×</button>
              </li>`,
            )}
          </ul>`
          : nothing
      }
    </div>`;
  }

  private problemText(problem: ImageFileProblem): string {
    return 'name' in problem ? t(this.lang, problem.key, { name: problem.name }) : t(this.lang, problem.key);
  }

  private urlOf(file: File): string {
    let url = this.urls.get(file);
    if (!url) {
      url = URL.createObjectURL(file);
      this.urls.set(file, url);
    }
    return url;
  }

  private dragOver(e: DragEvent) {
    if (this.unavailable) return;
    e.preventDefault();
    this.dragging = true;
  }

  private drop(e: DragEvent) {
    e.preventDefault();
    this.dragging = false;
    if (e.dataTransfer?.files.length) this.addFiles(e.dataTransfer.files);
  }

  private picked(e: Event) {
    const input = e.target as HTMLInputElement;
    if (input.files) this.addFiles(input.files);
    input.value = '';
  }

  private removeFile(file: File) {
    this.problem = null;
    this.change(this.files.filter((f) => f !== file));
  }

  private change(files: File[]) {
    this.files = files;
    emit(this, 'kg-images-change', { files });
  }
}

import { declareElement } from '../register';
declareElement('kg-image-picker', KgImagePicker);
