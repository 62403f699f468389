// The file door of the input panel: a drop zone and a file picker for one .txt, .md, .html, .pdf or .docx file, or an
// agent trace (.json, .jsonl).
// Loaded behind import() by the input panel (never in the first load). The file is only checked here (its name and
// size, for a quick answer); the server reads and converts it (core/files), and refuses it with a typed error.
import { LitElement, css, html, nothing } from 'lit';
import { FILE_EXTENSIONS, FILE_FORMATS } from '../../core/files/formats';
import { MAX_FILE_BYTES } from '../../core/limits';
import { isTraceFileName, TRACE_FILE_EXTENSIONS } from '../../core/trace/file-names';
import { emit } from '../shared/events/emit';
import { t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';

declare global {
  interface HTMLElementTagNameMap {
    'kg-file-input': KgFileInput;
  }
  interface HTMLElementEventMap {
    'kg-file-change': CustomEvent<{ file: File | null }>;
  }
}

// Documents, and agent traces (JSON or JSON Lines: opened as a trace document, core/trace/file-formats.ts).
const ACCEPT = [...FILE_FORMATS.flatMap((f) => FILE_EXTENSIONS[f]), ...TRACE_FILE_EXTENSIONS];

/** Why a file is refused before it is sent, as an interface string key; null: it may be sent. */
export function fileProblem(file: { name: string; size: number }): 'fileUnsupported' | 'fileTooLarge' | null {
  const dot = file.name.lastIndexOf('.');
  if (dot < 0 || !ACCEPT.includes(file.name.slice(dot).toLowerCase())) return 'fileUnsupported';
  return file.size > MAX_FILE_BYTES ? 'fileTooLarge' : null;
}

/**
 * @summary Picks one document file (.txt, .md, .html, .pdf, .docx) by drop or file picker.
 * @event kg-file-change - The chosen file changed `{ file }` (null: removed).
 * @csspart file-drop - The drop zone.
 */
export class KgFileInput extends LitElement {
  static override properties = {
    lang: { type: String },
    file: { attribute: false },
    problem: { state: true },
    dragging: { state: true },
  };

  declare lang: Lang;
  declare file: File | null;
  declare problem: string | null;
  declare dragging: boolean;

  constructor() {
    super();
    this.lang = 'en';
    this.file = null;
    this.problem = null;
    this.dragging = false;
  }

  static override styles = [
    controls,
    css`
      :host { display: block; }
      .drop { border: 1px dashed var(--_border, #bbb); border-radius: 6px; padding: 0.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; font-size: 0.85rem; }
      .drop.dragging { border-color: var(--_accent, #2563eb); background: color-mix(in srgb, var(--_accent, #2563eb) 8%, transparent); }
      .chosen { display: inline-flex; gap: 0.4rem; align-items: center; font-weight: 600; }
      .problem { color: var(--_danger); flex-basis: 100%; }
      input[type='file'] { display: none; }
    `,
  ];

  override render() {
    const lang = this.lang;
    return html`<div class="drop ${this.dragging ? 'dragging' : ''}" part="file-drop"
        @dragover=${this.dragOver} @dragleave=${() => (this.dragging = false)} @drop=${this.drop}>
      ${
        this.file
          ? html`<span class="chosen" data-file=${this.file.name}>${this.file.name}
              <button type="button" aria-label=${t(lang, 'fileRemove', { name: this.file.name })} @click=${() => this.choose(null)}>×</button></span>
              <span class="muted">${t(lang, isTraceFileName(this.file.name) ? 'fileTrace' : 'fileInstead')}</span>`
          : html`<span>${t(lang, 'fileDrop')}</span>`
      }
      <button type="button" @click=${() => this.renderRoot.querySelector<HTMLInputElement>('input')?.click()}>${t(lang, 'fileChoose')}</button>
      <input type="file" accept=${ACCEPT.join(',')} @change=${this.picked} />
      ${this.problem ? html`<span class="problem" role="alert">${this.problem}</span>` : nothing}
    </div>`;
  }

  private dragOver(e: DragEvent) {
    e.preventDefault();
    this.dragging = true;
  }

  private drop(e: DragEvent) {
    e.preventDefault();
    this.dragging = false;
    const file = e.dataTransfer?.files[0];
    if (file) this.offer(file);
  }

  private picked(e: Event) {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) this.offer(file);
    input.value = '';
  }

  private offer(file: File) {
    const problem = fileProblem(file);
    this.problem = problem ? t(this.lang, problem, { name: file.name }) : null;
    if (!problem) this.choose(file);
  }

  private choose(file: File | null) {
    if (!file) this.problem = null;
    this.file = file;
    emit(this, 'kg-file-change', { file });
  }
}

import { declareElement } from '../register';
declareElement('kg-file-input', KgFileInput);
