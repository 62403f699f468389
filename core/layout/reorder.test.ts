// Our crossing reduction and placement between the two ELK runs (reorder.ts, blocks.ts, align.ts), and the jogs
// taken out of ELK's routes (jogs.ts).
import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';
import { alignBlocks } from './align';
import { placeBlocks } from './blocks';
import { unjog } from './jogs';
import { overlapSpot, slidePorts } from './ports';
import { crossingCount, dropStaleBends, layersOf, sift, type Vertex } from './reorder';

/** A layered graph: `sizes` vertices per layer (width 0 = dummy), edges between consecutive layers. */
function layered(
  sizes: number[],
  edges: Array<[number, number]>,
  width = 100,
): { vertices: Vertex[]; layers: number[][] } {
  const vertices: Vertex[] = [];
  const layers = sizes.map((n, l) =>
    Array.from({ length: n }, () => vertices.push({ layer: l, up: [], down: [], width }) - 1),
  );
  for (const [a, b] of edges) {
    vertices[a].down.push(b);
    vertices[b].up.push(a);
  }
  return { vertices, layers };
}

describe('sift', () => {
  it('removes the crossing of two swapped edges', () => {
    const { vertices, layers } = layered(
      [2, 2],
      [
        [0, 3],
        [1, 2],
      ],
    );
    expect(crossingCount(vertices, layers)).toBe(1);
    sift(vertices, layers);
    expect(crossingCount(vertices, layers)).toBe(0);
  });

  it('never adds crossings and keeps every vertex in its layer', () => {
    const random = seededRandom(7);
    for (let round = 0; round < 20; round++) {
      const sizes = [5, 7, 6, 8, 5];
      const starts = sizes.map((_, l) => sizes.slice(0, l).reduce((a, b) => a + b, 0));
      const edges: Array<[number, number]> = [];
      for (let l = 0; l + 1 < sizes.length; l++) {
        for (let k = 0; k < 12; k++)
          edges.push([
            starts[l] + Math.floor(random() * sizes[l]),
            starts[l + 1] + Math.floor(random() * sizes[l + 1]),
          ]);
      }
      const { vertices, layers } = layered(sizes, edges);
      const before = crossingCount(vertices, layers);
      sift(vertices, layers);
      expect(crossingCount(vertices, layers)).toBeLessThanOrEqual(before);
      layers.forEach((row, l) =>
        expect([...row].sort((a, b) => a - b)).toEqual(Array.from({ length: sizes[l] }, (_, i) => starts[l] + i)),
      );
    }
  });
});

describe('placeBlocks', () => {
  it('keeps each layer in order without overlap, and runs a long edge straight into its target', () => {
    // Layer 0: two nodes; layers 1-2: a dummy chain from node 1 plus a node each; layer 3: the chain's target.
    const { vertices, layers } = layered(
      [2, 2, 2, 1],
      [
        [0, 3],
        [1, 2],
        [2, 4],
        [3, 5],
        [4, 6],
      ],
    );
    vertices[2].width = 0;
    vertices[4].width = 0;
    const links = vertices.map((v) => [...v.up, ...v.down].map((u) => ({ u, d: 0 })));
    const gap = (a: number, b: number) =>
      (vertices[a].width && vertices[b].width ? 20 : 10) + (vertices[a].width + vertices[b].width) / 2;
    const c = placeBlocks(vertices, layers, links, gap);
    for (const row of layers) {
      for (let i = 1; i < row.length; i++) {
        const [a, b] = [row[i - 1], row[i]];
        expect(c[b] - vertices[b].width / 2).toBeGreaterThanOrEqual(c[a] + vertices[a].width / 2 + 9.99);
      }
    }
    expect(c[4]).toBeCloseTo(c[2]);
    expect(c[6]).toBeCloseTo(c[4]);
  });
});

describe('alignBlocks', () => {
  it("moves a vertex onto its neighbour's line when there is room, and never through a neighbour", () => {
    // Top: 0, 1; bottom: 2, 3; one edge 0 -> 3. Neighbours in a layer keep 120 apart.
    const { vertices, layers } = layered([2, 2], [[0, 3]]);
    const links = vertices.map((v) => [...v.up, ...v.down].map((u) => ({ u, d: 0 })));
    const input = { layerOf: vertices.map((v) => v.layer), dummy: () => false, layers, links, gap: () => 120 };
    const c = Float64Array.from([0, 120, 0, 130]);
    alignBlocks(input, c);
    expect([...c]).toEqual([0, 120, 0, 130]);
    c[2] = -200;
    alignBlocks(input, c);
    expect([...c]).toEqual([0, 120, -200, 0]);
  });
});

