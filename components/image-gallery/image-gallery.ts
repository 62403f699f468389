import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { VisualSource, VisualSourceImage } from '../../core/images/types';
import type { ApiClient } from '../shared/api-client';
import type { SourceUnit } from '../../core/schema/api';
import { t, type Lang } from '../shared/i18n';
import { controls } from '../shared/styles';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-image-gallery': KgImageGallery;
  }
  interface HTMLElementEventMap {
    'kg-image-open': CustomEvent<{ imageId: string; startParagraph: number; endParagraph: number }>;
  }
}

/**
 * @summary The original images of a document made from images, above its source: a notice that the transcript is
 * model output to be checked against the image, a thumbnail per image, and, for the clicked image, its transcript
 * units (its paragraph range of the source). Renders nothing for a document made from text.
 * @event kg-image-open - An image was opened `{ imageId, startParagraph, endParagraph }` (the host may locate it).
 * @csspart gallery - The gallery.
 */
export class KgImageGallery extends LitElement {
  static override properties = {
    lang: { type: String },
    client: { attribute: false },
    documentId: { type: String, attribute: 'document-id' },
    revision: { type: Number },
    source: { state: true },
    urls: { state: true },
    open: { state: true },
    units: { state: true },
  };

  declare lang: Lang;
  declare client: ApiClient | null;
  declare documentId: string | null;
  declare revision: number;
  declare source: VisualSource | null;
  declare urls: Record<string, string>;
  declare open: VisualSourceImage | null;
  declare units: SourceUnit[];
  private loaded = '';

  constructor() {
    super();
    this.lang = 'en';
    this.client = null;
    this.documentId = null;
    this.revision = 0;
    this.source = null;
    this.urls = {};
    this.open = null;
    this.units = [];
  }

  static override styles = [
    controls,
    css`
      :host { display: block; }
      section { display: grid; gap: 0.4rem; margin: 0 0 0.5rem; }
      h3 { font-size: 0.9rem; margin: 0; }
      .notice { font-size: 0.8rem; margin: 0; padding: 0.3rem 0.5rem; border-left: 3px solid var(--_warning, #d97706); background: color-mix(in srgb, var(--_warning, #d97706) 10%, transparent); }
      ul.thumbs { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0; padding: 0; }
      .thumbs button { display: grid; gap: 0.2rem; justify-items: center; padding: 0.25rem; font-size: 0.75rem; max-width: 9rem; }
      .thumbs button[aria-pressed='true'] { outline: 2px solid var(--_accent, #2563eb); }
      .thumbs img { width: 8rem; height: 5.5rem; object-fit: contain; background: #fff; }
      .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 8.5rem; }
      ol.units { margin: 0; padding-left: 0; list-style: none; display: grid; gap: 0.2rem; font-size: 0.85rem; max-height: 14rem; overflow: auto; }
      .units li { white-space: pre-wrap; }
      .n { color: var(--_muted); font-variant-numeric: tabular-nums; margin-right: 0.4rem; }
    `,
  ];

  protected override updated(changed: PropertyValues<this>): void {
    const key = `${this.documentId}@${this.revision}`;
    if ((changed.has('documentId') || changed.has('revision') || changed.has('client')) && key !== this.loaded) {
      this.loaded = key;
      void this.load();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.release();
    this.loaded = '';
  }

  private release() {
    for (const url of Object.values(this.urls)) URL.revokeObjectURL(url);
    this.urls = {};
  }

  private async load() {
    const { client, documentId } = this;
    this.release();
    this.source = null;
    this.open = null;
    this.units = [];
    if (!client || !documentId || this.revision < 1) return;
    try {
      const { visualSource } = await client.visualSource(documentId);
      if (documentId !== this.documentId) return;
      this.source = visualSource;
      for (const image of visualSource?.images ?? []) {
        const blob = await client.image(documentId, image.id);
        if (documentId !== this.documentId) return;
        this.urls = { ...this.urls, [image.id]: URL.createObjectURL(blob) };
      }
    } catch {
      // A document without images (or an older server) simply has no gallery.
    }
  }

  private async show(image: VisualSourceImage) {
    this.open = image;
    this.units = [];
    emit(this, 'kg-image-open', {
      imageId: image.id,
      startParagraph: image.startParagraph,
      endParagraph: image.endParagraph,
    });
    if (!this.client || !this.documentId) return;
    const page = await this.client.units(
      this.documentId,
      image.startParagraph - 1,
      image.endParagraph - image.startParagraph + 1,
    );
    if (this.open === image) this.units = page.units;
  }

  override render() {
    const source = this.source;
    if (!source || source.images.length === 0) return nothing;
    const lang = this.lang;
    const open = this.open;
    return html`<section part="gallery" aria-label=${t(lang, 'galleryTitle')} data-gallery>
      <h3>${t(lang, 'galleryTitle')}</h3>
      <p class="notice" role="note">${t(lang, 'galleryNotice')}</p>
      <ul class="thumbs">
        ${source.images.map(
          (image) => html`<li>
            <button type="button" aria-pressed=${open?.id === image.id ? 'true' : 'false'} title=${t(lang, 'galleryShow', { name: image.name })}
              data-image=${image.id} @click=${() => this.show(image)}>
              ${this.urls[image.id] ? html`<img src=${this.urls[image.id]} alt=${image.name} />` : html`<span class="muted">…</span>`}
              <span class="name">${image.name}</span>
            </button>
          </li>`,
        )}
      </ul>
      ${
        open
          ? html`<div data-transcript=${open.id}>
            <h3>${t(lang, 'galleryUnits', { name: open.name, first: open.startParagraph, last: open.endParagraph })}</h3>
            ${open.warnings.length ? html`<p class="notice">${t(lang, 'galleryWarnings')}: ${open.warnings.join('; ')}</p>` : nothing}
            <ol class="units">
              ${this.units.map((u) => html`<li><span class="n">P${u.n}</span>${u.text}</li>`)}
            </ol>
          </div>`
          : nothing
      }
    </section>`;
  }
}

import { declareElement } from '../register';
declareElement('kg-image-gallery', KgImageGallery);
