import { describe, expect, it } from 'vitest';
import { layoutCircle, layoutForce, layoutRadial, scoreLayout } from './index';
import { prepareGraph } from './prepare';
import { sampleKnowledgeGraph } from './sample-graphs';
import type { LayoutGraph, LayoutResult } from './types';

const centre = (r: LayoutResult, id: string) => {
  const n = r.nodes.find((m) => m.id === id)!;
  return [n.x + n.width / 2, n.y + n.height / 2] as const;
};

function expectComplete(result: LayoutResult, graph: LayoutGraph) {
  expect(result.nodes.map((n) => n.id)).toEqual(graph.nodes.map((n) => n.id));
  expect(result.edges.map((e) => e.id)).toEqual(graph.edges.map((e) => e.id));
  for (const n of result.nodes) {
    expect(n.x).toBeGreaterThanOrEqual(0);
    expect(n.y).toBeGreaterThanOrEqual(0);
    expect(n.x + n.width).toBeLessThanOrEqual(result.width);
    expect(n.y + n.height).toBeLessThanOrEqual(result.height);
  }
  for (const e of result.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
}

// The share of relation chips a layout may hide to avoid collisions (as layered.test.ts bounds its own at 2%): without
// a bound, "no colliding visible label" would hold for a placer that hides every chip. Measured on these seeded graphs
// (50 / 200 nodes): force 0 / 5 of 223, radial 2 / 2, circle 10 of 55 / 16 of 223 (chords cross near the centre).
describe.each([
  ['force', layoutForce, 0.03],
  ['circle', layoutCircle, 0.2],
  ['radial', layoutRadial, 0.05],
] as const)('%s layout', (_name, layout, hiddenShare) => {
  it.each([50, 200])(
    'places all %i nodes without overlap, with no colliding visible label and few hidden ones, deterministically',
    (size) => {
      const graph = sampleKnowledgeGraph(size);
      const result = layout(graph);
      expectComplete(result, graph);
      const score = scoreLayout(result, graph);
      expect(score.nodeOverlaps).toBe(0);
      expect(score.labelOverlaps).toBe(0);
      expect(score.labelNodeOverlaps).toBe(0);
      expect(score.hiddenLabels, 'relation chips hidden').toBeLessThanOrEqual(
        Math.ceil(graph.edges.length * hiddenShare),
      );
      expect(layout(graph)).toEqual(result);
    },
  );
});

describe('force layout', () => {
  it('depends on its seed only', () => {
    const graph = sampleKnowledgeGraph(60, { seed: 3 });
    expect(layoutForce(graph, { seed: 7 })).toEqual(layoutForce(graph, { seed: 7 }));
    expect(layoutForce(graph, { seed: 7 }).nodes).not.toEqual(layoutForce(graph, { seed: 8 }).nodes);
  });

  it('moves nodes off most edges that would run through them (edge-node repulsion and repair, before any detour)', () => {
    const graph = sampleKnowledgeGraph(200, { seed: 12 });
    const withRepulsion = scoreLayout(layoutForce(graph, { detours: false }), graph).edgesThroughNodes;
    const without = scoreLayout(layoutForce(graph, { edgeRepulsion: false }), graph).edgesThroughNodes;
    expect(withRepulsion).toBeLessThan(without * 0.5);
  });

  it.each([400, 800])(
    'leaves no edge running through a node on %i nodes, bending only a minority of edges',
    (size) => {
      const graph = sampleKnowledgeGraph(size);
      const result = layoutForce(graph);
      const score = scoreLayout(result, graph);
      expect(score.edgesThroughNodes).toBe(0);
      expect(score.nodeOverlaps).toBe(0);
      const bent = result.edges.filter((e) => !e.path && e.points.length > 2).length;
      expect(bent, 'edges that detour').toBeLessThan(graph.edges.length * 0.4);
      // A geometry check, not a timed one: 800 nodes take seconds of CPU on a loaded 2-core machine (the speed of
      // the force layout is measured in bench/ui-graph.bench.ts).
    },
    60_000,
  );

  it('fans out parallel edges as distinct curves', () => {
    const graph: LayoutGraph = {
      nodes: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
      edges: [
        { id: 'x', source: 'a', target: 'b', label: 'causes' },
        { id: 'y', source: 'a', target: 'b', label: 'supports' },
        { id: 'z', source: 'b', target: 'a', label: 'analogy' },
      ],
    };
    const result = layoutForce(graph);
    const mids = result.edges.map((e) => e.points[Math.floor(e.points.length / 2)]);
    expect(result.edges.filter((e) => e.path).length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < mids.length; i++)
      for (let j = i + 1; j < mids.length; j++)
        expect(Math.hypot(mids[i][0] - mids[j][0], mids[i][1] - mids[j][1])).toBeGreaterThan(10);
  });
});

describe('radial layout', () => {
  it('puts the best-connected node in the centre and the rest on rings by distance, edges never through nodes', () => {
    const graph: LayoutGraph = {
      nodes: ['hub', 'a', 'b', 'c', 'a1', 'a2', 'b1', 'c1', 'x'].map((id) => ({ id, label: `node ${id}` })),
      edges: [
        { id: '1', source: 'hub', target: 'a', label: 'causes' },
        { id: '2', source: 'hub', target: 'b', label: 'example' },
        { id: '3', source: 'c', target: 'hub', label: 'supports' },
        { id: '4', source: 'a', target: 'a1', label: 'infers' },
        { id: '5', source: 'a', target: 'a2', label: 'defines' },
        { id: '6', source: 'b', target: 'b1', label: 'is_a' },
        { id: '7', source: 'c', target: 'c1', label: 'analogy' },
        { id: '8', source: 'a1', target: 'b1', label: 'contains' },
        { id: '9', source: 'hub', target: 'x', label: 'aims_at' },
      ],
    };
    const result = layoutRadial(graph);
    const [hx, hy] = centre(result, 'hub');
    const dist = (id: string) => Math.hypot(centre(result, id)[0] - hx, centre(result, id)[1] - hy);
    const ring1 = ['a', 'b', 'c', 'x'].map(dist);
    const ring2 = ['a1', 'a2', 'b1', 'c1'].map(dist);
    for (const d of ring1) expect(d).toBeCloseTo(ring1[0], 0);
    for (const d of ring2) expect(d).toBeCloseTo(ring2[0], 0);
    expect(Math.min(...ring2)).toBeGreaterThan(Math.max(...ring1));
    // The a1 → b1 link runs out, around and back in: an arc, drawn as SVG path data.
    const link = result.edges.find((e) => e.id === '8')!;
    expect(link.path).toMatch(/^M[^A]*L[^A]*A/);
    expect(scoreLayout(result, graph).edgesThroughNodes).toBe(0);
  });

  it("centres a component on the chosen node (the reader's selection), rings by distance from it", () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const graph: LayoutGraph = {
      nodes: ids.map((id) => ({ id, label: `node ${id}` })),
      edges: ids.slice(1).map((id, i) => ({ id: `e${i}`, source: ids[i], target: id, label: 'causes' })),
    };
    const from = (r: LayoutResult, at: string) => (id: string) =>
      Math.hypot(centre(r, id)[0] - centre(r, at)[0], centre(r, id)[1] - centre(r, at)[1]);
    const chosen = layoutRadial({ ...graph, centre: 'e' });
    const dist = from(chosen, 'e');
    expect(dist('d')).toBeLessThan(dist('c'));
    expect(dist('c')).toBeLessThan(dist('b'));
    expect(dist('b')).toBeLessThan(dist('a'));
    // Without a centre the best-connected node is there instead, and an unknown centre changes nothing.
    expect(layoutRadial({ ...graph, centre: 'nope' })).toEqual(layoutRadial(graph));
    expect(layoutRadial(graph)).not.toEqual(chosen);
  });

  it('never routes an edge through a node on generated graphs', () => {
    const graph = sampleKnowledgeGraph(200, { seed: 11 });
    expect(scoreLayout(layoutRadial(graph), graph).edgesThroughNodes).toBe(0);
  });
});

describe('circle layout', () => {
  it('puts each component on its own circle', () => {
    const graph = sampleKnowledgeGraph(80, { seed: 5 });
    const result = layoutCircle(graph);
    const { components, nodes } = prepareGraph(graph);
    const big = components[0].map((i) => nodes[i].id);
    const pts = big.map((id) => centre(result, id));
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    const radii = pts.map(([x, y]) => Math.hypot(x - cx, y - cy));
    expect(Math.max(...radii) - Math.min(...radii)).toBeLessThan(0.1 * Math.max(...radii));
  });
});
