// Level of detail for the overview's labels: section titles first, then nodes from the best connected down, each
// label placed only where it overlaps no label already placed (greedy, with a screen-space grid so each test reads
// a few cells). Zoomed out, space runs out after the hubs; zoomed in, the same rule lets more and longer labels in.
// Nodes that deserve a label but whose text is not known yet are reported, so the view can fetch their texts.
import type { OverviewModel } from './overview-model';

export interface View {
  scale: number;
  tx: number;
  ty: number;
  /** CSS pixels of the canvas. */
  w: number;
  h: number;
}

export interface PlacedLabel {
  kind: 'section' | 'node';
  /** Node index, or section index. */
  index: number;
  text: string;
  /** Box in CSS pixels (text drawn inside with a small padding). */
  x: number;
  y: number;
  w: number;
  h: number;
}

export const NODE_FONT = '12px system-ui, sans-serif';
export const SECTION_FONT = '600 13px system-ui, sans-serif';
const LINE = 16;
const CELL = 48;
/** Labels placed at most, and visible nodes examined at most, per frame (bounded work however large the graph). */
const MAX_LABELS = 220;
const MAX_EXAMINED = 6000;

class BoxGrid {
  private readonly cells = new Map<number, PlacedLabel[]>();

  private keys(b: PlacedLabel): number[] {
    const out: number[] = [];
    for (let cy = Math.floor(b.y / CELL); cy <= Math.floor((b.y + b.h) / CELL); cy++) {
      for (let cx = Math.floor(b.x / CELL); cx <= Math.floor((b.x + b.w) / CELL); cx++) out.push(cy * 100_003 + cx);
    }
    return out;
  }

  collides(b: PlacedLabel): boolean {
    for (const k of this.keys(b)) {
      for (const o of this.cells.get(k) ?? []) {
        if (b.x < o.x + o.w && o.x < b.x + b.w && b.y < o.y + o.h && o.y < b.y + b.h) return true;
      }
    }
    return false;
  }

  add(b: PlacedLabel): void {
    for (const k of this.keys(b)) {
      const list = this.cells.get(k);
      if (list) list.push(b);
      else this.cells.set(k, [b]);
    }
  }
}

function shorten(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

export function placeLabels(
  model: OverviewModel,
  view: View,
  measure: (text: string, font: string) => number,
  missing: (index: number) => void,
): PlacedLabel[] {
  const grid = new BoxGrid();
  const placed: PlacedLabel[] = [];
  const tryPlace = (b: PlacedLabel) => {
    if (b.x + b.w < 0 || b.y + b.h < 0 || b.x > view.w || b.y > view.h || grid.collides(b)) return false;
    grid.add(b);
    placed.push(b);
    return true;
  };
  // Section titles first, the largest sections first; a title may run past a small region's edge (the collision
  // test keeps it off every other label), so chapters stay named when the whole book is on screen.
  const bySize = model.sections
    .map((s, index) => ({ s, index }))
    .sort((a, b) => b.s.count - a.s.count || a.index - b.index);
  for (const { s, index } of bySize) {
    const w = s.w * view.scale;
    if (w < 16 || !s.title) continue;
    const text = shorten(s.title, Math.min(28, Math.max(10, Math.floor(w / 7))));
    tryPlace({
      kind: 'section',
      index,
      text,
      x: s.x * view.scale + view.tx + 2,
      y: s.y * view.scale + view.ty + 2,
      w: measure(text, SECTION_FONT) + 8,
      h: LINE + 2,
    });
  }
  // Zoomed out a label is a landmark (short); zoomed in it may carry the whole clipped text.
  const chars = view.scale < 0.8 ? 24 : view.scale < 1.6 ? 40 : 60;
  const margin = 20;
  let examined = 0;
  for (let k = 0; k < model.n && placed.length < MAX_LABELS && examined < MAX_EXAMINED; k++) {
    const i = model.byDegree[k];
    const sx = model.x[i] * view.scale + view.tx;
    const sy = model.y[i] * view.scale + view.ty;
    if (sx < -margin || sy < -margin || sx > view.w + margin || sy > view.h + margin) continue;
    examined++;
    const full = model.labels.get(i);
    if (full === undefined) {
      missing(i);
      continue;
    }
    const text = shorten(full, chars);
    tryPlace({ kind: 'node', index: i, text, x: sx + 5, y: sy - LINE / 2, w: measure(text, NODE_FONT) + 6, h: LINE });
  }
  return placed;
}
