// A uniform-grid spatial index over rectangles, so overlap and crossing checks stay near linear on 800-node graphs.
import type { Rect } from './geometry';

export class RectGrid<T extends Rect> {
  private readonly cells = new Map<string, number[]>();
  readonly items: T[] = [];

  constructor(private readonly cellSize = 128) {}

  add(item: T): number {
    const index = this.items.length;
    this.items.push(item);
    this.forCells(item, (key) => {
      const list = this.cells.get(key);
      if (list) list.push(index);
      else this.cells.set(key, [index]);
    });
    return index;
  }

  /** Indexes of items whose cells meet the query rectangle (candidates: check the exact geometry yourself). */
  near(query: Rect): number[] {
    const seen = new Set<number>();
    this.forCells(query, (key) => {
      for (const i of this.cells.get(key) ?? []) seen.add(i);
    });
    return [...seen].sort((a, b) => a - b);
  }

  private forCells(r: Rect, visit: (key: string) => void): void {
    const s = this.cellSize;
    const x0 = Math.floor(r.x / s);
    const y0 = Math.floor(r.y / s);
    const x1 = Math.floor((r.x + Math.max(0, r.width)) / s);
    const y1 = Math.floor((r.y + Math.max(0, r.height)) / s);
    for (let gx = x0; gx <= x1; gx++) for (let gy = y0; gy <= y1; gy++) visit(`${gx},${gy}`);
  }
}

/** Bounding rectangle of a segment, padded. */
export function segmentBox(a: [number, number], b: [number, number], pad = 0): Rect {
  const x = Math.min(a[0], b[0]) - pad;
  const y = Math.min(a[1], b[1]) - pad;
  return { x, y, width: Math.abs(a[0] - b[0]) + 2 * pad, height: Math.abs(a[1] - b[1]) + 2 * pad };
}
