import { LitElement, css, html } from 'lit';
import { emit } from '../shared/events/emit';

declare global {
  interface HTMLElementTagNameMap {
    'kg-splitter': KgSplitter;
  }
  interface HTMLElementEventMap {
    'kg-splitter-move': CustomEvent<{ phase: 'start' | 'move' | 'end'; delta: number }>;
  }
}

/**
 * @summary A draggable divider (WAI-ARIA window splitter): drag with the pointer, or focus it and use the arrow keys.
 * It reports how far it moved since the drag began; the owner turns that into a size.
 * @attr orientation - 'vertical' (a bar between columns, moves along x) or 'horizontal' (moves along y).
 * @attr label - Accessible name.
 * @attr value - Current size for assistive technology (aria-valuenow, 0–100).
 * @event kg-splitter-move - `{ phase, delta }`: pixels along the axis since 'start'.
 */
export class KgSplitter extends LitElement {
  static override properties = {
    orientation: { type: String, reflect: true },
    label: { type: String },
    value: { type: Number },
  };

  declare orientation: 'vertical' | 'horizontal';
  declare label: string;
  declare value: number;
  private origin: number | null = null;

  constructor() {
    super();
    this.orientation = 'vertical';
    this.label = '';
    this.value = 50;
  }

  static override styles = css`
    :host {
      display: block;
      flex: none;
      touch-action: none;
      background: var(--_border);
      position: relative;
    }
    :host([orientation='vertical']) {
      width: 5px;
      cursor: col-resize;
    }
    :host([orientation='horizontal']) {
      height: 5px;
      cursor: row-resize;
    }
    :host(:hover),
    :host(:focus-within) {
      background: var(--_accent);
    }
    div {
      position: absolute;
      inset: 0;
    }
    div:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 1px;
    }
  `;

  override render() {
    // aria-orientation names the bar's own direction: a bar between columns is a vertical separator.
    return html`<div role="separator" tabindex="0" aria-label=${this.label} aria-orientation=${this.orientation}
      aria-valuemin="0" aria-valuemax="100" aria-valuenow=${Math.round(this.value)}
      @pointerdown=${this.down} @pointermove=${this.move} @pointerup=${this.up} @pointercancel=${this.up} @keydown=${this.key}></div>`;
  }

  private coord(e: PointerEvent): number {
    return this.orientation === 'vertical' ? e.clientX : e.clientY;
  }

  private down(e: PointerEvent) {
    if (e.button !== 0) return;
    e.preventDefault();
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    this.origin = this.coord(e);
    this.send('start', 0);
  }

  private move(e: PointerEvent) {
    if (this.origin === null) return;
    this.send('move', this.coord(e) - this.origin);
  }

  private up(e: PointerEvent) {
    if (this.origin === null) return;
    const delta = this.coord(e) - this.origin;
    this.origin = null;
    this.send('end', delta);
  }

  private key(e: KeyboardEvent) {
    const forward = this.orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    const back = this.orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    if (e.key !== forward && e.key !== back) return;
    e.preventDefault();
    this.send('start', 0);
    this.send('end', e.key === forward ? 32 : -32);
  }

  private send(phase: 'start' | 'move' | 'end', delta: number) {
    emit(this, 'kg-splitter-move', { phase, delta });
  }
}

import { declareElement } from '../register';
declareElement('kg-splitter', KgSplitter);
