// The overview's data in the shape drawing and hit-testing want: typed arrays copied once from the columnar answer
// (core/layout/overview-data.ts), the node order by falling degree (who gets a label first), and a uniform grid
// over world space, so "which nodes are in this rectangle" and "which node is under the pointer" read only the cells
// they overlap instead of 15,000 nodes.
import type { OverviewData, OverviewSection } from '../../core/layout/overview-data';

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** World units per grid cell: a few node cells (core/layout/overview.ts OVERVIEW_CELL is 12). */
const GRID = 48;

export class OverviewModel {
  readonly n: number;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly type: Uint8Array;
  readonly section: Uint16Array;
  readonly degree: Int32Array;
  readonly edges: Uint32Array;
  readonly ids: readonly string[];
  readonly typeNames: readonly string[];
  readonly sections: readonly OverviewSection[];
  readonly width: number;
  readonly height: number;
  readonly revision: number;
  /** Node indices, best connected first (ties by canonical order): the order labels are offered in. */
  readonly byDegree: Uint32Array;
  /** Label texts known so far, by node index (the included ones, then those fetched as the reader zooms). */
  readonly labels = new Map<number, string>();
  private readonly indexById: Map<string, number>;
  private readonly cols: number;
  private readonly rows: number;
  private readonly cellStart: Uint32Array;
  private readonly cellList: Uint32Array;

  constructor(data: OverviewData) {
    const n = data.count;
    this.n = n;
    this.x = Float32Array.from(data.x);
    this.y = Float32Array.from(data.y);
    this.type = Uint8Array.from(data.type);
    this.section = Uint16Array.from(data.section);
    this.degree = Int32Array.from(data.degree);
    this.edges = Uint32Array.from(data.edges);
    this.ids = data.ids;
    this.typeNames = data.typeNames;
    this.sections = data.sections;
    this.width = Math.max(1, data.width);
    this.height = Math.max(1, data.height);
    this.revision = data.revision;
    this.indexById = new Map(data.ids.map((id, i) => [id, i]));
    data.labels.index.forEach((i, k) => this.labels.set(i, data.labels.text[k]));
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.degree[b] - this.degree[a] || a - b);
    this.byDegree = Uint32Array.from(order);
    // Counting sort of nodes into grid cells (CSR: cellStart[c]..cellStart[c+1] in cellList).
    this.cols = Math.ceil(this.width / GRID) + 1;
    this.rows = Math.ceil(this.height / GRID) + 1;
    const cells = this.cols * this.rows;
    const start = new Uint32Array(cells + 1);
    const cellOf = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      cellOf[i] = this.cellAt(this.x[i], this.y[i]);
      start[cellOf[i] + 1]++;
    }
    for (let c = 0; c < cells; c++) start[c + 1] += start[c];
    const fill = start.slice(0, cells);
    const list = new Uint32Array(n);
    for (let i = 0; i < n; i++) list[fill[cellOf[i]]++] = i;
    this.cellStart = start;
    this.cellList = list;
  }

  indexOf(id: string): number {
    return this.indexById.get(id) ?? -1;
  }

  private cellAt(x: number, y: number): number {
    const cx = Math.min(this.cols - 1, Math.max(0, Math.floor(x / GRID)));
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor(y / GRID)));
    return cy * this.cols + cx;
  }

  /** Calls `visit(i)` for every node inside the world rectangle. */
  forEachIn(r: Rect, visit: (i: number) => void): void {
    const cx0 = Math.max(0, Math.floor(r.x0 / GRID));
    const cx1 = Math.min(this.cols - 1, Math.floor(r.x1 / GRID));
    const cy0 = Math.max(0, Math.floor(r.y0 / GRID));
    const cy1 = Math.min(this.rows - 1, Math.floor(r.y1 / GRID));
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const c = cy * this.cols + cx;
        for (let k = this.cellStart[c]; k < this.cellStart[c + 1]; k++) {
          const i = this.cellList[k];
          if (this.x[i] >= r.x0 && this.x[i] <= r.x1 && this.y[i] >= r.y0 && this.y[i] <= r.y1) visit(i);
        }
      }
    }
  }

  /** The node nearest to (x, y) within `radius` world units, or -1. */
  nearest(x: number, y: number, radius: number): number {
    let best = -1;
    let bestD = radius * radius;
    this.forEachIn({ x0: x - radius, y0: y - radius, x1: x + radius, y1: y + radius }, (i) => {
      const d = (this.x[i] - x) ** 2 + (this.y[i] - y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }

  /**
   * Up to `limit` nodes of the rectangle, nearest to its centre first: what the detailed view opens when the reader
   * zooms into a region (its 800-node budget follows the viewport).
   */
  nodesNear(r: Rect, limit: number, first = -1): number[] {
    const cx = (r.x0 + r.x1) / 2;
    const cy = (r.y0 + r.y1) / 2;
    const found: number[] = [];
    this.forEachIn(r, (i) => found.push(i));
    found.sort(
      (a, b) =>
        (this.x[a] - cx) ** 2 + (this.y[a] - cy) ** 2 - ((this.x[b] - cx) ** 2 + (this.y[b] - cy) ** 2) || a - b,
    );
    if (first >= 0) {
      const at = found.indexOf(first);
      if (at > 0) found.splice(at, 1);
      if (at !== 0) found.unshift(first);
    }
    return found.slice(0, limit);
  }
}
