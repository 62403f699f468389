// Soft delete (issue 26): DELETE keeps everything for 30 days and hides the document from every route but the
// restore and the deleted listing; POST …/restore brings it back as it was; the purge runs from the document's
// alarm 30 days on, or lazily when a listing or a restore finds a deleted document past its 30 days.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DELETED_RETENTION_MS } from '../../core/limits';
import { createDocument, expectError, extractAndWait, json, waitForTask, writeAuth, type GraphBody } from './helpers';
import { purgeNow, rowCount } from './purge-helpers';

const TEXT = 'Because it rained, the ground is wet. Therefore the game was cancelled. A game is a contest.';

async function extracted(text = TEXT) {
  const doc = await extractAndWait(text);
  return { ...doc, held: { 'x-kg-capabilities': doc.writeCapability! } };
}

const ids = (body: { items: { documentId: string }[] }) => body.items.map((d) => d.documentId);
const del = (id: string) => json(`/api/documents/${id}`, { method: 'DELETE', headers: writeAuth(id) });
const restore = (id: string, headers: Record<string, string> = writeAuth(id)) =>
  json(`/api/documents/${id}/restore`, { method: 'POST', headers });
const blobCount = async (id: string) => (await env.BLOBS.list({ prefix: `documents/${id}/` })).objects.length;

