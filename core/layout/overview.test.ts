import { describe, expect, it } from 'vitest';
import { layoutOverview, OVERVIEW_CELL, spiralCells } from './overview';
import { seededRandom } from './random';

/** n nodes in `sections` consecutive sections, chains plus local cross links (as a document's graph looks). */
function sampleInput(n: number, edgesPer: number, sections: number) {
  const random = seededRandom(3);
  const section = Array.from({ length: n }, (_, i) => Math.floor((i * sections) / n));
  const edges: number[] = [];
  for (let i = 1; i < n; i++) edges.push(Math.max(0, i - 1 - Math.floor(random() * 6)), i);
  while (edges.length < n * edgesPer * 2) {
    const a = Math.floor(random() * n);
    edges.push(a, Math.min(n - 1, Math.max(0, a + Math.floor(random() * 61) - 30)));
  }
  return { section, sectionCount: sections, edges };
}

describe('layoutOverview', () => {
  it('gives every node its own cell inside its section region, regions apart, deterministically', () => {
    const input = sampleInput(3000, 2, 17);
    input.section[5] = -1;
    const a = layoutOverview(input);
    const b = layoutOverview(input);
    expect([...a.x]).toEqual([...b.x]);
    expect([...a.y]).toEqual([...b.y]);
    const cells = new Set<string>();
    for (let i = 0; i < 3000; i++) cells.add(`${a.x[i]},${a.y[i]}`);
    expect(cells.size).toBe(3000);
    expect(a.regions.map((r) => r.section)).toEqual([...Array.from({ length: 17 }, (_, s) => s), -1]);
    for (let i = 0; i < 3000; i++) {
      const r = a.regions.find((g) => g.section === input.section[i])!;
      expect(a.x[i]).toBeGreaterThan(r.x);
      expect(a.x[i]).toBeLessThan(r.x + r.w);
      expect(a.y[i]).toBeGreaterThan(r.y);
      expect(a.y[i]).toBeLessThan(r.y + r.h);
    }
    for (const r of a.regions)
      for (const s of a.regions) {
        if (r === s) continue;
        const apart = r.x + r.w <= s.x || s.x + s.w <= r.x || r.y + r.h <= s.y || s.y + s.h <= r.y;
        expect(apart).toBe(true);
      }
    expect(a.degree.reduce((s, d) => s + d, 0)).toBe(input.edges.length);
  });

  it('puts the best-connected node of a section in its middle and its neighbours next to it', () => {
    // A star in one section: the hub (node 7) at the centre cell, its leaves on the rings around it.
    const edges: number[] = [];
    for (let i = 0; i < 25; i++) if (i !== 7) edges.push(7, i);
    const layout = layoutOverview({ section: new Array(25).fill(0), sectionCount: 1, edges });
    const r = layout.regions[0];
    const mid = (lo: number, size: number) => lo + size / 2;
    expect(Math.abs(layout.x[7] - mid(r.x, r.w))).toBeLessThanOrEqual(OVERVIEW_CELL);
    expect(Math.abs(layout.y[7] - mid(r.y + 3 * OVERVIEW_CELL, r.h - 3 * OVERVIEW_CELL))).toBeLessThanOrEqual(
      OVERVIEW_CELL,
    );
  });

  it('walks a square spiral whose consecutive cells touch', () => {
    const cells: Array<[number, number]> = [];
    spiralCells(49, (_, x, y) => cells.push([x, y]));
    for (let k = 1; k < cells.length; k++) {
      expect(Math.abs(cells[k][0] - cells[k - 1][0]) + Math.abs(cells[k][1] - cells[k - 1][1])).toBe(1);
    }
    expect(new Set(cells.map((c) => c.join())).size).toBe(49);
  });

  it('lays out 15,000 nodes and 30,000 relations quickly', () => {
    const input = sampleInput(15_000, 2, 120);
    const t0 = performance.now();
    const layout = layoutOverview(input);
    const ms = performance.now() - t0;
    expect(layout.x.length).toBe(15_000);
    expect(ms).toBeLessThan(1500);
  });
});
