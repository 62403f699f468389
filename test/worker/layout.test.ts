import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { scoreLayout } from '../../core/layout/score';
import { sampleKnowledgeGraph } from '../../core/layout/sample-graphs';
import type { LayoutGraph } from '../../core/layout/types';
import { memoryTier } from '../../durable-objects/layout/cache';
import { LAYOUT_LIMITS } from '../../worker/services/layout/limits';
import { mixedText } from '../support/texts';
import { call, expectError, extractAndWait, json, type GraphBody } from './helpers';

const post = (body: unknown) => call('/api/layout', { method: 'POST', json: body });

describe('POST /api/layout', () => {
  it('lays out a sent graph with ELK (no overlaps, no edge through a node) and serves the repeat from the cache', async () => {
    const graph = sampleKnowledgeGraph(40, { seed: 21 });
    const first = await post(graph);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-kg-layout-cache')).toBe('miss');
    const layout = await first.json<any>();
    expect(layout.revision).toBeNull();
    expect(layout.nodes.map((n: { id: string }) => n.id)).toEqual(graph.nodes.map((n) => n.id));
    expect(layout.edges.map((e: { id: string }) => e.id)).toEqual(graph.edges.map((e) => e.id));
    const score = scoreLayout(layout, graph);
    expect(score).toMatchObject({ nodeOverlaps: 0, edgesThroughNodes: 0, labelOverlaps: 0, labelNodeOverlaps: 0 });
    for (const e of layout.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);

    const again = await post(graph);
    expect(again.headers.get('x-kg-layout-cache')).toBe('hit');
    expect(await again.json()).toEqual(layout);
    // Another option is another layout.
    const right = await post({ ...graph, options: { direction: 'RIGHT' } });
    expect(right.headers.get('x-kg-layout-cache')).toBe('miss');
  });

  it('uses the sizes a caller gives and measures the others from their labels', async () => {
    const graph: LayoutGraph = {
      nodes: [
        { id: 'a', width: 300, height: 120 },
        { id: 'b', label: 'A short label' },
      ],
      edges: [{ id: 'ab', source: 'a', target: 'b', label: 'causes' }],
    };
    const { status, body } = await json('/api/layout', { method: 'POST', json: graph });
    expect(status).toBe(200);
    expect(body.nodes[0]).toMatchObject({ width: 300, height: 120 });
    expect(body.nodes[1].height).toBeLessThan(120);
  });

  it('answers layout_too_large beyond the limits', async () => {
    const many = { nodes: Array.from({ length: LAYOUT_LIMITS.nodes + 1 }, (_, i) => ({ id: `n${i}` })), edges: [] };
    expectError(await json('/api/layout', { method: 'POST', json: many }), 413, 'layout_too_large');
    const nodes = Array.from({ length: 100 }, (_, i) => ({ id: `n${i}` }));
    const dense = {
      nodes,
      edges: Array.from({ length: LAYOUT_LIMITS.edges + 1 }, (_, i) => ({
        id: `e${i}`,
        source: `n${i % 100}`,
        target: `n${(i * 7 + 1) % 100}`,
      })),
    };
    expectError(await json('/api/layout', { method: 'POST', json: dense }), 413, 'layout_too_large');
    const longLabel = { nodes: [{ id: 'a', label: 'x'.repeat(LAYOUT_LIMITS.labelChars + 1) }], edges: [] };
    expectError(await json('/api/layout', { method: 'POST', json: longLabel }), 413, 'layout_too_large');
    const huge = await call('/api/layout', {
      method: 'POST',
      body: ' '.repeat(LAYOUT_LIMITS.bodyBytes + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json<any>()).error.code).toBe('layout_too_large');
  });

  it('answers invalid_input for malformed bodies', async () => {
    const ok = { nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ id: 'e', source: 'a', target: 'b' }] };
    expectError(
      await json('/api/layout', { method: 'POST', body: '{"nodes":', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_input',
    );
    expectError(await json('/api/layout', { method: 'POST', body: JSON.stringify(ok) }), 400, 'invalid_input');
    expectError(await json('/api/layout', { method: 'POST', json: { ...ok, extra: 1 } }), 400, 'invalid_input');
    expectError(
      await json('/api/layout', { method: 'POST', json: { nodes: [{ id: 'a', width: -5 }], edges: [] } }),
      400,
      'invalid_input',
    );
    expectError(
      await json('/api/layout', { method: 'POST', json: { nodes: [{ id: 'a' }, { id: 'a' }], edges: [] } }),
      400,
      'invalid_input',
    );
    expectError(
      await json('/api/layout', { method: 'POST', json: { ...ok, edges: [{ id: 'e', source: 'a', target: 'zzz' }] } }),
      400,
      'invalid_input',
    );
    expectError(
      await json('/api/layout', { method: 'POST', json: { ...ok, options: { direction: 'UP' } } }),
      400,
      'invalid_input',
    );
    expectError(await json('/api/layout', { method: 'POST', json: { nodes: 'a', edges: [] } }), 400, 'invalid_input');
  });
});

describe('GET /api/documents/:id/layout', () => {
  it('lays out the current window, caches it in memory and R2 per revision, and matches the graph window', async () => {
    const { documentId } = await extractAndWait(mixedText(3_000));
    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect(graph.nodes.length).toBeGreaterThan(5);

    const first = await call(`/api/documents/${documentId}/layout?algorithm=layered`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-kg-layout-cache')).toBe('miss');
    const layout = await first.json<any>();
    expect(layout).toMatchObject({ documentId, revision: graph.revision, algorithm: 'layered' });
    expect(layout.window).toMatchObject({
      offset: 0,
      limit: 800,
      nodes: graph.nodes.length,
      edges: graph.edges.length,
    });
    expect(layout.nodes.map((n: { id: string }) => n.id)).toEqual(graph.nodes.map((n) => n.id));
    const layoutGraph: LayoutGraph = {
      nodes: graph.nodes.map((n) => ({ id: n.id, label: n.text, type: n.type })),
      edges: graph.edges.map((e) => ({ id: e.id, source: e.fromNodeId, target: e.toNodeId, label: e.relation })),
    };
    expect(scoreLayout(layout, layoutGraph)).toMatchObject({
      nodeOverlaps: 0,
      edgesThroughNodes: 0,
      labelOverlaps: 0,
      labelNodeOverlaps: 0,
    });

    const repeat = await call(`/api/documents/${documentId}/layout`);
    expect(repeat.headers.get('x-kg-layout-cache')).toBe('hit');
    expect(repeat.headers.get('x-kg-layout-cache-tier')).toBe('memory');
    expect(await repeat.json()).toEqual(layout);

    // A fresh isolate has an empty memory: the R2 copy answers without recomputing.
    const stored = await env.BLOBS.list({ prefix: `documents/${documentId}/layouts/r${graph.revision}/` });
    expect(stored.objects.length).toBe(1);
    memoryTier.clear();
    const fromR2 = await call(`/api/documents/${documentId}/layout`);
    expect(fromR2.headers.get('x-kg-layout-cache')).toBe('hit');
    expect(fromR2.headers.get('x-kg-layout-cache-tier')).toBe('r2');
    expect(await fromR2.json()).toEqual(layout);

    // Another window is another layout.
    const part = await call(`/api/documents/${documentId}/layout?offset=2&limit=3`);
    expect(part.headers.get('x-kg-layout-cache')).toBe('miss');
    const partBody = await part.json<any>();
    expect(partBody.nodes.map((n: { id: string }) => n.id)).toEqual(graph.nodes.slice(2, 5).map((n) => n.id));
  });

  it('rejects unknown documents, bad windows and client-side algorithms', async () => {
    expectError(await json(`/api/documents/${crypto.randomUUID()}/layout`), 404, 'not_found');
    expectError(await json(`/api/documents/not-a-uuid/layout`), 404, 'not_found');
    const { documentId } = await extractAndWait(
      'Because it rained, the ground is wet. Therefore the game was cancelled.',
    );
    expectError(await json(`/api/documents/${documentId}/layout?limit=801`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/layout?offset=-1`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/layout?algorithm=force`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/layout?direction=sideways`), 400, 'invalid_input');
  });
});
