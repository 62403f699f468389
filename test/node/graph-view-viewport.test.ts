import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampZoom,
  fitTransform,
  panIntoView,
  stepZoom,
  unionBox,
  visibleBox,
  zoomAround,
} from '../../components/graph-view/viewport-math';

describe('graph view zoom steps', () => {
  it('steps by 10 % and clamps to 50–200 %', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(1.9, 1)).toBe(2);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.6, -1)).toBe(0.5);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it('snaps off-grid zooms (from Ctrl+wheel or fit) to the next 10 % mark', () => {
    expect(stepZoom(1.13, 1)).toBe(1.2);
    expect(stepZoom(1.13, -1)).toBe(1.1);
    expect(stepZoom(0.7000000001, 1)).toBe(0.8);
  });

  it('clamps arbitrary values and ignores non-finite ones', () => {
    expect(clampZoom(5)).toBe(2);
    expect(clampZoom(0.1)).toBe(0.5);
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
    const huge = fitTransform({ x: 0, y: 0, width: 10000, height: 10000 }, { width: 800, height: 600 });
    expect(huge.k).toBe(0.5);
  });

  it('pans the least needed to show a box', () => {
    const t = { x: 0, y: 0, k: 1 };
    expect(panIntoView(t, { x: 10, y: 10, width: 20, height: 20 }, { width: 100, height: 100 }, 5)).toEqual(t);
    const moved = panIntoView(t, { x: 150, y: 10, width: 20, height: 20 }, { width: 100, height: 100 }, 5);
    expect(moved.x).toBe(-75);
    expect(moved.y).toBe(0);
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
    expect(visibleBox({ x: -100, y: 50, k: 2 }, { width: 400, height: 300 })).toEqual({ x: 50, y: -25, width: 200, height: 150 });
    expect(visibleBox({ x: 0, y: 0, k: 0.5 }, { width: 400, height: 300 }, 10)).toEqual({ x: -20, y: -20, width: 840, height: 640 });
  });
});
