// The layered layout with the real ELK, in Node: the quality the issue asks for on knowledge-graph shaped graphs.
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { layoutLayered, takesTwoRuns } from './layered';
import { prepareGraph } from './prepare';
import { relationRole } from './relations';
import { sampleKnowledgeGraph } from './sample-graphs';
import { scoreLayout } from './score';
import { LABEL_CHIP } from './text-size';
import type { LayoutGraph, LayoutResult } from './types';

const elk = new ELK();

describe('layoutLayered', () => {
  it.each([50, 200, 800])(
    'lays out %i nodes with no overlap, no edge through a node, no visible label collision',
    async (size) => {
      const graph = sampleKnowledgeGraph(size);
      const result = await layoutLayered(graph, elk);
      expect(result.nodes.map((n) => n.id)).toEqual(graph.nodes.map((n) => n.id));
      expect(result.edges.map((e) => e.id)).toEqual(graph.edges.map((e) => e.id));
      const score = scoreLayout(result, graph);
      expect(score.nodeOverlaps).toBe(0);
      expect(score.edgesThroughNodes).toBe(0);
      expect(score.labelOverlaps).toBe(0);
      expect(score.labelNodeOverlaps).toBe(0);
      // Chips are hidden only as a last resort.
      expect(score.hiddenLabels).toBeLessThanOrEqual(Math.ceil(graph.edges.length * 0.02));
      for (const e of result.edges) expectOrthogonal(e.points);
    },
    60_000,
  );

  it('top-down, a large component (re-sequenced between two ELK runs) still draws its self-loops and parallel edges', async () => {
    const sample = sampleKnowledgeGraph(400);
    const big = prepareGraph(sample).components[0].map((i) => sample.nodes[i].id);
    expect(big.length).toBeGreaterThanOrEqual(50);
    const inBig = new Set(big);
    const graph: LayoutGraph = {
      nodes: sample.nodes.filter((n) => inBig.has(n.id)),
      edges: sample.edges.filter((e) => inBig.has(e.source)),
    };
    const [a, b] = [graph.edges[0].source, graph.edges[0].target];
    graph.edges.push(
      { id: 'loop', source: a, target: a, label: 'supports' },
      { id: 'twin', source: a, target: b, label: 'causes' },
    );
    const result = await layoutLayered(graph, elk);
    expect(result.edges.map((e) => e.id)).toEqual(graph.edges.map((e) => e.id));
    for (const e of result.edges) expectOrthogonal(e.points);
    const score = scoreLayout(result, graph);
    expect(score.nodeOverlaps + score.edgesThroughNodes).toBe(0);
  }, 60_000);

  it('gives the same output for the same input', async () => {
    const graph = sampleKnowledgeGraph(200, { seed: 4 });
    expect(await layoutLayered(graph, elk)).toEqual(await layoutLayered(structuredClone(graph), elk));
  }, 60_000);

  it('lays out each connected component in its own region', async () => {
    const graph = sampleKnowledgeGraph(200, { seed: 6 });
    const result = await layoutLayered(graph, elk);
    const { components, nodes } = prepareGraph(graph);
    const boxes = components.map((members) =>
      bounds(
        result,
        members.map((i) => nodes[i].id),
      ),
    );
    expect(components.length).toBeGreaterThan(5);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(disjoint(boxes[i], boxes[j]), `components ${i} and ${j}`).toBe(true);
  }, 60_000);

  it.each(['DOWN', 'RIGHT'] as const)(
    'runs the main flow (causes, infers) forward along the layers (%s) because of its relation',
    async (direction) => {
      const graph = sampleKnowledgeGraph(200, { seed: 8 });
      const flow = graph.edges.filter((e) => relationRole(e.label) === 'flow' && e.source !== e.target);
      const forwardShare = (result: LayoutResult) => {
        const at = new Map(result.nodes.map((n) => [n.id, n]));
        const before = (a: LayoutResult['nodes'][number], b: LayoutResult['nodes'][number]) =>
          direction === 'DOWN' ? a.y + a.height <= b.y : a.x + a.width <= b.x;
        return flow.filter((e) => before(at.get(e.source)!, at.get(e.target)!)).length / flow.length;
      };
      // Against the reading order: relations, not the order the nodes came in, must decide the flow's direction.
      const reversed = { nodes: [...graph.nodes].reverse(), edges: graph.edges };
      const withRelations = forwardShare(await layoutLayered(reversed, elk, { direction }));
      const unlabelled = { ...reversed, edges: reversed.edges.map(({ label: _label, ...e }) => e) };
      const withoutRelations = forwardShare(await layoutLayered(unlabelled, elk, { direction }));
      expect(withRelations).toBe(1);
      expect(withRelations).toBeGreaterThan(withoutRelations);
    },
    60_000,
  );

  it('lays out top-down unless asked otherwise, and left to right with no visible label collision', async () => {
    const graph = sampleKnowledgeGraph(200, { seed: 3 });
    const down = await layoutLayered(graph, elk);
    const right = await layoutLayered(graph, elk, { direction: 'RIGHT' });
    // Top-down, wide text boxes sit side by side: the drawing is wider than tall, left to right the opposite.
    expect(down.width / down.height).toBeGreaterThan(right.width / right.height);
    const score = scoreLayout(right, graph);
    expect(score).toMatchObject({ nodeOverlaps: 0, edgesThroughNodes: 0, labelOverlaps: 0, labelNodeOverlaps: 0 });
    expect(score.hiddenLabels).toBeLessThanOrEqual(Math.ceil(graph.edges.length * 0.02));
  }, 60_000);

  it('top-down, leaves room between layers for a chip with its line and arrowhead visible above and below', async () => {
    const result = await layoutLayered(sampleKnowledgeGraph(200, { seed: 5 }), elk);
    let smallest = Infinity;
    for (const a of result.nodes) {
      for (const b of result.nodes) {
        if (a === b || a.x >= b.x + b.width || b.x >= a.x + a.width || b.y < a.y + a.height) continue;
        smallest = Math.min(smallest, b.y - (a.y + a.height));
      }
    }
    expect(smallest).toBeGreaterThanOrEqual(LABEL_CHIP.height + 2 * 12);
  }, 60_000);

  it('reserves room for node text and label chips given by the caller', async () => {
    const graph: LayoutGraph = {
      nodes: [
        { id: 'a', label: 'Because it rained all night, the ground is wet this morning.' },
        { id: 'b', width: 200, height: 90 },
        { id: 'c', label: '土壤湿润' },
      ],
      edges: [
        { id: 'ab', source: 'a', target: 'b', label: 'causes' },
        { id: 'ac', source: 'a', target: 'c', label: 'counter_example' },
      ],
    };
    const result = await layoutLayered(graph, elk);
    expect(result.nodes[1]).toMatchObject({ width: 200, height: 90 });
    const score = scoreLayout(result, graph);
    expect(score).toMatchObject({ nodeOverlaps: 0, labelNodeOverlaps: 0, labelOverlaps: 0, hiddenLabels: 0 });
    expect(result.edges.every((e) => e.label && !e.label.hidden)).toBe(true);
  });
});

