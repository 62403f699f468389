import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampZoom,
  fitTransform,
  openingTransform,
  READABLE_ZOOM,
  panIntoView,
  revealTransform,
  stepZoom,
  unionBox,
  visibleBox,
  zoomAround,
} from './viewport-math';

describe('graph view zoom steps', () => {
  it('steps by 10 % and clamps to 10–200 %', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.9, 1)).toBe(2);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.6, -1)).toBe(0.5);
    expect(stepZoom(0.2, -1)).toBe(0.1);
    expect(stepZoom(0.1, -1)).toBe(0.1);
  });

  it('snaps off-grid zooms (from Ctrl+wheel or fit) to the next 10 % mark', () => {
    expect(stepZoom(1.13, 1)).toBe(1.2);
    expect(stepZoom(1.13, -1)).toBe(1.1);
    expect(stepZoom(0.7000000001, 1)).toBe(0.8);
  });

  it('clamps arbitrary values and ignores non-finite ones', () => {
    expect(clampZoom(5)).toBe(2);
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});

describe('graph view transforms', () => {
  it('zooming around a point keeps that point fixed on screen', () => {
    const t = { x: 30, y: -20, k: 1 };
    const anchor = { x: 200, y: 150 };
    const before = { x: (anchor.x - t.x) / t.k, y: (anchor.y - t.y) / t.k };
    const z = zoomAround(t, 1.5, anchor);
    expect(z.k).toBe(1.5);
    expect(before.x * z.k + z.x).toBeCloseTo(anchor.x);
    expect(before.y * z.k + z.y).toBeCloseTo(anchor.y);
  });

  it('centres a box in the viewport', () => {
    const t = centreOn({ x: 100, y: 100, width: 50, height: 20 }, { width: 400, height: 300 }, 2);
    expect(125 * t.k + t.x).toBeCloseTo(200);
    expect(110 * t.k + t.y).toBeCloseTo(150);
  });

  it('fits a box with padding, within the zoom range', () => {
    const small = fitTransform({ x: 0, y: 0, width: 100, height: 100 }, { width: 800, height: 600 }, 20);
    expect(small.k).toBe(2);
    const wide = fitTransform({ x: 0, y: 0, width: 1520, height: 100 }, { width: 800, height: 600 }, 20);
    expect(wide.k).toBeCloseTo(0.5);
    const medium = fitTransform({ x: 0, y: 0, width: 760, height: 100 }, { width: 800, height: 600 }, 20);
    expect(medium.k).toBeCloseTo(1);
    expect(0 * medium.k + medium.x).toBeCloseTo(20);
    const huge = fitTransform({ x: 0, y: 0, width: 100000, height: 100000 }, { width: 800, height: 600 });
    expect(huge.k).toBe(0.1);
  });

  it('pans the least needed to show a box', () => {
    const t = { x: 0, y: 0, k: 1 };
    expect(panIntoView(t, { x: 10, y: 10, width: 20, height: 20 }, { width: 100, height: 100 }, 5)).toEqual(t);
    const moved = panIntoView(t, { x: 150, y: 10, width: 20, height: 20 }, { width: 100, height: 100 }, 5);
    expect(moved.x).toBe(-75);
    expect(moved.y).toBe(0);
  });

  it('reveals nodes: nothing moves when they are in view, else they are centred', () => {
    const viewport = { width: 400, height: 300 };
    const t = { x: 0, y: 0, k: 1 };
    // Already in view: nothing moves (the reader keeps the nodes around it in sight).
    expect(revealTransform(t, { x: 50, y: 50, width: 100, height: 50 }, viewport)).toEqual(t);
    // Off to the right but fits at this zoom: centred, same zoom.
    expect(revealTransform(t, { x: 500, y: 50, width: 100, height: 50 }, viewport)).toEqual({ x: -350, y: 75, k: 1 });
    // Too large at this zoom: zoomed out until it fits with its margin, centred.
    const out = revealTransform(t, { x: 0, y: 0, width: 1000, height: 100 }, viewport);
    expect(out.k).toBeCloseTo(320 / 1000);
    expect(out.x + 500 * out.k).toBeCloseTo(200);
  });

  it('unions boxes', () => {
    expect(unionBox([])).toBeNull();
    expect(
      unionBox([
        { x: 0, y: 5, width: 10, height: 10 },
        { x: -5, y: 0, width: 2, height: 2 },
      ]),
    ).toEqual({ x: -5, y: 0, width: 15, height: 15 });
  });
});

