import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { DocumentDO } from '../../durable-objects/document-do';
import { describe, expect, it } from 'vitest';
import { planBatches } from '../../core/extract/batches';
import { createHeuristicExtractor } from '../../core/extractors/heuristic';
import { segment } from '../../core/units';
import { mixedText } from '../support/texts';
import { createDocument, expectError, json, waitForTask, writeAuth } from './helpers';

async function countRows(table: string, documentId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS c FROM ${table} WHERE document_id = ?`)
    .bind(documentId)
    .first<{ c: number }>();
  return row?.c ?? -1;
}

describe('tasks', () => {
  it('reports progress fields, the run time and the committed revision', async () => {
    // Two and a half of the built-in extractor's batches.
    const text = mixedText(Math.round(createHeuristicExtractor().batchChars * 2.5));
    const t0 = Date.now();
    const { taskId, documentId } = await createDocument(text);
    const first = await json(`/api/tasks/${taskId}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ taskId, documentId, kind: 'extract', model: 'builtin:heuristic' });
    expect(['queued', 'running', 'succeeded']).toContain(first.body.status);
    const done = await waitForTask(taskId);
    const observedMs = Date.now() - t0;
    expect(done).toMatchObject({ status: 'succeeded', stage: 'done', revision: 1, progress: { charsReceived: 0 } });
    // One step per batch the built-in extractor's batch size makes of this text, all of them done.
    const batches = planBatches(segment(text).units, createHeuristicExtractor().batchChars).length;
    expect(batches).toBeGreaterThan(1);
    expect(done.progress).toMatchObject({ done: batches, total: batches });
    // The run time is the object's own record (finished − started), never more than the test saw, and frozen once
    // the task has finished, however late it is read.
    const row = await runInDurableObject(env.DOC.getByName(documentId), (_instance, state) =>
      state.storage.sql
        .exec<{ started_at: number; finished_at: number }>(
          'SELECT started_at, finished_at FROM tasks WHERE id = ?',
          taskId,
        )
        .one(),
    );
    expect(done.elapsedMs).toBe(row.finished_at - row.started_at);
    expect(done.elapsedMs).toBeLessThanOrEqual(observedMs);
    // Clocks in workerd move across I/O: read the status until the clock is past the finish, then compare.
    await expect
      .poll(async () => {
        await json(`/api/tasks/${taskId}`);
        return Date.now() - row.finished_at;
      })
      .toBeGreaterThan(5);
    expect((await json(`/api/tasks/${taskId}`)).body.elapsedMs).toBe(done.elapsedMs);
  });

  it('answers 404 for unknown or malformed task ids', async () => {
    expectError(await json('/api/tasks/task_0000000000000000'), 404, 'not_found');
    expectError(await json('/api/tasks/%3Cscript%3E'), 404, 'not_found');
    expectError(await json('/api/tasks/task_0000000000000000/cancel', { method: 'POST' }), 404, 'not_found');
  });

  it('cancels a task at once and publishes nothing', async () => {
    const { taskId, documentId } = await createDocument(mixedText(1_000));
    // Cancel inside the object right after a fresh start, before its alarm can run the task.
    const stub = env.DOC.getByName(documentId);
    await waitForTask(taskId);
    const again = 'task_cancelmebefore01';
    await env.DB.prepare('INSERT INTO tasks (id, document_id, kind, created_at) VALUES (?, ?, ?, ?)')
      .bind(again, documentId, 'extract', Date.now())
      .run();
    const before = (await json(`/api/documents/${documentId}`)).body;
    await runInDurableObject(stub, async (instance: DocumentDO) => {
      const started = await instance.start({
        taskId: again,
        documentId,
        kind: 'extract',
        model: 'builtin:heuristic',
        title: 't',
        sourceKey: `documents/${documentId}/source/x.txt`,
        sourceId: 'x',
      });
      expect(started).toMatchObject({ ok: true, value: { status: 'queued' } });
      const cancelled = await instance.cancel(again);
      expect(cancelled).toMatchObject({ ok: true, value: { status: 'cancelled', error: { code: 'cancelled' } } });
    });
    const final = await waitForTask(again);
    expect(final).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    const after = (await json(`/api/documents/${documentId}`)).body;
    expect(after).toMatchObject({ revision: before.revision, nodeCount: before.nodeCount, activeTask: null });
    expect(await countRows('nodes', documentId)).toBe(before.nodeCount);
    expectError(
      await json(`/api/tasks/${again}/cancel`, { method: 'POST', headers: writeAuth(documentId) }),
      409,
      'not_cancellable',
    );
    expectError(
      await json(`/api/tasks/${taskId}/cancel`, { method: 'POST', headers: writeAuth(documentId) }),
      409,
      'not_cancellable',
    );
  });

  it('refuses a second task on a busy document with 409 busy', async () => {
    const { taskId, documentId } = await createDocument(mixedText(2_000));
    await waitForTask(taskId);
    const doc = (await json(`/api/documents/${documentId}`)).body;
    const request = (id: string) => ({
      taskId: id,
      documentId,
      kind: 'extract' as const,
      model: 'builtin:heuristic',
      title: 'again',
      sourceKey: `documents/${documentId}/source/${doc.sourceId}.txt`,
      sourceId: doc.sourceId,
    });
    // Both starts land inside the object before its alarm can run the first one.
    const [first, second] = await runInDurableObject(env.DOC.getByName(documentId), async (instance: DocumentDO) => [
      await instance.start(request('task_firstfirstfirst1')),
      await instance.start(request('task_secondsecond0001')),
    ]);
    expect(first).toMatchObject({ ok: true, value: { status: 'queued' } });
    expect(second).toEqual({
      ok: false,
      error: { code: 'busy', detail: expect.stringContaining('task_firstfirstfirst1') },
    });
  });

  it('completes a 1,000,000-character text', async () => {
    const { taskId, documentId } = await createDocument(mixedText(1_000_000));
    const done = await waitForTask(taskId, 240_000);
    expect(done.status).toBe('succeeded');
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(doc.chars).toBeGreaterThanOrEqual(1_000_000);
    expect(doc.nodeCount).toBeGreaterThan(5_000);
    expect(await countRows('nodes', documentId)).toBe(doc.nodeCount);
  }, 300_000);
});
