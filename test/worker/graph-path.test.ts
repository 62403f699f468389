// GET /api/documents/:id/path through the real Worker and D1: the D1 adjacency finds the very path the in-memory
// search finds over the same canonical graph (relations first, then mentions), the answer carries the path's rows
// with their evidence, and bad or unknown ids are typed errors.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { pathInGraph, type GraphPathResult } from '../../core/query/path';
import { findDocumentRow } from '../../storage/document-rows';
import { loadCanonical } from '../../storage/graph-load';
import { expectError, extractAndWait, json } from './helpers';

const TEXT = [
  '# Plants',
  'Photosynthesis turns light into chemical energy in green plants.',
  'Chlorophyll captures the light that photosynthesis needs. Therefore leaves look green.',
  'Without photosynthesis, most food chains would collapse. For example, grazing animals would starve.',
  'Respiration releases the energy that photosynthesis stores in sugar.',
  'A rule: every plant needs water. For example, a cactus stores water in its stem.',
].join('\n\n');

describe('GET /api/documents/:id/path', () => {
  it('answers the path the in-memory search finds, with its rows', async () => {
    const { documentId, task } = await extractAndWait(TEXT);
    expect(task.status).toBe('succeeded');
    const row = await findDocumentRow(env, documentId);
    const { graph } = await loadCanonical(env, documentId, row!.summary);
    expect(graph.nodes.length).toBeGreaterThan(3);
    const ids = graph.nodes.map((n) => n.id);
    const pairs = [
      [ids[0], ids[ids.length - 1]],
      [ids[1], ids[2]],
      [ids[ids.length - 1], ids[0]],
      [ids[0], ids[0]],
    ];
    let kinds = new Set<string>();
    for (const [from, to] of pairs) {
      const res = await json<GraphPathResult>(`/api/documents/${documentId}/path?from=${from}&to=${to}`);
      expect(res.status).toBe(200);
      const expected = await pathInGraph(graph, from, to);
      expect(res.body.found).toBe(expected.found);
      expect(res.body.via).toBe(expected.via);
      expect(res.body.steps).toEqual(expected.steps);
      expect(res.body.nodes.map((n) => n.id)).toEqual(expected.nodes.map((n) => n.id));
      expect(res.body.edges.map((e) => e.id).sort()).toEqual(expected.edges.map((e) => e.id).sort());
      expect(res.body.mentions.map((m) => m.id).sort()).toEqual(expected.mentions.map((m) => m.id).sort());
      for (const e of res.body.edges) expect(e.evidence.length).toBeGreaterThan(0);
      kinds = new Set([...kinds, ...res.body.steps.map((s) => s.kind)]);
      if (res.body.found && from !== to) {
        expect(res.body.nodes[0].id).toBe(from);
        expect(res.body.nodes.at(-1)!.id).toBe(to);
      }
    }
    // Some pair's path walks a step (the built-in extraction joins this text).
    expect(kinds.size).toBeGreaterThan(0);
  });

  it('refuses a missing or too long id and an unknown node', async () => {
    const { documentId } = await extractAndWait('Water boils at 100 degrees. Therefore steam rises.');
    expectError(await json(`/api/documents/${documentId}/path?from=n1`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/path?from=n1&to=${'x'.repeat(200)}`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/path?from=n1&to=nope`), 404, 'not_found');
    expectError(await json('/api/documents/doc_missing/path?from=a&to=b'), 404, 'not_found');
  });
});
