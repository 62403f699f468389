// merge_node and hidden ids on a graph larger than the 800-node view: the commit works on the whole canonical graph,
// so edges a reader's first window never showed are redirected, not lost (seed kg-large-graph-smoke / kg-store-smoke).
import { describe, expect, it } from 'vitest';
import { GRAPH_VIEW_LIMIT } from '../../core/limits';
import type { KgEdge, KgGraph } from '../../core/schema';
import { mixedText } from '../support/texts';
import { call, expectError, extractAndWait, json, writeAuth, type GraphBody } from './helpers';

async function exported(id: string): Promise<KgGraph & { revision: number }> {
  const res = await call(`/api/documents/${id}/export?format=json`);
  expect(res.status).toBe(200);
  return (await res.json()) as KgGraph & { revision: number };
}

const commit = (id: string, body: unknown) =>
  json(`/api/documents/${id}/commit`, { method: 'POST', json: body, headers: writeAuth(id) });
const key = (e: Pick<KgEdge, 'fromNodeId' | 'toNodeId' | 'relation'>) => `${e.fromNodeId}>${e.toNodeId}:${e.relation}`;

describe('commit on a graph bigger than the view window', () => {
  it('merge_node redirects edges outside the first window; a hidden id cannot be taken', async () => {
    const { documentId } = await extractAndWait(mixedText(60_000));
    const window = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect(window.view.truncated).toBe(true);
    const visible = new Set(window.nodes.map((n) => n.id));
    const g = await exported(documentId);
    expect(g.nodes.length).toBeGreaterThan(GRAPH_VIEW_LIMIT);

    // The node that goes away (from) is in the window and has an edge to a node outside it; it merges into another
    // window node (into) with which it shares no edge.
    const crossing = g.edges.find((e) => visible.has(e.fromNodeId) !== visible.has(e.toNodeId))!;
    expect(crossing).toBeDefined();
    const from = visible.has(crossing.fromNodeId) ? crossing.fromNodeId : crossing.toNodeId;
    const hidden = from === crossing.fromNodeId ? crossing.toNodeId : crossing.fromNodeId;
    expect(window.edges.some((e) => e.id === crossing.id)).toBe(false);
    const neighbours = new Set(
      g.edges.flatMap((e) => (e.fromNodeId === from ? [e.toNodeId] : e.toNodeId === from ? [e.fromNodeId] : [])),
    );
    const into = window.nodes.find(
      (n) => n.id !== from && !neighbours.has(n.id) && n.groundingStatus === 'grounded',
    )!.id;
    // Edges with both ends beyond the window stay exactly as they were.
    const farAway = g.edges.filter(
      (e) => !visible.has(e.fromNodeId) && !visible.has(e.toNodeId) && e.fromNodeId !== from && e.toNodeId !== from,
    );
    expect(farAway.length).toBeGreaterThan(0);
    const fromEdges = g.edges.filter((e) => e.fromNodeId === from || e.toNodeId === from);

    const res = await commit(documentId, {
      expectedRevision: 1,
      operations: [{ action: 'merge_nodes', nodePatch: { id: from }, mergeIntoId: into }],
    });
    expect(res.status).toBe(200);
    expect(res.body.revision).toBe(2);

    const after = await exported(documentId);
    expect(after.revision).toBe(2);
    expect(after.nodes).toHaveLength(g.nodes.length - 1);
    expect(after.nodes.some((n) => n.id === from)).toBe(false);
    expect(after.edges.some((e) => e.fromNodeId === from || e.toNodeId === from)).toBe(false);
    // The hidden edge now ends at the target, with its evidence.
    const redirected = after.edges.find((e) => e.id === crossing.id)!;
    expect(redirected).toMatchObject({ relation: crossing.relation, evidence: crossing.evidence });
    expect([redirected.fromNodeId, redirected.toNodeId].sort()).toEqual([into, hidden].sort());
    // Every edge of the source survives as an edge of the target (no self-loops or duplicates were possible here).
    const afterKeys = new Set(after.edges.map(key));
    for (const e of fromEdges) {
      expect(
        afterKeys.has(
          key({
            ...e,
            fromNodeId: e.fromNodeId === from ? into : e.fromNodeId,
            toNodeId: e.toNodeId === from ? into : e.toNodeId,
          }),
        ),
      ).toBe(true);
    }
    expect(after.edges).toHaveLength(g.edges.length);
    for (const e of farAway) expect(after.edges.find((x) => x.id === e.id)).toEqual(e);

    // A window cannot see hidden ids: proposing one for a new node is refused, state unchanged.
    const taken = await commit(documentId, {
      expectedRevision: 2,
      operations: [
        { action: 'add_node', nodePatch: { id: hidden, patch: { type: 'fact', text: 'Overwrite?', paragraph: 1 } } },
      ],
    });
    expectError(taken, 409, 'node_id_conflict');
    expect(taken.body.error.nodeId).toBe(hidden);
    expect((await exported(documentId)).revision).toBe(2);
  });
});
