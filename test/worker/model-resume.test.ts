// Checkpoints and resume inside workerd: a task interrupted mid-run resumes from its R2 checkpoints without
// redoing finished batches; a resume whose base revision moved fails with revision_conflict; failed tasks never
// resume by themselves. (The kill-and-restart of a real `wrangler dev` process is in test/e2e/.)
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DocumentDO } from '../../durable-objects/document-do';
import { createDocument, json, waitForTask } from './helpers';
import { modelId, paragraphs, scriptedCalls } from './model-helpers';

async function checkpointedBatches(documentId: string, taskId: string): Promise<number[]> {
  // The task's prefix also holds its own copy of the text (source.txt): only batch-<n>.json are checkpoints, each
  // holding the group of batches saved together.
  const listed = await env.BLOBS.list({ prefix: `documents/${documentId}/tasks/${taskId}/batch-` });
  const indexes: number[] = [];
  for (const o of listed.objects) {
    const saved = await (await env.BLOBS.get(o.key))!.json<{ batches: { batchIndex: number }[] }>();
    indexes.push(...saved.batches.map((b) => b.batchIndex));
  }
  return indexes.sort((a, b) => a - b);
}

describe('checkpoints and resume', () => {
  it('resumes an interrupted task from its checkpoints without redoing finished batches', async () => {
    const created = await createDocument(paragraphs(14, 'resume'), { model: modelId('slow-800') });
    const stub = env.DOC.getByName(created.documentId);
    await expect
      .poll(async () => (await json(`/api/tasks/${created.taskId}`)).body.progress.done, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);

    // The process dies: the object is reset, its in-flight work is lost, its storage and R2 stay.
    await runInDurableObject(stub, (_instance: DocumentDO, state) => state.abort('simulated crash')).catch(
      () => undefined,
    );
    const saved = await checkpointedBatches(created.documentId, created.taskId);
    expect(saved.length).toBeGreaterThanOrEqual(3);
    const before = await scriptedCalls('slow-800', 'resume');
    const status = (await json(`/api/tasks/${created.taskId}`)).body;
    expect(status.status).toBe('running');

    // The heartbeat alarm fires after the restart and the task continues.
    expect(await runDurableObjectAlarm(env.DOC.getByName(created.documentId))).toBe(true);
    const done = await waitForTask(created.taskId, 60_000);
    expect(done).toMatchObject({ status: 'succeeded', revision: 1 });

    const after = (await scriptedCalls('slow-800', 'resume')).slice(before.length);
    const doc = (await json(`/api/documents/${created.documentId}`)).body;
    expect(doc.audit.resumedBatches).toBe(saved.length);
    expect(after.length).toBe(done.progress.total - saved.length);
    // No batch that had been checkpointed was asked for again.
    const firstUnitsAskedAgain = new Set(after.map((c) => c.units[0]));
    const firstUnitsSaved = new Set(before.filter((_, i) => i < saved.length).map((c) => c.units[0]));
    for (const unit of firstUnitsSaved) expect(firstUnitsAskedAgain.has(unit)).toBe(false);
    expect(await checkpointedBatches(created.documentId, created.taskId)).toEqual([]);
  });

  it("fails a resume with revision_conflict when the document moved past the task's base revision", async () => {
    const first = await createDocument(paragraphs(1, 'conflict'));
    await waitForTask(first.taskId);
    const stub = env.DOC.getByName(first.documentId);
    const taskId = 'task_conflictconflict';
    await env.DB.prepare('INSERT INTO tasks (id, document_id, kind, created_at) VALUES (?, ?, ?, ?)')
      .bind(taskId, first.documentId, 'extract', Date.now())
      .run();
    const doc = (await json(`/api/documents/${first.documentId}`)).body;
    await runInDurableObject(stub, async (instance: DocumentDO, state) => {
      const started = await instance.start({
        taskId,
        documentId: first.documentId,
        kind: 'extract',
        model: 'builtin:heuristic',
        title: 't',
        sourceKey: `documents/${first.documentId}/source/${doc.sourceId}.txt`,
        sourceId: doc.sourceId,
      });
      expect(started.ok).toBe(true);
      // Another writer published a revision while this task waited.
      state.storage.sql.exec('UPDATE document SET revision = revision + 1');
    });
    await runDurableObjectAlarm(stub);
    const task = await waitForTask(taskId);
    expect(task).toMatchObject({ status: 'failed', error: { code: 'revision_conflict' } });
    expect((await json(`/api/documents/${first.documentId}`)).body.revision).toBe(1);
  });

  it('never resumes a failed task by itself', async () => {
    const created = await createDocument(paragraphs(1, 'failed'), { model: modelId('schema-invalid') });
    expect((await waitForTask(created.taskId)).status).toBe('failed');
    const calls = (await scriptedCalls('schema-invalid', 'failed')).length;
    await runDurableObjectAlarm(env.DOC.getByName(created.documentId));
    expect((await json(`/api/tasks/${created.taskId}`)).body.status).toBe('failed');
    expect((await scriptedCalls('schema-invalid', 'failed')).length).toBe(calls);
  });
});