describe('graph view visible box', () => {
  it('maps the viewport back to graph units, with a screen margin', () => {
    expect(visibleBox({ x: -100, y: 50, k: 2 }, { width: 400, height: 300 })).toEqual({
      x: 50,
      y: -25,
      width: 200,
      height: 150,
    });
    expect(visibleBox({ x: 0, y: 0, k: 0.5 }, { width: 400, height: 300 }, 10)).toEqual({
      x: -20,
      y: -20,
      width: 840,
      height: 640,
    });
  });
});

describe('graph view opening', () => {
  const viewport = { width: 800, height: 600 };

  it('opens fitted when the fit keeps 12 px labels at least 11 px tall', () => {
    const bounds = { x: 0, y: 0, width: 700, height: 500 };
    expect(openingTransform(bounds, [{ x: 10, y: 10, width: 100, height: 40 }], viewport)).toEqual(
      fitTransform(bounds, viewport),
    );
  });

  it('otherwise opens at a readable zoom on the densest region', () => {
    // 100 nodes spread thinly over 20,000 px, and a cluster of 30 around (15000, 3000).
    const centres = [
      ...Array.from({ length: 100 }, (_, i) => ({
        x: (i % 10) * 2000,
        y: Math.floor(i / 10) * 2000,
        width: 0,
        height: 0,
      })),
      ...Array.from({ length: 30 }, (_, i) => ({
        x: 15000 + (i % 6) * 40,
        y: 3000 + Math.floor(i / 6) * 40,
        width: 0,
        height: 0,
      })),
    ];
    const t = openingTransform({ x: 0, y: 0, width: 20000, height: 20000 }, centres, viewport);
    expect(t.k).toBe(READABLE_ZOOM);
    expect(12 * t.k).toBeGreaterThanOrEqual(11);
    // The cluster is on screen.
    const sx = 15100 * t.k + t.x;
    const sy = 3080 * t.k + t.y;
    expect(sx).toBeGreaterThan(0);
    expect(sx).toBeLessThan(viewport.width);
    expect(sy).toBeGreaterThan(0);
    expect(sy).toBeLessThan(viewport.height);
  });

  it('slides the readable window to cut as few node boxes as it can at its edges, keeping its top left clean', () => {
    // A phone (390 × 844) on a layered graph of 5 columns × 12 rows of 150 × 44 boxes, 170 apart: too big to fit
    // readably. Opening on the densest centre alone put the window's edges through boxes at both sides.
    const phone = { width: 390, height: 844 };
    const boxes = Array.from({ length: 60 }, (_, i) => ({
      x: (i % 5) * 170,
      y: Math.floor(i / 5) * 90,
      width: 150,
      height: 44,
    }));
    const bounds = { x: 0, y: 0, width: 4 * 170 + 150, height: 11 * 90 + 44 };
    const t = openingTransform(bounds, boxes, phone);
    expect(t.k).toBe(READABLE_ZOOM);
    const onScreen = boxes.map((b) => ({
      left: b.x * t.k + t.x,
      right: (b.x + b.width) * t.k + t.x,
      top: b.y * t.k + t.y,
      bottom: (b.y + b.height) * t.k + t.y,
    }));
    const cutAt = (inside: (b: (typeof onScreen)[number]) => boolean) => onScreen.filter(inside).length;
    // 425 graph units across cannot hold a whole number of 170-unit columns: one column is cut, on the right only.
    expect(cutAt((b) => b.left < 0 && b.right > 0)).toBe(0);
    expect(cutAt((b) => b.top < 0 && b.bottom > 0)).toBe(0);
    expect(cutAt((b) => b.left < phone.width && b.right > phone.width)).toBeLessThanOrEqual(12);
    const whole = onScreen.filter(
      (b) => b.left >= 0 && b.right <= phone.width && b.top >= 0 && b.bottom <= phone.height,
    );
    expect(new Set(whole.map((b) => Math.round(b.left))).size).toBe(2);
  });

  it('opens with no box cut when the window can hold whole columns', () => {
    const viewport = { width: 390, height: 844 };
    // Columns 200 apart with 150-wide boxes: a 425-unit window holds two columns with room on both sides.
    const boxes = Array.from({ length: 60 }, (_, i) => ({
      x: (i % 5) * 200,
      y: Math.floor(i / 5) * 90,
      width: 150,
      height: 44,
    }));
    const t = openingTransform({ x: 0, y: 0, width: 950, height: 1034 }, boxes, viewport);
    const cut = boxes.filter((b) => {
      const l = b.x * t.k + t.x;
      const r = (b.x + b.width) * t.k + t.x;
      return (l < 0 && r > 0) || (l < viewport.width && r > viewport.width);
    });
    expect(cut).toEqual([]);
  });
});