describe('DELETE /api/documents/:id (soft delete)', () => {
  it('hides the document from every route but keeps its rows, objects and state for 30 days', async () => {
    const { documentId, taskId, held } = await extracted();
    const nodes = await rowCount('nodes', documentId);
    const blobs = await blobCount(documentId);
    expect(nodes).toBeGreaterThan(0);
    const before = Date.now();
    const res = await del(documentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true, documentId });
    expect(res.body.deletedAt).toBeGreaterThanOrEqual(before);
    expect(res.body.purgeAt - res.body.deletedAt).toBe(DELETED_RETENTION_MS);

    expectError(await json(`/api/documents/${documentId}`), 404, 'not_found');
    expectError(await json(`/api/documents/${documentId}/graph`), 404, 'not_found');
    expectError(await json(`/api/documents/${documentId}/export`), 404, 'not_found');
    expectError(await json(`/api/tasks/${taskId}`), 404, 'not_found');
    expectError(
      await json(`/api/documents/${documentId}/append`, {
        method: 'POST',
        json: { text: 'More text.' },
        headers: writeAuth(documentId),
      }),
      404,
      'not_found',
    );
    expectError(await del(documentId), 404, 'not_found');
    expect(ids((await json('/api/documents', { headers: held })).body)).toEqual([]);

    const deleted = await json('/api/documents?deleted=1', { headers: held });
    expect(deleted.status).toBe(200);
    expect(deleted.body.items).toHaveLength(1);
    expect(deleted.body.items[0]).toMatchObject({
      documentId,
      deletedAt: res.body.deletedAt,
      purgeAt: res.body.purgeAt,
      revision: 1,
    });
    // Kept, all of it.
    expect(await rowCount('nodes', documentId)).toBe(nodes);
    expect(await blobCount(documentId)).toBe(blobs);
  });

  it('restores the document as it was, and a second restore answers restored: false', async () => {
    const { documentId, held } = await extracted();
    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect((await del(documentId)).status).toBe(200);
    const restored = await restore(documentId);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ restored: true, documentId, revision: 1 });
    const back = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect(back.revision).toBe(1);
    expect(back.nodes.map((n) => n.id)).toEqual(graph.nodes.map((n) => n.id));
    expect(back.edges.map((e) => e.id)).toEqual(graph.edges.map((e) => e.id));
    expect(ids((await json('/api/documents', { headers: held })).body)).toEqual([documentId]);
    expect(ids((await json('/api/documents?deleted=1', { headers: held })).body)).toEqual([]);
    expect((await restore(documentId)).body).toEqual({ restored: false, documentId, revision: 1 });
    // Its object takes tasks again.
    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: 'The field dried by noon.', expectedRevision: 1 },
      headers: writeAuth(documentId),
    });
    expect(appended.status).toBe(202);
    expect(await waitForTask(appended.body.taskId)).toMatchObject({ status: 'succeeded', revision: 2 });
  });

  it('restore needs the write access a change needs', async () => {
    const { documentId } = await extracted();
    const other = await extracted('Another text. It is about nothing in particular.');
    expect((await del(documentId)).status).toBe(200);
    expectError(await restore(documentId, {}), 401, 'unauthorized');
    expectError(await restore(documentId, writeAuth(other.documentId)), 404, 'not_found');
    expectError(await restore('not-a-document', writeAuth(documentId)), 404, 'not_found');
    // A deleted listing never shows another caller's document.
    expect(ids((await json('/api/documents?deleted=1', { headers: other.held })).body)).toEqual([]);
    expectError(await json('/api/documents?deleted=yes', { headers: other.held }), 400, 'invalid_input');
    expect((await restore(documentId)).status).toBe(200);
  });

  it('cancels a task still running when the document is deleted', async () => {
    const created = await createDocument(`${TEXT}\n\n`.repeat(400));
    const res = await del(created.documentId);
    expect(res.status).toBe(200);
    expect((await restore(created.documentId)).status).toBe(200);
    const task = await json(`/api/tasks/${created.taskId}`);
    expect(['cancelled', 'succeeded']).toContain(task.body.status);
  });

  it('lists deleted documents most recently deleted first, keyset paged', async () => {
    const docs = [await extracted(), await extracted('Second text. It is short.'), await extracted('Third. Short.')];
    const headers = { 'x-kg-capabilities': docs.map((d) => d.writeCapability).join(',') };
    for (const d of [docs[1], docs[0], docs[2]]) {
      expect((await del(d.documentId)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await json('/api/documents?deleted=1&limit=2', { headers });
    expect(ids(first.body)).toEqual([docs[2].documentId, docs[0].documentId]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await json(`/api/documents?deleted=1&limit=2&cursor=${first.body.nextCursor}`, { headers });
    expect(ids(second.body)).toEqual([docs[1].documentId]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe('the purge', () => {
  it('runs from the document object alarm when the 30 days are over: rows, objects and state go', async () => {
    const { documentId, held } = await extracted();
    expect((await del(documentId)).status).toBe(200);
    await purgeNow(documentId);
    for (const table of ['documents', 'nodes', 'edges', 'evidence', 'units', 'tasks', 'mentions'])
      expect(await rowCount(table, documentId)).toBe(0);
    expect(await blobCount(documentId)).toBe(0);
    expectError(await restore(documentId), 404, 'not_found');
    expect(ids((await json('/api/documents?deleted=1', { headers: held })).body)).toEqual([]);
  });

  it('an alarm before the 30 days are over purges nothing and is set again', async () => {
    const { documentId } = await extracted();
    const deleted = await del(documentId);
    expect(deleted.status).toBe(200);
    const stub = env.DOC.getByName(documentId);
    const set = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    expect(set).toBe(deleted.body.purgeAt);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await rowCount('documents', documentId)).toBe(1);
    const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + DELETED_RETENTION_MS - 60_000);
    expect((await restore(documentId)).status).toBe(200);
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeNull();
  });

  it('is lazy on read: a listing or a restore that finds a deleted document past its 30 days purges it', async () => {
    const listed = await extracted();
    const restored = await extracted('A second text. It is short.');
    for (const d of [listed, restored]) {
      expect((await del(d.documentId)).status).toBe(200);
      await env.DB.prepare('UPDATE documents SET deleted_at = ? WHERE id = ?')
        .bind(Date.now() - DELETED_RETENTION_MS - 1, d.documentId)
        .run();
    }
    expect(ids((await json('/api/documents?deleted=1', { headers: listed.held })).body)).toEqual([]);
    expect(await rowCount('documents', listed.documentId)).toBe(0);
    expect(await rowCount('nodes', listed.documentId)).toBe(0);
    expectError(await restore(restored.documentId), 404, 'not_found');
    expect(await rowCount('documents', restored.documentId)).toBe(0);
    expect(await blobCount(restored.documentId)).toBe(0);
  });
});
