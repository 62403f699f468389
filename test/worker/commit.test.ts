// POST /api/documents/:id/commit and /undo, GET /api/documents/:id/audit, against the real Worker, Durable Object
// and D1 in workerd. Graphs come from the built-in extractor; a review's "verified" judgement is set in D1 directly
// (what a model review would have written).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { KgGraph, KgNode } from '../../core/schema';
import { mixedText } from '../support/texts';
import { call, expectError, extractAndWait, json, waitForTask, writeAuth } from './helpers';

interface Exported extends KgGraph {
  revision: number;
  sourceId: string;
  auditLog: any[];
}

async function exported(id: string): Promise<Exported> {
  const res = await call(`/api/documents/${id}/export?format=json`);
  expect(res.status).toBe(200);
  return (await res.json()) as Exported;
}

const commit = (id: string, body: unknown) =>
  json(`/api/documents/${id}/commit`, { method: 'POST', json: body, headers: writeAuth(id) });
const undo = (id: string, expectedRevision: number) =>
  json(`/api/documents/${id}/undo`, { method: 'POST', json: { expectedRevision }, headers: writeAuth(id) });
const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
const content = (g: KgGraph) => ({ summary: g.summary, nodes: byId(g.nodes), edges: byId(g.edges) });

/** Two grounded nodes of different units and an edge of the graph, picked from what the extractor produced. */
async function fixture() {
  const { documentId } = await extractAndWait(mixedText(4000));
  const g = await exported(documentId);
  const grounded = g.nodes.filter((n) => n.groundingStatus === 'grounded' && n.quote.length > 8);
  const [a, b] = [grounded[0], grounded.find((n) => n.paragraph !== grounded[0].paragraph)!];
  return { documentId, g, a, b };
}

