// After a force layout settles, a few straight edges may still run through a node. This pass moves each such node
// sideways off the line (and re-separates boxes), a few rounds at most; it is deterministic.
import { segmentHitsRect, type Point, type Rect } from './geometry';
import { RectGrid, segmentBox } from './grid';
import { removeOverlaps } from './overlap';

export function clearEdgePaths(boxes: Rect[], links: ReadonlyArray<[number, number]>, rounds = 16, clearance = 8): number {
  let hits = 0;
  let best = Infinity;
  let stalled = 0;
  for (let round = 0; round < rounds; round++) {
    const grid = new RectGrid<Rect & { i: number }>(160);
    boxes.forEach((b, i) => grid.add({ ...b, i }));
    hits = 0;
    for (const [s, t] of links) {
      if (s === t) continue;
      const a: Point = [boxes[s].x + boxes[s].width / 2, boxes[s].y + boxes[s].height / 2];
      const b: Point = [boxes[t].x + boxes[t].width / 2, boxes[t].y + boxes[t].height / 2];
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len = Math.hypot(dx, dy);
      if (len < 1) continue;
      for (const k of grid.near(segmentBox(a, b))) {
        const i = grid.items[k].i;
        if (i === s || i === t || !segmentHitsRect(a, b, boxes[i], 1)) continue;
        hits++;
        const w = boxes[i];
        const cx = w.x + w.width / 2;
        const cy = w.y + w.height / 2;
        let nx = -dy / len;
        let ny = dx / len;
        let side = (cx - a[0]) * nx + (cy - a[1]) * ny;
        if (Math.abs(side) < 1e-6) side = i % 2 ? 1 : -1;
        if (side < 0) {
          nx = -nx;
          ny = -ny;
        }
        const reach = Math.abs(nx) * (w.width / 2) + Math.abs(ny) * (w.height / 2) + clearance;
        const move = reach - Math.abs(side);
        w.x += nx * move;
        w.y += ny * move;
      }
    }
    if (hits === 0) return 0;
    // Moving one node may put it in another edge's way; stop when the rounds no longer help.
    if (hits < best) {
      best = hits;
      stalled = 0;
    } else if (++stalled >= 3) {
      removeOverlaps(boxes);
      return hits;
    }
    removeOverlaps(boxes, 8, 30);
  }
  return hits;
}
