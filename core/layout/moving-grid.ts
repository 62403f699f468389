// A uniform grid over a fixed set of items whose bounding boxes move (RectGrid in grid.ts is add-only): the
// through-node repair moves one node at a time and must re-index only that node and its edges.
const SPAN = 1 << 20;
const key = (gx: number, gy: number) => (gx + SPAN / 2) * SPAN + (gy + SPAN / 2);

export class MovingGrid {
  private readonly cells = new Map<number, number[]>();
  /** Cell span of each item: gx0, gy0, gx1, gy1 (gx1 < gx0 while the item is not in the grid). */
  private readonly spans: Int32Array;
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(
    count: number,
    private readonly cellSize = 160,
  ) {
    this.spans = new Int32Array(count * 4);
    for (let i = 0; i < count; i++) this.spans[i * 4 + 2] = -1;
    this.seen = new Uint32Array(count);
  }

  /** Puts item `id` at the box [x0, x1] × [y0, y1], taking it out of its old cells first. */
  set(id: number, x0: number, y0: number, x1: number, y1: number): void {
    const s = this.cellSize;
    const gx0 = Math.floor(x0 / s);
    const gy0 = Math.floor(y0 / s);
    const gx1 = Math.floor(x1 / s);
    const gy1 = Math.floor(y1 / s);
    const o = id * 4;
    const sp = this.spans;
    if (sp[o] === gx0 && sp[o + 1] === gy0 && sp[o + 2] === gx1 && sp[o + 3] === gy1) return;
    for (let gx = sp[o]; gx <= sp[o + 2]; gx++) {
      for (let gy = sp[o + 1]; gy <= sp[o + 3]; gy++) {
        const list = this.cells.get(key(gx, gy))!;
        const at = list.indexOf(id);
        list[at] = list[list.length - 1];
        list.pop();
      }
    }
    sp[o] = gx0;
    sp[o + 1] = gy0;
    sp[o + 2] = gx1;
    sp[o + 3] = gy1;
    for (let gx = gx0; gx <= gx1; gx++) {
      for (let gy = gy0; gy <= gy1; gy++) {
        const k = key(gx, gy);
        const list = this.cells.get(k);
        if (list) list.push(id);
        else this.cells.set(k, [id]);
      }
    }
  }

  /**
   * Calls `visit` once for each item in a cell the segment a→b passes through: every item whose box the segment
   * meets, with far fewer candidates than the segment's bounding box would give for a long diagonal.
   */
  querySegment(ax: number, ay: number, bx: number, by: number, visit: (id: number) => void): void {
    if (ax > bx) {
      this.querySegment(bx, by, ax, ay, visit);
      return;
    }
    const s = this.cellSize;
    const stamp = ++this.stamp;
    const gx1 = Math.floor(bx / s);
    const slope = bx > ax ? (by - ay) / (bx - ax) : 0;
    for (let gx = Math.floor(ax / s); gx <= gx1; gx++) {
      // The segment's y range inside this column (a hair wider, against rounding at cell borders).
      const yl = bx > ax ? ay + slope * (Math.max(ax, gx * s) - ax) : ay;
      const yr = bx > ax ? ay + slope * (Math.min(bx, (gx + 1) * s) - ax) : by;
      const gy1 = Math.floor((Math.max(yl, yr) + 1e-6) / s);
      for (let gy = Math.floor((Math.min(yl, yr) - 1e-6) / s); gy <= gy1; gy++) {
        const list = this.cells.get(key(gx, gy));
        if (!list) continue;
        for (const id of list) {
          if (this.seen[id] === stamp) continue;
          this.seen[id] = stamp;
          visit(id);
        }
      }
    }
  }

  /** Calls `visit` once for each item whose cells meet the box (candidates: check the exact geometry yourself). */
  query(x0: number, y0: number, x1: number, y1: number, visit: (id: number) => void): void {
    const s = this.cellSize;
    const stamp = ++this.stamp;
    const gx1 = Math.floor(x1 / s);
    const gy1 = Math.floor(y1 / s);
    for (let gx = Math.floor(x0 / s); gx <= gx1; gx++) {
      for (let gy = Math.floor(y0 / s); gy <= gy1; gy++) {
        const list = this.cells.get(key(gx, gy));
        if (!list) continue;
        for (const id of list) {
          if (this.seen[id] === stamp) continue;
          this.seen[id] = stamp;
          visit(id);
        }
      }
    }
  }
}