describe('POST /api/documents/:id/commit', () => {
  it('an edit of a node text resets its entailment to unverified; an edit of its quote alone keeps it', async () => {
    const { documentId, a, b } = await fixture();
    await env.DB.prepare(`UPDATE nodes SET entailment = 'verified' WHERE document_id = ? AND id IN (?, ?)`)
      .bind(documentId, a.id, b.id)
      .run();
    const shorter = b.quote.slice(0, Math.ceil(b.quote.length / 2)).trim();
    const res = await commit(documentId, {
      expectedRevision: 1,
      operations: [
        { action: 'update_node', nodePatch: { id: a.id, patch: { text: `${a.text} (edited)` } } },
        { action: 'update_node', nodePatch: { id: b.id, patch: { quote: shorter } } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ documentId, revision: 2, changed: true });
    const g = await exported(documentId);
    const [na, nb] = [g.nodes.find((n) => n.id === a.id)!, g.nodes.find((n) => n.id === b.id)!];
    expect(na).toMatchObject({ text: `${a.text} (edited)`, entailmentStatus: 'unverified' });
    expect(nb).toMatchObject({ quote: shorter, entailmentStatus: 'verified', groundingStatus: 'grounded' });
    expect(nb.evidence[0]).toMatchObject({ paragraph: b.paragraph, quote: shorter });
  });

  it('replaces forged provenance with the canonical one and refuses evidence that is not in the source', async () => {
    const { documentId, a, b } = await fixture();
    const forged = { documentId: 'document-forged', sourceId: 'source-forged', chunkId: 'chunk-forged' };
    const res = await commit(documentId, {
      expectedRevision: 1,
      operations: [
        {
          action: 'add_node',
          nodePatch: {
            id: 'tmp-1',
            patch: {
              type: 'claim',
              text: 'A new claim',
              quote: a.quote,
              paragraph: a.paragraph,
              sectionId: 'forged',
              entailmentStatus: 'verified',
              evidence: [{ ...forged, paragraph: 1, quote: 'x' }],
            },
          },
        },
        {
          action: 'add_edge',
          edgePatch: {
            fromNodeId: 'tmp-1',
            toNodeId: b.id,
            relation: 'supports',
            evidence: [{ ...forged, paragraph: a.paragraph, quote: a.quote }],
          },
        },
      ],
    });
    expect(res.status).toBe(200);
    const newId = res.body.createdNodeIds['tmp-1'];
    expect(newId).toMatch(/^node_/);
    const g = await exported(documentId);
    const canonical = {
      documentId,
      sourceId: a.evidence[0].sourceId,
      chunkId: a.evidence[0].chunkId,
      paragraph: a.paragraph,
      quote: a.quote,
    };
    const node = g.nodes.find((n) => n.id === newId)!;
    expect(node).toMatchObject({ entailmentStatus: 'unverified', groundingStatus: 'grounded', sectionId: a.sectionId });
    expect(node.evidence).toEqual([canonical]);
    const edge = g.edges.find((e) => e.fromNodeId === newId)!;
    expect(edge).toMatchObject({ toNodeId: b.id, relation: 'supports' });
    expect(edge.evidence).toEqual([canonical]);
    expect(JSON.stringify(g)).not.toContain('forged');

    const made = await commit(documentId, {
      expectedRevision: 2,
      operations: [
        {
          action: 'add_edge',
          edgePatch: {
            fromNodeId: a.id,
            toNodeId: b.id,
            relation: 'causes',
            evidence: [{ paragraph: a.paragraph, quote: 'words that are not there' }],
          },
        },
      ],
    });
    expectError(made, 400, 'invalid_operation');
    expect(made.body.error.operationIndex).toBe(0);
  });

  it('a stale commit answers revision_conflict with the current revision and changes nothing', async () => {
    const { documentId, a } = await fixture();
    expect(
      (
        await commit(documentId, {
          expectedRevision: 1,
          operations: [{ action: 'update_summary', summaryPatch: 'First edit.' }],
        })
      ).body.revision,
    ).toBe(2);
    const before = await exported(documentId);
    const stale = await commit(documentId, {
      expectedRevision: 1,
      operations: [{ action: 'delete_node', nodePatch: { id: a.id } }],
    });
    expectError(stale, 409, 'revision_conflict');
    expect(stale.body.error.currentRevision).toBe(2);
    const after = await exported(documentId);
    expect(after.revision).toBe(2);
    expect(content(after)).toEqual(content(before));
    expect(after.auditLog).toEqual(before.auditLog);
    expect(after.nodes.some((n) => n.id === a.id)).toBe(true);
  });

  it('a failing operation or a failed gate leaves the whole commit unapplied', async () => {
    const { documentId, g } = await fixture();
    const bad = await commit(documentId, {
      expectedRevision: 1,
      operations: [
        { action: 'update_summary', summaryPatch: 'Not kept.' },
        { action: 'delete_node', nodePatch: { id: 'no-such-node' } },
      ],
    });
    expectError(bad, 400, 'invalid_operation');
    expect(bad.body.error.operationIndex).toBe(1);
    const unanchored = await commit(documentId, {
      expectedRevision: 1,
      operations: [
        {
          action: 'add_node',
          nodePatch: { patch: { type: 'fact', text: 'Floating', quote: 'a quote found nowhere in the source' } },
        },
      ],
    });
    expectError(unanchored, 422, 'invariant_violation');
    expect(unanchored.body.error.issues[0]).toMatchObject({ code: 'node_unanchored', targetKind: 'node' });
    const after = await exported(documentId);
    expect(after.revision).toBe(1);
    expect(content(after)).toEqual(content(g));
    expect(after.auditLog).toEqual([]);
    expectError(await commit(documentId, { expectedRevision: 1, operations: [] }), 400, 'invalid_input');
    expectError(
      await json(`/api/documents/${documentId}/commit`, {
        method: 'POST',
        json: { expectedRevision: 1, operations: [{ action: 'update_summary', summaryPatch: 'x' }] },
      }),
      401,
      'unauthorized',
    );
  });

  it('refuses a commit while a task runs (busy)', async () => {
    const { documentId } = await fixture();
    const append = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: mixedText(300_000) },
      headers: writeAuth(documentId),
    });
    expect(append.status).toBe(202);
    const res = await commit(documentId, {
      expectedRevision: 1,
      operations: [{ action: 'update_summary', summaryPatch: 'While busy.' }],
    });
    expectError(res, 409, 'busy');
    expect(res.body.error.taskId).toBe(append.body.taskId);
    // Not waited out: cancelled, then the document takes commits again.
    await json(`/api/tasks/${append.body.taskId}/cancel`, { method: 'POST', headers: writeAuth(documentId) });
    expect((await waitForTask(append.body.taskId)).status).toBe('cancelled');
    expect(
      (
        await commit(documentId, {
          expectedRevision: 1,
          operations: [{ action: 'update_summary', summaryPatch: 'After the task.' }],
        })
      ).status,
    ).toBe(200);
  });
});

