// Removes any remaining overlap between boxes by pushing each overlapping pair apart along the axis that needs the
// smaller move (half each). Deterministic: pairs are visited in index order.
import { RectGrid } from './grid';
import type { Rect } from './geometry';

export function removeOverlaps(boxes: Rect[], gap = 8, maxPasses = 100): number {
  for (let pass = 0; pass < maxPasses; pass++) {
    const grid = new RectGrid<Rect & { i: number }>(160);
    boxes.forEach((b, i) =>
      grid.add({ x: b.x - gap / 2, y: b.y - gap / 2, width: b.width + gap, height: b.height + gap, i }),
    );
    let moved = 0;
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i];
      for (const j of grid.near({ x: a.x - gap, y: a.y - gap, width: a.width + 2 * gap, height: a.height + 2 * gap })) {
        if (j <= i) continue;
        const b = boxes[j];
        const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) + gap;
        const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) + gap;
        if (ox <= 0.01 || oy <= 0.01) continue;
        moved++;
        const acx = a.x + a.width / 2;
        const bcx = b.x + b.width / 2;
        const acy = a.y + a.height / 2;
        const bcy = b.y + b.height / 2;
        if (ox < oy) {
          const dir = acx < bcx || (acx === bcx && i < j) ? -1 : 1;
          a.x += (dir * ox) / 2;
          b.x -= (dir * ox) / 2;
        } else {
          const dir = acy < bcy || (acy === bcy && i < j) ? -1 : 1;
          a.y += (dir * oy) / 2;
          b.y -= (dir * oy) / 2;
        }
      }
    }
    if (moved === 0) return pass;
  }
  return maxPasses;
}
