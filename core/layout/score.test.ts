import { describe, expect, it } from 'vitest';
import { scoreLayout } from './score';
import type { LayoutGraph, LayoutResult } from './types';

const box = (id: string, x: number, y: number, width = 50, height = 20) => ({ id, x, y, width, height });

describe('scoreLayout', () => {
  it('counts each kind of defect once', () => {
    const graph: LayoutGraph = {
      nodes: ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id })),
      edges: [
        { id: 'ab', source: 'a', target: 'b', label: 'causes' },
        { id: 'cd', source: 'c', target: 'd', label: 'infers' },
        { id: 'ef', source: 'e', target: 'f' },
      ],
    };
    const result: LayoutResult = {
      width: 400,
      height: 300,
      nodes: [
        box('a', 0, 0),
        box('b', 300, 0),
        box('c', 150, -100),
        box('d', 150, 100),
        box('e', 0, 200),
        box('f', 20, 210), // e and f overlap
        box('g', 100, -5), // on the straight path of a → b
      ],
      edges: [
        {
          id: 'ab',
          points: [
            [50, 10],
            [300, 10],
          ],
          label: { x: 200, y: 50, width: 40, height: 16 },
        },
        {
          id: 'cd',
          points: [
            [175, -80],
            [175, 100],
          ],
          label: { x: 210, y: 55, width: 40, height: 16 },
        }, // overlaps ab's chip
        {
          id: 'ef',
          points: [
            [25, 220],
            [25, 230],
            [60, 230],
          ],
        },
      ],
    };
    const score = scoreLayout(result, graph);
    expect(score.nodeOverlaps).toBe(1);
    expect(score.edgesThroughNodes).toBe(1);
    expect(score.edgeCrossings).toBe(1);
    expect(score.labelOverlaps).toBe(1);
    expect(score.labelNodeOverlaps).toBe(0);
    expect(score.bends).toBe(1);
    expect(score.totalEdgeLength).toBe(250 + 180 + 45);
    expect(score.area).toBe(400 * 300);
  });

  it('does not count hidden chips as collisions, only as hidden', () => {
    const graph: LayoutGraph = {
      nodes: [{ id: 'a' }, { id: 'b' }],
      edges: [{ id: 'ab', source: 'a', target: 'b', label: 'causes' }],
    };
    const result: LayoutResult = {
      width: 200,
      height: 50,
      nodes: [box('a', 0, 0), box('b', 100, 0)],
      edges: [
        {
          id: 'ab',
          points: [
            [50, 10],
            [100, 10],
          ],
          label: { x: 40, y: 0, width: 70, height: 16, hidden: true },
        },
      ],
    };
    expect(scoreLayout(result, graph)).toMatchObject({ labelNodeOverlaps: 0, hiddenLabels: 1 });
    result.edges[0].label!.hidden = false;
    expect(scoreLayout(result, graph)).toMatchObject({ labelNodeOverlaps: 2, hiddenLabels: 0 });
  });
});
