// The whole-document overview's layout (issue 16): every node of the canonical graph at once, grouped by section.
// It must scale to a book (~15,000 nodes, 30,000 edges) inside one Worker request, so it is linear-ish and needs no
// ELK: each section is a square of grid cells filled along a square spiral (consecutive cells touch), in the order
// of a breadth-first walk of the section's own relations from its best-connected node, so a hub sits in the middle
// with its neighbours around it and each connected part stays together; the section squares are then packed in
// reading order on shelves (left to right, top to bottom), so the document reads like the page. Deterministic: the
// same graph gives the same positions (ties broken by canonical order).

export interface OverviewLayoutInput {
  /** Section index of each node in canonical order (-1: none; such nodes form one group after the sections). */
  section: ArrayLike<number>;
  sectionCount: number;
  /** Relations as node index pairs: [from0, to0, from1, to1, ...]. */
  edges: ArrayLike<number>;
}

export interface OverviewRegion {
  /** Section index, or -1 for the group of nodes without a section. */
  section: number;
  x: number;
  y: number;
  w: number;
  h: number;
  count: number;
}

export interface OverviewLayout {
  x: Int32Array;
  y: Int32Array;
  degree: Int32Array;
  regions: OverviewRegion[];
  width: number;
  height: number;
}

/** World units between neighbouring node centres; the renderer draws nodes a few units across. */
export const OVERVIEW_CELL = 12;
/** Empty cells around a section's square, and above it for its title. */
const PAD_CELLS = 2;
const TITLE_CELLS = 3;

export function layoutOverview(input: OverviewLayoutInput): OverviewLayout {
  const n = input.section.length;
  const degree = new Int32Array(n);
  const edges = input.edges;
  for (let i = 0; i + 1 < edges.length; i += 2) {
    degree[edges[i]]++;
    degree[edges[i + 1]]++;
  }
  const groups = groupBySection(input);
  const adjacency = sectionAdjacency(input, n);
  const x = new Int32Array(n);
  const y = new Int32Array(n);
  // Each group in its own frame first (cell coordinates around 0,0), then packed.
  const boxes = groups.map(({ section, members }) => {
    const order = walkOrder(members, adjacency, degree);
    const side = Math.max(1, Math.ceil(Math.sqrt(order.length)));
    const half = Math.floor((side - 1) / 2);
    spiralCells(order.length, (k, cx, cy) => {
      x[order[k]] = cx + half;
      y[order[k]] = cy + half;
    });
    const cells = side + 2 * PAD_CELLS;
    return { section, members: order, w: cells, h: cells + TITLE_CELLS };
  });
  const placed = packShelves(boxes);
  const regions: OverviewRegion[] = [];
  let width = 0;
  let height = 0;
  boxes.forEach((box, i) => {
    const { left, top } = placed[i];
    for (const m of box.members) {
      x[m] = (left + PAD_CELLS + x[m]) * OVERVIEW_CELL;
      y[m] = (top + TITLE_CELLS + PAD_CELLS + y[m]) * OVERVIEW_CELL;
    }
    const region = {
      section: box.section,
      x: left * OVERVIEW_CELL,
      y: top * OVERVIEW_CELL,
      w: box.w * OVERVIEW_CELL,
      h: box.h * OVERVIEW_CELL,
      count: box.members.length,
    };
    regions.push(region);
    width = Math.max(width, region.x + region.w);
    height = Math.max(height, region.y + region.h);
  });
  return { x, y, degree, regions, width, height };
}

function groupBySection(input: OverviewLayoutInput): Array<{ section: number; members: number[] }> {
  const bySection: number[][] = Array.from({ length: input.sectionCount + 1 }, () => []);
  for (let i = 0; i < input.section.length; i++) {
    const s = input.section[i];
    bySection[s >= 0 && s < input.sectionCount ? s : input.sectionCount].push(i);
  }
  return bySection
    .map((members, s) => ({ section: s === input.sectionCount ? -1 : s, members }))
    .filter((g) => g.members.length > 0);
}

/** Neighbours within the same section (CSR arrays), the only relations the placement inside a square follows. */
function sectionAdjacency(input: OverviewLayoutInput, n: number): { start: Int32Array; list: Int32Array } {
  const { edges, section } = input;
  const count = new Int32Array(n + 1);
  const same = (a: number, b: number) => a !== b && section[a] === section[b];
  for (let i = 0; i + 1 < edges.length; i += 2) {
    if (!same(edges[i], edges[i + 1])) continue;
    count[edges[i] + 1]++;
    count[edges[i + 1] + 1]++;
  }
  for (let i = 0; i < n; i++) count[i + 1] += count[i];
  const start = count.slice();
  const fill = count.slice(0, n);
  const list = new Int32Array(start[n]);
  for (let i = 0; i + 1 < edges.length; i += 2) {
    const a = edges[i];
    const b = edges[i + 1];
    if (!same(a, b)) continue;
    list[fill[a]++] = b;
    list[fill[b]++] = a;
  }
  return { start, list };
}

/**
 * Breadth-first from the best-connected unvisited member, neighbours by falling degree; every connected part in
 * turn, the largest hubs first, so the middle of the square holds the section's most connected part.
 */
function walkOrder(members: number[], adj: { start: Int32Array; list: Int32Array }, degree: Int32Array): number[] {
  const byDegree = [...members].sort((a, b) => degree[b] - degree[a] || a - b);
  const seen = new Set<number>();
  const order: number[] = [];
  for (const root of byDegree) {
    if (seen.has(root)) continue;
    seen.add(root);
    order.push(root);
    for (let head = order.length - 1; head < order.length; head++) {
      const v = order[head];
      const next: number[] = [];
      for (let k = adj.start[v]; k < adj.start[v + 1]; k++) {
        const w = adj.list[k];
        if (!seen.has(w)) {
          seen.add(w);
          next.push(w);
        }
      }
      next.sort((a, b) => degree[b] - degree[a] || a - b);
      for (const w of next) order.push(w);
    }
  }
  return order;
}

/** Calls `at(k, x, y)` for the first `count` cells of a square spiral around (0,0): right, down, left, up, growing. */
export function spiralCells(count: number, at: (k: number, x: number, y: number) => void): void {
  let x = 0;
  let y = 0;
  let k = 0;
  const dirs = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ];
  if (count > 0) at(k++, x, y);
  for (let leg = 0; k < count; leg++) {
    const [dx, dy] = dirs[leg % 4];
    const length = (leg >> 1) + 1;
    for (let s = 0; s < length && k < count; s++) {
      x += dx;
      y += dy;
      at(k++, x, y);
    }
  }
}

/** Boxes (in cells) on shelves in their given order: a new shelf when the row would pass the target width. */
function packShelves(boxes: ReadonlyArray<{ w: number; h: number }>): Array<{ left: number; top: number }> {
  const area = boxes.reduce((s, b) => s + b.w * b.h, 0);
  const widest = boxes.reduce((m, b) => Math.max(m, b.w), 0);
  // A landscape page (4:3): screens are wider than tall.
  const target = Math.max(widest, Math.ceil(Math.sqrt((area * 4) / 3)));
  const out: Array<{ left: number; top: number }> = [];
  let left = 0;
  let top = 0;
  let shelf = 0;
  for (const b of boxes) {
    if (left > 0 && left + b.w > target) {
      top += shelf;
      left = 0;
      shelf = 0;
    }
    out.push({ left, top });
    left += b.w;
    shelf = Math.max(shelf, b.h);
  }
  return out;
}
