// Pan and zoom of the graph view as a Lit ReactiveController. The whole drawing moves by one transform (no child
// is re-rendered), written at most once per animation frame: pointer drags and Ctrl+wheel only update the target
// transform, and a single requestAnimationFrame applies it. The plain wheel zooms around the cursor (as in every map),
// a sideways trackpad swipe pans, Ctrl+wheel (a trackpad pinch) zooms, and two touch pointers pinch-zoom. Trying to
// zoom out past MIN_ZOOM reports onZoomOutLimit (the embedder may then show a whole-document overview).
//
// The transform is a CSS transform on the <svg> element rather than an SVG transform on a <g> inside it: Chromium
// lays out every SVG text again when the scale of an ancestor transform *inside* the SVG changes (it re-derives
// the text's screen font size), which made Ctrl+wheel zoom of 800 nodes run at a few frames per second. The <svg>
// also has its own compositing layer (`will-change: transform` in the styles), so a frame of pan or zoom is
// composited without repainting the drawing; Chromium re-rasters the layer sharp once the scale stops changing.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { IDENTITY, MIN_ZOOM, clampZoom, cssTransform, zoomAround, type ViewTransform } from './viewport-math';

export interface PanZoomOptions {
  /** The element that receives pointer and wheel events (the canvas). */
  surface: () => HTMLElement | null;
  /** The transformed element (the drawing's <svg>). */
  layer: () => SVGSVGElement | null;
  /** Called after a frame applied a new transform. */
  onFrame?: (t: ViewTransform) => void;
  /** The reader tried to zoom out below MIN_ZOOM (at most once per 500 ms). */
  onZoomOutLimit?: () => void;
}

/** Pixels a pointer must travel before a press becomes a drag (below it, a click). */
const DRAG_THRESHOLD = 4;
const WHEEL_ZOOM_RATE = 0.0025;

