import { describe, expect, it } from 'vitest';
import { buildAdjacency, nearest, nextByArrow, pickInDirection, type NodeCentre } from './neighbour-by-direction';

//        n  (0,-100)
//  w (-100,0)   c (0,0)   e (100,0)   far (400, 10)
//        s  (10, 100)
const centres = new Map<string, NodeCentre>(
  [
    { id: 'c', x: 0, y: 0 },
    { id: 'n', x: 0, y: -100 },
    { id: 's', x: 10, y: 100 },
    { id: 'e', x: 100, y: 0 },
    { id: 'w', x: -100, y: 0 },
    { id: 'far', x: 400, y: 10 },
    { id: 'lone', x: 0, y: 300 },
  ].map((c) => [c.id, c]),
);

describe('arrow-key neighbour choice', () => {
  it('picks the connected node in the arrow direction', () => {
    const adj = buildAdjacency(['n', 's', 'e', 'w'].map((id) => ({ source: 'c', target: id })));
    expect(nextByArrow('c', 'up', centres, adj)).toBe('n');
    expect(nextByArrow('c', 'down', centres, adj)).toBe('s');
    expect(nextByArrow('c', 'right', centres, adj)).toBe('e');
    expect(nextByArrow('c', 'left', centres, adj)).toBe('w');
  });

  it('prefers a connected node over a nearer unconnected one', () => {
    const adj = buildAdjacency([{ source: 'c', target: 'far' }]);
    expect(nextByArrow('c', 'right', centres, adj)).toBe('far');
  });

  it('falls back to the nearest connected node when none lies that way', () => {
    const adj = buildAdjacency([
      { source: 'c', target: 'e' },
      { source: 'far', target: 'c' },
    ]);
    expect(nextByArrow('c', 'left', centres, adj)).toBe('e');
  });

  it('moves from an isolated node to the nearest node that way, and stays when there is none', () => {
    const adj = buildAdjacency([{ source: 'c', target: 'e' }]);
    expect(nextByArrow('lone', 'up', centres, adj)).toBe('s');
    expect(nextByArrow('lone', 'down', centres, adj)).toBeNull();
  });

  it('ignores self loops and unknown nodes', () => {
    const adj = buildAdjacency([{ source: 'c', target: 'c' }]);
    expect(adj.get('c')).toBeUndefined();
    expect(nextByArrow('missing', 'up', centres, adj)).toBeNull();
  });

  it('scores off-axis candidates below aligned ones and rejects those outside the cone', () => {
    const from = { id: 'o', x: 0, y: 0 };
    const cands = [
      { id: 'diag', x: 60, y: 60 },
      { id: 'aligned', x: 100, y: 0 },
      { id: 'steep', x: 10, y: 100 },
    ];
    expect(pickInDirection(from, cands, 'right')).toBe('aligned');
    expect(pickInDirection(from, [cands[2]], 'right')).toBeNull();
    expect(nearest(from, cands)).toBe('diag');
  });
});