describe('slidePorts', () => {
  it('slides ports towards their straight spots in their order, apart and inside the side', () => {
    expect(slidePorts([{ id: 'a', want: 30 }, { id: 'b' }, { id: 'c', want: 170 }], 200)).toEqual([30, 100, 170]);
    // Two ports wanting the same spot share the difference, SPACING (10) apart; the side's ends keep them inside.
    expect(
      slidePorts(
        [
          { id: 'a', want: 50 },
          { id: 'b', want: 50 },
        ],
        200,
      ),
    ).toEqual([45, 55]);
    expect(
      slidePorts(
        [
          { id: 'a', want: -40 },
          { id: 'b', want: 500 },
        ],
        100,
      ),
    ).toEqual([6, 94]);
    // No room for them all: evenly spread.
    expect(slidePorts([{ id: 'a', want: 1 }, { id: 'b' }, { id: 'c' }], 20)).toEqual([5, 10, 15]);
  });

  it('finds where two boxes overlap enough for a straight edge', () => {
    expect(overlapSpot(0, 100, 80, 200, 0)).toBe(86);
    expect(overlapSpot(0, 100, 95, 200, 50)).toBeUndefined();
  });
});

describe('unjog', () => {
  it('takes out a jog of a pixel between two runs, keeps the ends and real turns', () => {
    expect(
      unjog([
        [0, 0],
        [0, 50],
        [1, 50],
        [1, 80],
        [0, 80],
        [0, 200],
      ]),
    ).toEqual([
      [0, 0],
      [0, 200],
    ]);
    expect(
      unjog([
        [0, 0],
        [0, 50],
        [40, 50],
        [40, 80],
      ]),
    ).toEqual([
      [0, 0],
      [0, 50],
      [40, 50],
      [40, 80],
    ]);
    // Both runs beside the jog end at a node: the shorter moves if its end stays on its node's side, else the jog stays.
    const box = (x: number, width: number) => ({ x, y: 0, width, height: 10 });
    expect(
      unjog(
        [
          [0, 0],
          [0, 50],
          [1, 50],
          [1, 80],
        ],
        [box(-20, 40), box(-20, 40)],
      ),
    ).toEqual([
      [0, 0],
      [0, 80],
    ]);
    expect(
      unjog(
        [
          [0, 0],
          [0, 50],
          [1, 50],
          [1, 80],
        ],
        [box(-20, 20.5), box(0, 40)],
      ),
    ).toEqual([
      [0, 0],
      [0, 50],
      [1, 50],
      [1, 80],
    ]);
    expect(
      unjog([
        [0, 0],
        [0, 50],
        [1, 50],
        [1, 80],
      ]),
    ).toEqual([
      [0, 0],
      [0, 50],
      [1, 50],
      [1, 80],
    ]);
  });
});

describe('layersOf', () => {
  it('puts boxes whose vertical extents overlap in one layer', () => {
    expect(
      layersOf([
        { y: 0, height: 30 },
        { y: 10, height: 10 },
        { y: 70, height: 20 },
        { y: 0, height: 50 },
      ]),
    ).toEqual([0, 0, 1, 0]);
  });
});

describe('dropStaleBends', () => {
  it('drops bend points elkjs left over from the input, keeps new ones', () => {
    const section = (id: string, bends: number[]) => ({
      id,
      startPoint: { x: 0, y: 0 },
      endPoint: { x: 0, y: 9 },
      bendPoints: bends.map((y) => ({ x: 5, y })),
    });
    const given = {
      id: 'c',
      edges: [
        { id: 'a', sources: [], targets: [], sections: [section('as', [3])] },
        { id: 'b', sources: [], targets: [], sections: [section('bs', [3])] },
      ],
    };
    const out = {
      id: 'c',
      edges: [
        { id: 'a', sources: [], targets: [], sections: [section('as', [3])] },
        { id: 'b', sources: [], targets: [], sections: [section('bs', [4])] },
      ],
    };
    const kept = dropStaleBends(out, given).edges!.map(
      (e) => (e as { sections: Array<{ bendPoints: unknown[] }> }).sections[0].bendPoints.length,
    );
    expect(kept).toEqual([0, 1]);
  });
});
