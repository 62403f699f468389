// Pure pan/zoom arithmetic for the graph view: a view transform maps graph units to canvas pixels as
// canvas = graph * k + (x, y). No DOM here, so the rules are tested in Node (viewport-math.test.ts).

/** Low enough that "fit" shows a whole 800-node window (labels are then unreadable: the minimap and the
 * embedder's overview take over below it, through the zoom-out-limit event). */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 2;
/** The smallest zoom at which 12 px node text is drawn at least 11 px tall: where the view opens at least. */
export const READABLE_ZOOM = 11 / 12;

export interface ViewTransform {
  x: number;
  y: number;
  k: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const IDENTITY: ViewTransform = { x: 0, y: 0, k: 1 };

export function clampZoom(k: number): number {
  if (!Number.isFinite(k)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));
}

/** The next 10 % step above (direction 1) or below (−1) `k`, clamped to [10 %, 200 %]. Off-grid values snap to the
 * grid first, so 113 % steps to 120 % or 110 %. */
export function stepZoom(k: number, direction: 1 | -1): number {
  const tenths = k * 10;
  const next = direction > 0 ? Math.floor(tenths + 1e-6) + 1 : Math.ceil(tenths - 1e-6) - 1;
  return clampZoom(Math.round(next) / 10);
}

/** The transform with scale `k` that keeps the screen point `anchor` over the same graph point. */
export function zoomAround(t: ViewTransform, k: number, anchor: { x: number; y: number }): ViewTransform {
  const nk = clampZoom(k);
  const gx = (anchor.x - t.x) / t.k;
  const gy = (anchor.y - t.y) / t.k;
  return { k: nk, x: anchor.x - gx * nk, y: anchor.y - gy * nk };
}

/** The transform that puts the centre of `box` (graph units) at the centre of the viewport, at scale `k`. */
export function centreOn(box: Box, viewport: { width: number; height: number }, k: number): ViewTransform {
  const nk = clampZoom(k);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { k: nk, x: viewport.width / 2 - cx * nk, y: viewport.height / 2 - cy * nk };
}

/** The largest zoom in [10 %, 200 %] at which `box` fits inside the viewport with `padding` px around it, centred.
 * A graph too large for 10 % stays at 10 %, centred (the zoom range is part of the contract). */
export function fitTransform(box: Box, viewport: { width: number; height: number }, padding = 24): ViewTransform {
  const w = Math.max(1, viewport.width - 2 * padding);
  const h = Math.max(1, viewport.height - 2 * padding);
  const k = Math.min(w / Math.max(1, box.width), h / Math.max(1, box.height));
  return centreOn(box, viewport, k);
}

/**
 * Where a scene opens: fitted when the fit is readable (labels ≥ 11 px); otherwise, at READABLE_ZOOM, the
 * viewport-sized window holding the most node centres (the densest readable region), so the first thing a reader
 * sees is text, not specks. The window is then slid, along each axis, to where it cuts the fewest nodes at its
 * edges: a reader on a phone opened onto half boxes at both sides. O(n²) over at most `sample` candidate centres
 * (800 nodes: a few ms).
 */
export function openingTransform(
  bounds: Box,
  nodes: readonly Box[],
  viewport: { width: number; height: number },
  sample = 400,
): ViewTransform {
  const fit = fitTransform(bounds, viewport);
  if (fit.k >= READABLE_ZOOM || nodes.length === 0) return fit;
  const k = READABLE_ZOOM;
  const w = viewport.width / k;
  const h = viewport.height / k;
  const centres = nodes.map((n) => ({ x: n.x + n.width / 2, y: n.y + n.height / 2 }));
  const step = Math.max(1, Math.floor(centres.length / sample));
  let best = centres[0];
  let bestCount = -1;
  for (let i = 0; i < centres.length; i += step) {
    const c = centres[i];
    let count = 0;
    for (const o of centres) if (Math.abs(o.x - c.x) <= w / 2 && Math.abs(o.y - c.y) <= h / 2) count++;
    if (count > bestCount) {
      bestCount = count;
      best = c;
    }
  }
  // Keep the window inside the drawing where it can (a corner cluster opens at the corner, not half empty).
  let left = clampInto(best.x - w / 2, bounds.x, bounds.x + bounds.width - w);
  let top = clampInto(best.y - h / 2, bounds.y, bounds.y + bounds.height - h);
  left = leastCutStart(
    nodes,
    left,
    w,
    bounds.x,
    bounds.x + bounds.width,
    (n) => [n.x, n.width],
    (n) => n.y < top + h && n.y + n.height > top,
  );
  top = leastCutStart(
    nodes,
    top,
    h,
    bounds.y,
    bounds.y + bounds.height,
    (n) => [n.y, n.height],
    (n) => n.x < left + w && n.x + n.width > left,
  );
  return centreOn({ x: left + w / 2, y: top + h / 2, width: 0, height: 0 }, viewport, k);
}

