import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mixedText } from '../support/texts';
import { createDocument, expectError, json, waitForTask } from './helpers';

async function countRows(table: string, documentId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS c FROM ${table} WHERE document_id = ?`).bind(documentId).first<{ c: number }>();
  return row?.c ?? -1;
}

describe('tasks', () => {
  it('reports progress fields and the committed revision', async () => {
    const { taskId, documentId } = await createDocument(mixedText(5_000));
    const first = await json(`/api/tasks/${taskId}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ taskId, documentId, kind: 'extract', model: 'builtin:heuristic' });
    expect(['queued', 'running', 'succeeded']).toContain(first.body.status);
    const done = await waitForTask(taskId);
    expect(done).toMatchObject({ status: 'succeeded', stage: 'done', revision: 1 });
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.progress.total).toBeGreaterThan(0);
    expect(done.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 404 for unknown or malformed task ids', async () => {
    expectError(await json('/api/tasks/task_0000000000000000'), 404, 'not_found');
    expectError(await json('/api/tasks/%3Cscript%3E'), 404, 'not_found');
    expectError(await json('/api/tasks/task_0000000000000000/cancel', { method: 'POST' }), 404, 'not_found');
  });

  it('cancels a running task at once and publishes nothing', async () => {
    const { taskId, documentId } = await createDocument(mixedText(1_000_000));
    const cancelled = await json(`/api/tasks/${taskId}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    const final = await waitForTask(taskId);
    expect(final.status).toBe('cancelled');
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(doc).toMatchObject({ revision: 0, nodeCount: 0, edgeCount: 0, activeTask: null });
    expect(await countRows('nodes', documentId)).toBe(0);
    expect(await countRows('edges', documentId)).toBe(0);
    expect(await countRows('units', documentId)).toBe(0);
    // The runner has stopped and cleaned its checkpoints; cancelling again is refused.
    await expect.poll(async () => (await env.BLOBS.list({ prefix: `documents/${documentId}/tasks/` })).objects.length).toBe(0);
    expectError(await json(`/api/tasks/${taskId}/cancel`, { method: 'POST' }), 409, 'not_cancellable');
  });

  it('refuses a second task on a busy document with 409 busy', async () => {
    const { taskId, documentId } = await createDocument(mixedText(200_000));
    const stub = env.DOC.getByName(documentId);
    const second = await stub.start({
      taskId: 'task_secondsecond01',
      documentId,
      kind: 'extract',
      model: 'builtin:heuristic',
      title: 'again',
      sourceKey: 'unused',
      sourceId: 'unused',
    });
    expect(second).toEqual({ ok: false, error: { code: 'busy', detail: expect.stringContaining(taskId) } });
    expect((await waitForTask(taskId)).status).toBe('succeeded');
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
