// Pointer input of the overview: the wheel zooms around the cursor (plain wheel as in every map; Ctrl+wheel is a
// trackpad pinch), a drag pans, two touch pointers pinch-zoom, a press that does not move is a click. Events only
// change the view; the element draws at most once per animation frame.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { View } from './overview-labels';

export interface OverviewPointerOptions {
  canvas: () => HTMLCanvasElement | null;
  view: () => View;
  /** `zoomed`: the change came from a zoom gesture (the element may then hand over to the detailed view). */
  setView: (view: View, zoomed: boolean) => void;
  click: (x: number, y: number) => void;
}

const DRAG_THRESHOLD = 4;
const WHEEL_RATE = 0.0025;

export function zoomAt(v: View, k: number, x: number, y: number): View {
  return { ...v, scale: v.scale * k, tx: x - (x - v.tx) * k, ty: y - (y - v.ty) * k };
}

export class OverviewPointer implements ReactiveController {
  private points = new Map<number, { x: number; y: number }>();
  private drag: { x: number; y: number; start: View; moved: boolean } | null = null;
  private pinch: { distance: number; start: View } | null = null;
  private attached: HTMLCanvasElement | null = null;

  constructor(
    host: ReactiveControllerHost,
    private readonly options: OverviewPointerOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.detach();
  }

  attach(): void {
    const canvas = this.options.canvas();
    if (!canvas || canvas === this.attached) return;
    this.detach();
    this.attached = canvas;
    canvas.addEventListener('wheel', this.onWheel, { passive: false });
    canvas.addEventListener('pointerdown', this.onDown);
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onUp);
  }

  private detach(): void {
    const c = this.attached;
    if (!c) return;
    c.removeEventListener('wheel', this.onWheel);
    c.removeEventListener('pointerdown', this.onDown);
    c.removeEventListener('pointermove', this.onMove);
    c.removeEventListener('pointerup', this.onUp);
    c.removeEventListener('pointercancel', this.onUp);
    this.attached = null;
  }

  private local(e: { clientX: number; clientY: number }): { x: number; y: number } {
    const r = this.attached!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const { x, y } = this.local(e);
    const v = this.options.view();
    // A sideways swipe without Ctrl pans (a trackpad's two-finger scroll); anything else zooms.
    if (!e.ctrlKey && Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      this.options.setView({ ...v, tx: v.tx - e.deltaX, ty: v.ty - e.deltaY }, false);
      return;
    }
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    this.options.setView(zoomAt(v, Math.exp(-e.deltaY * unit * WHEEL_RATE * (e.ctrlKey ? 4 : 1)), x, y), true);
  };

  private onDown = (e: PointerEvent) => {
    const p = this.local(e);
    this.points.set(e.pointerId, p);
    this.attached?.setPointerCapture?.(e.pointerId);
    if (this.points.size === 2) {
      const [a, b] = [...this.points.values()];
      this.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, start: this.options.view() };
      this.drag = null;
    } else if (this.points.size === 1) {
      this.drag = { ...p, start: this.options.view(), moved: false };
    }
  };

  private onMove = (e: PointerEvent) => {
    if (!this.points.has(e.pointerId)) return;
    const p = this.local(e);
    this.points.set(e.pointerId, p);
    if (this.pinch && this.points.size === 2) {
      const [a, b] = [...this.points.values()];
      const k = Math.hypot(a.x - b.x, a.y - b.y) / this.pinch.distance;
      this.options.setView(zoomAt(this.pinch.start, k, (a.x + b.x) / 2, (a.y + b.y) / 2), true);
      return;
    }
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(p.x - d.x, p.y - d.y) < DRAG_THRESHOLD) return;
    d.moved = true;
    this.options.setView({ ...d.start, tx: d.start.tx + p.x - d.x, ty: d.start.ty + p.y - d.y }, false);
  };

  private onUp = (e: PointerEvent) => {
    const d = this.drag;
    this.points.delete(e.pointerId);
    if (this.points.size < 2) this.pinch = null;
    if (d && !d.moved && e.type === 'pointerup' && this.points.size === 0) {
      const p = this.local(e);
      this.options.click(p.x, p.y);
    }
    if (this.points.size === 0) this.drag = null;
  };
}