describe('POST /api/documents/:id/undo and GET /api/documents/:id/audit', () => {
  it('undo applies the inverse as a new revision that restores the previous content; the audit log records both', async () => {
    const { documentId, g, a, b } = await fixture();
    const edge = g.edges.find(
      (e) => e.fromNodeId !== a.id && e.toNodeId !== a.id && e.fromNodeId !== b.id && e.toNodeId !== b.id,
    )!;
    const done = await commit(documentId, {
      expectedRevision: 1,
      reportId: 'vq-test',
      operations: [
        { action: 'merge_nodes', nodePatch: { id: a.id }, mergeIntoId: b.id },
        { action: 'update_summary', summaryPatch: 'Edited summary.' },
        {
          action: 'delete_edge',
          edgePatch: { fromNodeId: edge.fromNodeId, toNodeId: edge.toNodeId, relation: edge.relation, edgeId: edge.id },
        },
        { action: 'update_node', nodePatch: { id: b.id, patch: { type: b.type === 'rule' ? 'fact' : 'rule' } } },
      ],
    });
    expect(done.status).toBe(200);
    expect(done.body.audit.map((e: { action: string }) => e.action)).toEqual([
      'merge_nodes',
      'update_summary',
      'delete_edge',
      'update_node',
    ]);
    const edited = await exported(documentId);
    expect(edited.nodes.some((n) => n.id === a.id)).toBe(false);

    expectError(await undo(documentId, 1), 409, 'revision_conflict');
    const undone = await undo(documentId, 2);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ documentId, revision: 3, undoneRevision: 2 });
    const restored = await exported(documentId);
    expect(restored.revision).toBe(3);
    expect(content(restored)).toEqual(content(g));
    expectError(await undo(documentId, 3), 409, 'nothing_to_undo');

    // Newest first, in pages of two: the four undo entries, then the four commit entries (marked undone).
    const items: any[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = await json(`/api/documents/${documentId}/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      if (!res.body.nextCursor) break;
      cursor = res.body.nextCursor;
    }
    expect(items.map((e) => `${e.revision}:${e.kind}:${e.action}`)).toEqual([
      '3:undo:restore',
      '3:undo:restore',
      '3:undo:restore',
      '3:undo:restore',
      '2:commit:update_node',
      '2:commit:delete_edge',
      '2:commit:update_summary',
      '2:commit:merge_nodes',
    ]);
    expect(items.filter((e) => e.kind === 'commit').every((e) => e.undone && e.reportId === 'vq-test')).toBe(true);
    expect(items.filter((e) => e.kind === 'undo').every((e) => e.undoOf === 2)).toBe(true);
    const merge = items.find((e) => e.action === 'merge_nodes');
    expect(merge.before.nodes.map((n: KgNode) => n.id).sort()).toEqual([a.id, b.id].sort());
    expect(merge.after.nodes.map((n: KgNode) => n.id)).toEqual([b.id]);
    const summary = items.find((e) => e.action === 'update_summary');
    expect(summary).toMatchObject({
      targetId: 'summary',
      before: { summary: g.summary },
      after: { summary: 'Edited summary.' },
    });
    expect(restored.auditLog.map((e: { revision: number }) => e.revision)).toEqual([2, 2, 2, 2, 3, 3, 3, 3]);
    expectError(await json(`/api/documents/${documentId}/audit?cursor=%%%`), 400, 'invalid_input');
  });

  it('undo refuses to cross an append (the graph changed outside the log)', async () => {
    const { documentId } = await fixture();
    expect(
      (
        await commit(documentId, {
          expectedRevision: 1,
          operations: [{ action: 'update_summary', summaryPatch: 'Edited.' }],
        })
      ).status,
    ).toBe(200);
    const append = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: 'A further paragraph. Because of it, more follows.' },
      headers: writeAuth(documentId),
    });
    expect((await waitForTask(append.body.taskId)).status).toBe('succeeded');
    expectError(await undo(documentId, 3), 409, 'nothing_to_undo');
  });
});
