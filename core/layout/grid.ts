// A uniform-grid spatial index over rectangles, so overlap and crossing checks stay near linear on 800-node graphs.
// Numeric cell keys and a visit stamp instead of a Set keep it allocation-light (it runs inside force ticks).
import type { Rect } from './geometry';

const SPAN = 1 << 20;

export class RectGrid<T extends Rect> {
  private readonly cells = new Map<number, number[]>();
  readonly items: T[] = [];
  private seen = new Uint32Array(64);
  private stamp = 0;

  constructor(private readonly cellSize = 128) {}

  add(item: T): number {
    const index = this.items.length;
    this.items.push(item);
    if (index >= this.seen.length) {
      const grown = new Uint32Array(this.seen.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
    const [x0, y0, x1, y1] = this.span(item);
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const key = (gx + SPAN / 2) * SPAN + (gy + SPAN / 2);
        const list = this.cells.get(key);
        if (list) list.push(index);
        else this.cells.set(key, [index]);
      }
    }
    return index;
  }

  /** Indexes of items whose cells meet the query rectangle (candidates: check the exact geometry yourself). */
  near(query: Rect): number[] {
    const out: number[] = [];
    const stamp = ++this.stamp;
    const [x0, y0, x1, y1] = this.span(query);
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const list = this.cells.get((gx + SPAN / 2) * SPAN + (gy + SPAN / 2));
        if (!list) continue;
        for (const i of list) {
          if (this.seen[i] !== stamp) {
            this.seen[i] = stamp;
            out.push(i);
          }
        }
      }
    }
    return out;
  }

  private span(r: Rect): [number, number, number, number] {
    const s = this.cellSize;
    return [
      Math.floor(r.x / s),
      Math.floor(r.y / s),
      Math.floor((r.x + Math.max(0, r.width)) / s),
      Math.floor((r.y + Math.max(0, r.height)) / s),
    ];
  }
}

/** Bounding rectangle of a segment, padded. */
export function segmentBox(a: [number, number], b: [number, number], pad = 0): Rect {
  const x = Math.min(a[0], b[0]) - pad;
  const y = Math.min(a[1], b[1]) - pad;
  return { x, y, width: Math.abs(a[0] - b[0]) + 2 * pad, height: Math.abs(a[1] - b[1]) + 2 * pad };
}
