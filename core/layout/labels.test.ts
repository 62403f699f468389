import { describe, expect, it } from 'vitest';
import { placeEdgeLabels } from './labels';
import { rectsOverlap } from './geometry';
import type { LayoutGraph, LayoutResult, PlacedLabel } from './types';

const box = (id: string, x: number, y: number, width = 60, height = 30) => ({ id, x, y, width, height });

/** Distance from the label's centre to the nearest point of the polyline. */
function distanceToLine(label: PlacedLabel, points: Array<[number, number]>): number {
  const cx = label.x + label.width / 2;
  const cy = label.y + label.height / 2;
  let best = Infinity;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1];
    const [bx, by] = points[i];
    const dx = bx - ax;
    const dy = by - ay;
    const u = Math.max(0, Math.min(1, ((cx - ax) * dx + (cy - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(ax + u * dx - cx, ay + u * dy - cy));
  }
  return best;
}

describe('placeEdgeLabels', () => {
  it('moves apart the labels of neighbouring edges that would collide, keeping each near its own edge', () => {
    // Two parallel edges 6 px apart: their middle labels would sit on top of each other.
    const graph: LayoutGraph = {
      nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
      edges: [
        { id: 'e1', source: 'a', target: 'b', label: 'causes' },
        { id: 'e2', source: 'c', target: 'd', label: 'supports' },
      ],
    };
    const result: LayoutResult = {
      width: 500,
      height: 200,
      nodes: [box('a', 0, 0), box('b', 400, 0), box('c', 0, 6), box('d', 400, 6)],
      edges: [
        {
          id: 'e1',
          points: [
            [60, 15],
            [400, 15],
          ],
        },
        {
          id: 'e2',
          points: [
            [60, 21],
            [400, 21],
          ],
        },
      ],
    };
    const placed = placeEdgeLabels(result, graph);
    const [l1, l2] = placed.edges.map((e) => e.label!);
    expect(l1.hidden).toBeFalsy();
    expect(l2.hidden).toBeFalsy();
    expect(rectsOverlap(l1, l2)).toBe(false);
    expect(distanceToLine(l1, result.edges[0].points)).toBeLessThanOrEqual(l1.height);
    expect(distanceToLine(l2, result.edges[1].points)).toBeLessThanOrEqual(l2.height);
    for (const n of placed.nodes) {
      expect(rectsOverlap(l1, n)).toBe(false);
      expect(rectsOverlap(l2, n)).toBe(false);
    }
  });

  it('hides a chip that has no free place near its edge', () => {
    // A short edge between two nodes, walled in by other nodes above and below: no room for its chip.
    const graph: LayoutGraph = {
      nodes: [{ id: 'a' }, { id: 'b' }, { id: 'top' }, { id: 'low' }],
      edges: [{ id: 'e', source: 'a', target: 'b', label: 'counter_example' }],
    };
    const result: LayoutResult = {
      width: 200,
      height: 100,
      nodes: [box('a', 0, 30), box('b', 80, 30), box('top', 0, 0, 140, 29), box('low', 0, 61, 140, 29)],
      edges: [
        {
          id: 'e',
          points: [
            [60, 45],
            [80, 45],
          ],
        },
      ],
    };
    const placed = placeEdgeLabels(result, graph);
    expect(placed.edges[0].label).toMatchObject({ hidden: true });
  });

  it("keeps the layout engine's own spot when it is free, and gives unlabelled edges no chip", () => {
    const graph: LayoutGraph = {
      nodes: [{ id: 'a' }, { id: 'b' }],
      edges: [
        { id: 'e', source: 'a', target: 'b', label: 'is_a' },
        { id: 'f', source: 'b', target: 'a' },
      ],
    };
    const result: LayoutResult = {
      width: 400,
      height: 300,
      nodes: [box('a', 0, 0), box('b', 0, 200)],
      edges: [
        {
          id: 'e',
          points: [
            [30, 30],
            [30, 200],
          ],
          label: { x: 40, y: 100, width: 40, height: 16 },
        },
        {
          id: 'f',
          points: [
            [40, 200],
            [40, 30],
          ],
        },
      ],
    };
    const placed = placeEdgeLabels(result, graph);
    const label = placed.edges[0].label!;
    expect(label.x + label.width / 2).toBeCloseTo(60);
    expect(label.y + label.height / 2).toBeCloseTo(108);
    expect(placed.edges[1].label).toBeUndefined();
  });
});