export class PanZoomController implements ReactiveController {
  private current: ViewTransform = IDENTITY;
  private frame = 0;
  private drag: { id: number; x: number; y: number; start: ViewTransform; moved: boolean } | null = null;
  private attached: HTMLElement | null = null;
  private animation: { cancel: () => void } | null = null;
  /** Touch pointers down on the surface (two of them pinch). */
  private touches = new Map<number, { x: number; y: number }>();
  private pinch: { distance: number; start: ViewTransform; mid: { x: number; y: number } } | null = null;
  /** When the last zoom-out-limit was reported; -Infinity so the first one is never held back (performance.now()
   * starts at the page's navigation, so 0 would swallow a report in the page's first 500 ms). */
  private limitAt = Number.NEGATIVE_INFINITY;
  /** True right after a drag, so the click that ends it does not select anything. */
  suppressClick = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: PanZoomOptions,
  ) {
    host.addController(this);
  }

  /** The transform on screen now. */
  get transform(): ViewTransform {
    return this.current;
  }

  /** The transform the view is heading to (the one of the next frame, if one is scheduled). */
  get target(): ViewTransform {
    return this.pending ?? this.current;
  }

  /** Applies `t` at once, without waiting for a frame (before the first paint of a new layout). */
  jump(t: ViewTransform): void {
    this.animation?.cancel();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.pending = null;
    this.apply({ x: t.x, y: t.y, k: clampZoom(t.k) });
  }

  /** Applies a scheduled transform now (before reading the DOM, e.g. for an export). */
  flush(): void {
    if (this.pending) this.jump(this.pending);
  }

  hostUpdated(): void {
    const surface = this.options.surface();
    if (surface && surface !== this.attached) {
      this.detach();
      surface.addEventListener('pointerdown', this.onPointerDown);
      surface.addEventListener('pointermove', this.onPointerMove);
      surface.addEventListener('pointerup', this.onPointerUp);
      surface.addEventListener('pointercancel', this.onPointerUp);
      surface.addEventListener('wheel', this.onWheel, { passive: false });
      this.attached = surface;
    }
    // The drawing's element may be new after a render: give it the current transform.
    const layer = this.options.layer();
    if (layer) layer.style.transform = cssTransform(this.current);
  }

  hostDisconnected(): void {
    this.detach();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.animation?.cancel();
  }

  /** Sets the transform (applied on the next frame). */
  set(t: ViewTransform): void {
    this.animation?.cancel();
    this.schedule({ x: t.x, y: t.y, k: clampZoom(t.k) });
  }

  /** Moves to `t` over `ms` milliseconds (at once when reduced motion is asked for); resolves when it arrives. */
  animateTo(t: ViewTransform, ms = 280): Promise<void> {
    this.animation?.cancel();
    const target = { x: t.x, y: t.y, k: clampZoom(t.k) };
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced || ms <= 0 || !this.host.isConnected) {
      this.schedule(target);
      return this.nextFrame();
    }
    const from = this.current;
    return new Promise<void>((resolve) => {
      let raf = 0;
      const start = performance.now();
      const step = (now: number) => {
        const f = Math.min(1, (now - start) / ms);
        const e = f < 0.5 ? 2 * f * f : 1 - (-2 * f + 2) ** 2 / 2;
        this.apply({
          x: from.x + (target.x - from.x) * e,
          y: from.y + (target.y - from.y) * e,
          k: from.k + (target.k - from.k) * e,
        });
        if (f < 1) raf = requestAnimationFrame(step);
        else finish();
      };
      const finish = () => {
        this.animation = null;
        resolve();
      };
      this.animation = {
        cancel: () => {
          cancelAnimationFrame(raf);
          finish();
        },
      };
      raf = requestAnimationFrame(step);
    });
  }

  /** Zooms to `k` keeping the screen point `anchor` (default: the centre of the surface) fixed. */
  zoomTo(k: number, anchor?: { x: number; y: number }): void {
    if (this.atOutLimit(k)) return;
    const surface = this.options.surface();
    const a = anchor ?? { x: (surface?.clientWidth ?? 0) / 2, y: (surface?.clientHeight ?? 0) / 2 };
    this.set(zoomAround(this.target, k, a));
  }

  private pending: ViewTransform | null = null;

  /** True (and reported) when `k` asks to go further out than the view already is at its floor. */
  private atOutLimit(k: number): boolean {
    if (k >= MIN_ZOOM || this.target.k > MIN_ZOOM + 1e-6) return false;
    const now = performance.now();
    if (now - this.limitAt > 500) {
      this.limitAt = now;
      this.options.onZoomOutLimit?.();
    }
    return true;
  }

  private schedule(t: ViewTransform): void {
    this.pending = t;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const next = this.pending;
      this.pending = null;
      if (next) this.apply(next);
    });
  }

  private apply(t: ViewTransform): void {
    this.current = t;
    const layer = this.options.layer();
    if (layer) layer.style.transform = cssTransform(t);
    this.options.onFrame?.(t);
  }

  private nextFrame(): Promise<void> {
    return new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }

  private detach(): void {
    const s = this.attached;
    if (!s) return;
    s.removeEventListener('pointerdown', this.onPointerDown);
    s.removeEventListener('pointermove', this.onPointerMove);
    s.removeEventListener('pointerup', this.onPointerUp);
    s.removeEventListener('pointercancel', this.onPointerUp);
    s.removeEventListener('wheel', this.onWheel);
    this.attached = null;
  }

  private readonly onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch') {
      this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.touches.size === 2) this.startPinch();
    }
    if (e.button !== 0 || !e.isPrimary) return;
    this.animation?.cancel();
    this.suppressClick = false;
    this.drag = { id: e.pointerId, x: e.clientX, y: e.clientY, start: this.pending ?? this.current, moved: false };
  };

  private readonly onPointerMove = (e: PointerEvent) => {
    if (this.touches.has(e.pointerId)) {
      this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pinch) return this.movePinch();
    }
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      d.moved = true;
      this.attached?.setPointerCapture?.(e.pointerId);
      this.attached?.classList.add('panning');
    }
    this.schedule({ x: d.start.x + dx, y: d.start.y + dy, k: d.start.k });
  };

  private readonly onPointerUp = (e: PointerEvent) => {
    this.touches.delete(e.pointerId);
    if (this.touches.size < 2) this.pinch = null;
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.drag = null;
    if (d.moved) {
      this.suppressClick = true;
      this.attached?.classList.remove('panning');
      if (this.attached?.hasPointerCapture?.(e.pointerId)) this.attached.releasePointerCapture(e.pointerId);
    }
  };

  private startPinch(): void {
    const [a, b] = [...this.touches.values()];
    const rect = this.attached!.getBoundingClientRect();
    this.drag = null;
    this.suppressClick = true;
    this.pinch = {
      distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      start: this.pending ?? this.current,
      mid: { x: (a.x + b.x) / 2 - rect.left, y: (a.y + b.y) / 2 - rect.top },
    };
  }

  /** Two fingers: the zoom follows their distance, the drawing follows their midpoint. */
  private movePinch(): void {
    const p = this.pinch!;
    const [a, b] = [...this.touches.values()];
    const rect = this.attached!.getBoundingClientRect();
    const k = p.start.k * (Math.hypot(a.x - b.x, a.y - b.y) / p.distance);
    if (k < MIN_ZOOM && this.atOutLimit(k)) return;
    const mid = { x: (a.x + b.x) / 2 - rect.left, y: (a.y + b.y) / 2 - rect.top };
    const zoomed = zoomAround(p.start, k, p.mid);
    this.schedule({ k: zoomed.k, x: zoomed.x + mid.x - p.mid.x, y: zoomed.y + mid.y - p.mid.y });
  }

  private readonly onWheel = (e: WheelEvent) => {
    e.preventDefault();
    this.animation?.cancel();
    const base = this.pending ?? this.current;
    const scale = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    // A sideways trackpad swipe (no Ctrl) pans; everything else zooms around the cursor.
    if (!e.ctrlKey && !e.metaKey && Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      this.schedule({ k: base.k, x: base.x - e.deltaX * scale, y: base.y - e.deltaY * scale });
      return;
    }
    const k = base.k * Math.exp(-e.deltaY * scale * WHEEL_ZOOM_RATE);
    if (e.deltaY > 0 && this.atOutLimit(k)) return;
    const rect = this.attached!.getBoundingClientRect();
    this.schedule(zoomAround(base, k, { x: e.clientX - rect.left, y: e.clientY - rect.top }));
  };
}
