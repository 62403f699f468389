import { describe, expect, it } from 'vitest';
import { buildScene, sceneWithin } from './scene';
import type { LayoutResult } from '../../core/layout/types';
import type { KgEdge, KgNode } from '../../core/schema';

const node = (id: string): KgNode => ({
  id,
  type: 'fact',
  text: `Text of ${id}`,
  paragraph: 1,
  quote: '',
  evidence: [],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
});
const edge = (id: string, from: string, to: string): KgEdge => ({
  id,
  fromNodeId: from,
  toNodeId: to,
  relation: 'supports',
  evidence: [],
});

const layout: LayoutResult = {
  width: 1000,
  height: 500,
  nodes: [
    { id: 'a', x: 20, y: 20, width: 100, height: 40 },
    { id: 'b', x: 800, y: 400, width: 100, height: 40 },
  ],
  edges: [
    {
      id: 'ab',
      points: [
        [70, 40],
        [850, 420],
      ],
      label: { x: 400, y: 200, width: 50, height: 16 },
    },
    {
      id: 'ba',
      points: [
        [850, 420],
        [70, 40],
      ],
      label: { x: 900, y: 480, width: 50, height: 16, hidden: true },
    },
  ],
};

describe('graph view scene', () => {
  const lines = (id: string) => [`line one of ${id}`, 'two'];

  it('joins the layout with the graph, drops edges with a missing end and places unplaced nodes below', () => {
    const scene = buildScene(
      layout,
      [node('a'), node('b'), node('c')],
      [edge('ab', 'a', 'b'), edge('ba', 'b', 'a'), edge('ax', 'a', 'x')],
      lines,
    );
    expect(scene.nodes.map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(scene.edges.map((e) => e.id)).toEqual(['ab', 'ba']);
    expect(scene.nodeById.get('a')!.transform).toBe('translate(20,20)');
    const c = scene.nodeById.get('c')!;
    expect(c.y).toBeGreaterThan(layout.height);
    expect(scene.height).toBeGreaterThan(c.y + c.height);
    expect(scene.edgeById.get('ab')!.d).toBe('M70 40L850 420');
    expect(scene.centres.get('b')).toEqual({ id: 'b', x: 850, y: 420 });
  });

  it('draws only placed chips and keeps hidden ones out of the bounds', () => {
    const scene = buildScene(layout, [node('a'), node('b')], [edge('ab', 'a', 'b'), edge('ba', 'b', 'a')], lines);
    expect(scene.placedLabels.map((e) => e.id)).toEqual(['ab']);
    expect(scene.bounds).toEqual({ x: 20, y: 20, width: 880, height: 420 });
  });

  it('pins lines the reader’s font draws wider than the box, measuring only when a node is drawn', () => {
    let measured = 0;
    const measure = (text: string) => {
      measured++;
      return text.length * 7;
    };
    const scene = buildScene(layout, [node('a'), node('b')], [], lines, measure);
    expect(measured).toBe(0);
    const a = scene.nodeById.get('a')!.lines;
    expect(measured).toBe(2);
    // 100 px box − 2 × 10 px padding = 80 px of room: "line one of a" (13 chars × 7 = 91 px) is pinned.
    expect(a).toEqual([{ text: 'line one of a', fit: 80 }, { text: 'two' }]);
  });

  it('selects what a view shows', () => {
    const scene = buildScene(layout, [node('a'), node('b')], [edge('ab', 'a', 'b')], lines);
    const topLeft = sceneWithin(scene, { x: 0, y: 0, width: 200, height: 100 });
    expect(topLeft.nodes.map((n) => n.id)).toEqual(['a']);
    expect(topLeft.edges.map((e) => e.id)).toEqual(['ab']);
    expect(topLeft.labels).toEqual([]);
    const middle = sceneWithin(scene, { x: 380, y: 190, width: 100, height: 40 });
    expect(middle.nodes).toEqual([]);
    expect(middle.labels.map((e) => e.id)).toEqual(['ab']);
  });
});
