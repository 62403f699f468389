import { describe, expect, it } from 'vitest';
import { tooltipPosition } from './quote-tooltip';

describe('quote tooltip placement', () => {
  const canvas = { width: 600, height: 400 };
  const size = { width: 240, height: 60 };

  it('sits centred above the node when there is room', () => {
    expect(tooltipPosition(size, { x: 300, top: 200, bottom: 240 }, canvas)).toEqual({ left: 180, top: 132 });
  });

  it('near the right edge keeps its whole width inside the canvas (never squeezed against the edge)', () => {
    const p = tooltipPosition(size, { x: 590, top: 200, bottom: 240 }, canvas);
    expect(p.left + size.width).toBeLessThanOrEqual(canvas.width - 8);
    expect(p.left).toBe(600 - 240 - 8);
  });

  it('flips below the node when there is no room above, and clamps at the left edge', () => {
    expect(tooltipPosition(size, { x: 10, top: 20, bottom: 60 }, canvas)).toEqual({ left: 8, top: 68 });
  });
});