/** Room left between a window's edge and a box it starts or ends at, in graph units. */
const EDGE_ROOM = 12;

/**
 * Along one axis, the start of a window of `size` near `start` that cuts the fewest of the nodes across it (those
 * `across` keeps), trying the positions where it starts or ends just beside a node, within the
 * drawing and within half a window of `start`. When a cut cannot be avoided, the window keeps its start edge
 * clean (a reader begins at the top left); then the nearest wins.
 */
function leastCutStart(
  nodes: readonly Box[],
  start: number,
  size: number,
  lo: number,
  hi: number,
  span: (n: Box) => [number, number],
  across: (n: Box) => boolean,
): number {
  const lane = nodes.filter(across).map(span);
  const straddles = (edge: number) => lane.reduce((sum, [a, len]) => sum + (a < edge && a + len > edge ? 1 : 0), 0);
  // Cuts, whether the start edge cuts a box, distance: compared in that order.
  const score = (s: number): [number, number, number] => {
    const atStart = straddles(s);
    return [atStart + straddles(s + size), atStart > 0 ? 1 : 0, Math.abs(s - start)];
  };
  const better = (a: [number, number, number], b: [number, number, number]) =>
    a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  let bestStart = start;
  let best = score(start);
  for (const [a, len] of lane) {
    // Start just before or just after a box; end just after or just before one.
    for (const candidate of [a - EDGE_ROOM, a + len + EDGE_ROOM, a + len + EDGE_ROOM - size, a - EDGE_ROOM - size]) {
      const s = clampInto(candidate, lo, hi - size);
      if (Math.abs(s - start) > size / 2) continue;
      const sc = score(s);
      if (better(sc, best) < 0) {
        bestStart = s;
        best = sc;
      }
    }
  }
  return bestStart;
}

function clampInto(v: number, lo: number, hi: number): number {
  return lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
}

/** The bounding box of some boxes, or null for none. */
export function unionBox(boxes: Iterable<Box>): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  return x0 === Infinity ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The part of the graph (graph units) the viewport shows under `t`, grown by `margin` screen px on each side. */
export function visibleBox(t: ViewTransform, viewport: { width: number; height: number }, margin = 0): Box {
  return {
    x: (-t.x - margin) / t.k,
    y: (-t.y - margin) / t.k,
    width: (viewport.width + 2 * margin) / t.k,
    height: (viewport.height + 2 * margin) / t.k,
  };
}

/** The smallest pan that brings `box` (graph units) fully into view with `margin` px, keeping the zoom. */
export function panIntoView(
  t: ViewTransform,
  box: Box,
  viewport: { width: number; height: number },
  margin = 16,
): ViewTransform {
  const left = box.x * t.k + t.x;
  const top = box.y * t.k + t.y;
  const right = left + box.width * t.k;
  const bottom = top + box.height * t.k;
  let dx = 0;
  let dy = 0;
  if (right - left + 2 * margin > viewport.width) dx = viewport.width / 2 - (left + right) / 2;
  else if (left < margin) dx = margin - left;
  else if (right > viewport.width - margin) dx = viewport.width - margin - right;
  if (bottom - top + 2 * margin > viewport.height) dy = viewport.height / 2 - (top + bottom) / 2;
  else if (top < margin) dy = margin - top;
  else if (bottom > viewport.height - margin) dy = viewport.height - margin - bottom;
  return { k: t.k, x: t.x + dx, y: t.y + dy };
}

/**
 * Brings `box` (nodes to show) into view: nothing moves when it is already in view at this zoom (the reader keeps
 * the nodes around it in sight); otherwise it is centred, zoomed out only as far as it needs to fit.
 */
export function revealTransform(
  t: ViewTransform,
  box: Box,
  viewport: { width: number; height: number },
  margin = 40,
): ViewTransform {
  // Entirely visible counts as in view, however close to the edge: moving then would only lose the reader's place.
  const left = box.x * t.k + t.x;
  const top = box.y * t.k + t.y;
  const inView =
    left >= 0 && top >= 0 && left + box.width * t.k <= viewport.width && top + box.height * t.k <= viewport.height;
  if (inView) return t;
  return centreOn(box, viewport, Math.min(t.k, fitTransform(box, viewport, margin).k));
}

/** The CSS transform of the drawing (transform-origin 0 0). */
export function cssTransform(t: ViewTransform): string {
  return `translate(${round(t.x)}px, ${round(t.y)}px) scale(${round(t.k, 4)})`;
}

function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
