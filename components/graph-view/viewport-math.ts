// Pure pan/zoom arithmetic for the graph view: a view transform maps graph units to canvas pixels as
// canvas = graph * k + (x, y). No DOM here, so the rules are tested in Node (test/node/graph-view-viewport.test.ts).

/** Low enough that "fit" shows a whole 800-node window (labels are then unreadable: the minimap and the
 * embedder's overview take over below it, through the zoom-out-limit event). */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 2;
/** The smallest zoom at which 12 px node text is drawn at least 11 px tall: where the view opens at least. */
export const READABLE_ZOOM = 11 / 12;
/** The toolbar and the + / − keys move by 10 %. */
export const ZOOM_STEP = 0.1;

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
 * sees is text, not specks. O(n²) over at most `sample` candidate centres (800 nodes: a few ms).
 */
export function openingTransform(
  bounds: Box,
  centres: ReadonlyArray<{ x: number; y: number }>,
  viewport: { width: number; height: number },
  sample = 400,
): ViewTransform {
  const fit = fitTransform(bounds, viewport);
  if (fit.k >= READABLE_ZOOM || centres.length === 0) return fit;
  const k = READABLE_ZOOM;
  const halfW = viewport.width / k / 2;
  const halfH = viewport.height / k / 2;
  const step = Math.max(1, Math.floor(centres.length / sample));
  let best = centres[0];
  let bestCount = -1;
  for (let i = 0; i < centres.length; i += step) {
    const c = centres[i];
    let count = 0;
    for (const o of centres) if (Math.abs(o.x - c.x) <= halfW && Math.abs(o.y - c.y) <= halfH) count++;
    if (count > bestCount) {
      bestCount = count;
      best = c;
    }
  }
  // Keep the window inside the drawing where it can (a corner cluster opens at the corner, not half empty).
  const cx = clampInto(best.x, bounds.x + halfW, bounds.x + bounds.width - halfW);
  const cy = clampInto(best.y, bounds.y + halfH, bounds.y + bounds.height - halfH);
  return centreOn({ x: cx, y: cy, width: 0, height: 0 }, viewport, k);
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
export function panIntoView(t: ViewTransform, box: Box, viewport: { width: number; height: number }, margin = 16): ViewTransform {
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
export function revealTransform(t: ViewTransform, box: Box, viewport: { width: number; height: number }, margin = 40): ViewTransform {
  // Entirely visible counts as in view, however close to the edge: moving then would only lose the reader's place.
  const left = box.x * t.k + t.x;
  const top = box.y * t.k + t.y;
  const inView = left >= 0 && top >= 0 && left + box.width * t.k <= viewport.width && top + box.height * t.k <= viewport.height;
  if (inView) return t;
  return centreOn(box, viewport, Math.min(t.k, fitTransform(box, viewport, margin).k));
}

/** The CSS transform of the drawing (transform-origin 0 0). */
export function cssTransform(t: ViewTransform): string {
  return `translate(${round(t.x)}px, ${round(t.y)}px) scale(${round(t.k, 4)})`;
}

/** The same transform as an SVG transform attribute (for the exported image). */
export function svgTransform(t: ViewTransform): string {
  return `translate(${round(t.x)},${round(t.y)}) scale(${round(t.k, 4)})`;
}

function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
