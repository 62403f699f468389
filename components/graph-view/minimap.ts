// The minimap: a small canvas of the whole scene (one rectangle per node in its type colour) with the viewport drawn
// over it as a rectangle. A click or drag on it moves the view there; the toolbar button and the M key hide and
// show it. The nodes are painted once per scene; a pan or zoom frame only moves the viewport rectangle (one style
// write), so the minimap costs nothing per frame.
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { NODE_TYPES } from '../../core/schema/vocabulary';
import { typeVariable } from '../shared/palette';
import type { Scene } from './scene';
import { centreOn, type Box, type ViewTransform } from './viewport-math';

/** The minimap's largest size (CSS px); the drawing's aspect ratio decides the other side. */
const MAX_W = 168;
const MAX_H = 112;

export interface MinimapHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
  viewportSize(): { width: number; height: number };
  /** Moves the view (the minimap asks for a transform centred on a graph point). */
  moveTo(t: ViewTransform): void;
  readonly zoom: number;
}

export class MinimapController implements ReactiveController {
  /** The reader's choice (toolbar button, M key). */
  shown = true;
  private painted: { scene: Scene; canvas: HTMLCanvasElement } | null = null;
  private scene: Scene | null = null;
  private last: ViewTransform | null = null;
  private dragging = -1;

  constructor(private readonly host: MinimapHost) {
    host.addController(this);
  }

  toggle(): void {
    this.shown = !this.shown;
    this.host.requestUpdate();
  }

  setScene(scene: Scene | null): void {
    this.scene = scene;
  }

  hostUpdated(): void {
    const canvas = this.host.renderRoot.querySelector<HTMLCanvasElement>('.minimap canvas');
    if (!canvas || !this.scene) return;
    if (this.painted?.scene !== this.scene || this.painted.canvas !== canvas) {
      this.paint(canvas, this.scene);
      this.painted = { scene: this.scene, canvas };
    }
    if (this.last) this.frame(this.last);
  }

  /** A pan or zoom frame: moves the viewport rectangle. */
  frame(t: ViewTransform): void {
    this.last = t;
    const rect = this.host.renderRoot.querySelector<HTMLElement>('.minimap .mm-view');
    const scene = this.scene;
    if (!rect || !scene) return;
    const m = this.metrics(scene.bounds);
    const v = this.host.viewportSize();
    const x0 = Math.max(0, (-t.x / t.k - scene.bounds.x) * m.s);
    const y0 = Math.max(0, (-t.y / t.k - scene.bounds.y) * m.s);
    const x1 = Math.min(m.w, ((-t.x + v.width) / t.k - scene.bounds.x) * m.s);
    const y1 = Math.min(m.h, ((-t.y + v.height) / t.k - scene.bounds.y) * m.s);
    rect.style.cssText = `left:${x0}px;top:${y0}px;width:${Math.max(2, x1 - x0)}px;height:${Math.max(2, y1 - y0)}px`;
  }

  render(lang: { label: string }) {
    const scene = this.scene;
    if (!this.shown || !scene || scene.nodes.length === 0) return nothing;
    const m = this.metrics(scene.bounds);
    return html`<div class="minimap" part="minimap" role="img" aria-label=${lang.label}
      style="width:${m.w}px;height:${m.h}px"
      @pointerdown=${this.onDown} @pointermove=${this.onMove} @pointerup=${this.onUp} @pointercancel=${this.onUp}>
      <canvas width=${Math.round(m.w * 2)} height=${Math.round(m.h * 2)}></canvas><div class="mm-view"></div>
    </div>`;
  }

  private metrics(b: Box): { s: number; w: number; h: number } {
    const s = Math.min(MAX_W / Math.max(1, b.width), MAX_H / Math.max(1, b.height));
    return { s, w: Math.max(24, b.width * s), h: Math.max(24, b.height * s) };
  }

  private paint(canvas: HTMLCanvasElement, scene: Scene): void {
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const style = getComputedStyle(this.host);
    const colour = new Map(NODE_TYPES.map((t) => [t, style.getPropertyValue(typeVariable(t)).trim() || '#888']));
    const m = this.metrics(scene.bounds);
    const s = m.s * 2;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    for (const n of scene.nodes) {
      ctx.fillStyle = colour.get(n.node.type) ?? '#888';
      ctx.fillRect(
        (n.x - scene.bounds.x) * s,
        (n.y - scene.bounds.y) * s,
        Math.max(1.5, n.width * s),
        Math.max(1.5, n.height * s),
      );
    }
  }

  private goTo(e: PointerEvent): void {
    const scene = this.scene;
    const el = e.currentTarget as HTMLElement;
    if (!scene) return;
    const r = el.getBoundingClientRect();
    const m = this.metrics(scene.bounds);
    const gx = scene.bounds.x + (e.clientX - r.left) / m.s;
    const gy = scene.bounds.y + (e.clientY - r.top) / m.s;
    this.host.moveTo(centreOn({ x: gx, y: gy, width: 0, height: 0 }, this.host.viewportSize(), this.host.zoom));
  }

  private readonly onDown = (e: PointerEvent) => {
    e.stopPropagation();
    this.dragging = e.pointerId;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    this.goTo(e);
  };

  private readonly onMove = (e: PointerEvent) => {
    if (e.pointerId !== this.dragging) return;
    e.stopPropagation();
    this.goTo(e);
  };

  private readonly onUp = (e: PointerEvent) => {
    if (e.pointerId === this.dragging) this.dragging = -1;
  };
}