function expectOrthogonal(points: Array<[number, number]>) {
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1];
    const [bx, by] = points[i];
    expect(Math.abs(ax - bx) < 0.01 || Math.abs(ay - by) < 0.01).toBe(true);
  }
}

function bounds(result: LayoutResult, ids: string[]) {
  const set = new Set(ids);
  const nodes = result.nodes.filter((n) => set.has(n.id));
  return {
    x0: Math.min(...nodes.map((n) => n.x)),
    y0: Math.min(...nodes.map((n) => n.y)),
    x1: Math.max(...nodes.map((n) => n.x + n.width)),
    y1: Math.max(...nodes.map((n) => n.y + n.height)),
  };
}

function disjoint(a: ReturnType<typeof bounds>, b: ReturnType<typeof bounds>) {
  return a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
}

describe('which top-down components take the two ELK runs', () => {
  it('takes components of 50+ nodes, except those both 300+ nodes and denser than 1.2 edges per node', () => {
    expect(takesTwoRuns(49, 60)).toBe(false);
    expect(takesTwoRuns(50, 80)).toBe(true);
    expect(takesTwoRuns(240, 320)).toBe(true);
    expect(takesTwoRuns(400, 480)).toBe(true);
    expect(takesTwoRuns(400, 516)).toBe(false);
    expect(takesTwoRuns(320, 420)).toBe(false);
  });
});
