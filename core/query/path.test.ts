// The path between two nodes: typed relations first (either direction), mentions only when relations do not join
// them, bounded depth, deterministic choice, and the request's checks.
import { describe, expect, it } from 'vitest';
import type { KgEdge, KgNode, Mention } from '../schema';
import { findPath, memoryAdjacency, parsePathRequest, pathInGraph, PATH_LIMITS } from './path';

const node = (id: string): KgNode => ({
  id,
  type: 'claim',
  text: `text ${id}`,
  paragraph: 1,
  quote: `text ${id}`,
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
const mention = (id: string, nodeId: string, conceptId: string): Mention => ({
  id,
  nodeId,
  conceptId,
  term: conceptId,
  evidence: [{ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph: 1, quote: conceptId }],
});

const graph = {
  nodes: ['a', 'b', 'c', 'd', 'e', 'x', 'k'].map(node),
  edges: [edge('e1', 'a', 'b'), edge('e2', 'c', 'b'), edge('e3', 'c', 'd'), edge('e4', 'a', 'd'), edge('e9', 'x', 'x')],
  mentions: [mention('m1', 'd', 'k'), mention('m2', 'e', 'k')],
};

describe('findPath', () => {
  it('takes the shortest path over relations in either direction', async () => {
    const r = await findPath(memoryAdjacency(graph), 'a', 'c');
    expect(r.found).toBe(true);
    expect(r.via).toBe('relations');
    expect(r.steps).toEqual([
      { from: 'a', to: 'b', kind: 'edge', id: 'e1' },
      { from: 'b', to: 'c', kind: 'edge', id: 'e2' },
    ]);
  });

  it('goes through mentions only when relations do not join the two', async () => {
    const r = await pathInGraph(graph, 'a', 'e');
    expect(r).toMatchObject({ found: true, via: 'mentions' });
    expect(r.steps.map((s) => `${s.kind}:${s.id}`)).toEqual(['edge:e4', 'mention:m1', 'mention:m2']);
    expect(r.nodes.map((n) => n.id)).toEqual(['a', 'd', 'k', 'e']);
    expect(r.edges.map((e) => e.id)).toEqual(['e4']);
    expect(r.mentions.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('prefers relations over a shorter way through mentions', async () => {
    const g = { ...graph, mentions: [...graph.mentions, mention('m3', 'a', 'k'), mention('m4', 'c', 'k')] };
    const r = await pathInGraph(g, 'a', 'c');
    expect(r.via).toBe('relations');
    expect(r.steps.every((s) => s.kind === 'edge')).toBe(true);
  });

  it('answers found: false when nothing joins them, and a zero-step path from a node to itself', async () => {
    expect(await pathInGraph(graph, 'a', 'x')).toMatchObject({ found: false, via: null, steps: [], nodes: [] });
    expect(await pathInGraph(graph, 'a', 'a')).toMatchObject({ found: true, steps: [], nodes: [{ id: 'a' }] });
  });

  it('stops at the depth limit', async () => {
    const ids = Array.from({ length: PATH_LIMITS.depth + 2 }, (_, i) => `n${i}`);
    const chain = { nodes: ids.map(node), edges: ids.slice(1).map((id, i) => edge(`c${i}`, ids[i], id)) };
    expect((await pathInGraph(chain, 'n0', ids[PATH_LIMITS.depth])).steps).toHaveLength(PATH_LIMITS.depth);
    expect((await pathInGraph(chain, 'n0', ids[PATH_LIMITS.depth + 1])).found).toBe(false);
  });

  it('refuses an unknown node and a bad id', async () => {
    await expect(pathInGraph(graph, 'a', 'nope')).rejects.toMatchObject({ code: 'not_found' });
    expect(() => parsePathRequest('', 'a')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => parsePathRequest('a', 'x'.repeat(161))).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(parsePathRequest(' a ', 'b')).toEqual({ from: 'a', to: 'b' });
  });
});
