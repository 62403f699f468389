// Nothing lost, nothing half-true: blob lifetimes under duplicate appends, and the race between cancel and commit.
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../core/schema';
import { createDocument, expectError, extractAndWait, json, waitForTask, writeAuth } from './helpers';
import { modelId, paragraphs } from './model-helpers';

const BASE = '# Rivers\n\nRivers carry water to the sea. Therefore deltas form at their mouths.';
const MORE =
  '# Lakes\n\nA lake is defined as a body of water surrounded by land. Because lakes store water, they soften floods.';
const EVEN_MORE =
  '# Seas\n\nA sea is defined as a large body of salt water. Because seas are salty, few trees grow on their shores.';

const append = (documentId: string, text: string, extra: Record<string, unknown> = {}) =>
  json(`/api/documents/${documentId}/append`, {
    method: 'POST',
    json: { text, ...extra },
    headers: writeAuth(documentId),
  });

async function sourceObjects(documentId: string): Promise<string[]> {
  return (await env.BLOBS.list({ prefix: `documents/${documentId}/` })).objects
    .map((o) => o.key)
    .filter((k) => !k.includes('/layouts/'));
}

describe('duplicate appends never delete what a running task or a revision references', () => {
  it('two identical appends at once: the accepted one commits and later appends still find their source', async () => {
    const { documentId } = await extractAndWait(BASE);
    // A slow model keeps the accepted task running while the duplicate is refused (or joined).
    const [a, b] = await Promise.all([
      append(documentId, MORE, { model: modelId('slow-400') }),
      append(documentId, MORE, { model: modelId('slow-400') }),
    ]);
    const accepted = [a, b].filter((r) => r.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) if (r.status !== 202) expectError(r, 409, 'busy');
    const task = await waitForTask(accepted[0].body.taskId);
    expect(task, JSON.stringify(task.error)).toMatchObject({ status: 'succeeded', revision: 2 });

    const next = await append(documentId, EVEN_MORE);
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    expect(await waitForTask(next.body.taskId)).toMatchObject({ status: 'succeeded', revision: 3 });
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(await env.BLOBS.head(`documents/${documentId}/source/${doc.sourceId}.txt`)).not.toBeNull();
  });

  it('a retried append while the first runs answers the same task (idempotent), and nothing is left behind', async () => {
    const { documentId } = await extractAndWait(BASE);
    // Several 800 ms batches: the first task is still running when the retry and the different append arrive.
    const LONG = paragraphs(6, 'retry');
    const first = await append(documentId, LONG, { model: modelId('slow-800'), expectedRevision: 1 });
    expect(first.status).toBe(202);
    const retry = await append(documentId, LONG, { model: modelId('slow-800'), expectedRevision: 1 });
    expect(retry.status, JSON.stringify(retry.body)).toBe(202);
    expect(retry.body.taskId).toBe(first.body.taskId);
    // A different text is a different request: still busy.
    expectError(await append(documentId, EVEN_MORE), 409, 'busy');
    expect(await waitForTask(first.body.taskId)).toMatchObject({ status: 'succeeded', revision: 2 });
    const tasks = await env.DB.prepare('SELECT count(*) AS c FROM tasks WHERE document_id = ?')
      .bind(documentId)
      .first<{ c: number }>();
    expect(tasks?.c).toBe(2);
    // Only revision sources remain: one per published revision, no task copies.
    const keys = await sourceObjects(documentId);
    expect(keys.filter((k) => k.includes('/tasks/'))).toEqual([]);
    expect(keys.filter((k) => k.includes('/source/'))).toHaveLength(2);
  });
});

type Instance = { cancel(taskId: string): Promise<{ ok: boolean; error?: { code: string } }> };

describe('cancel and commit', () => {
  it('a cancel that lands after extraction but before the commit wins: nothing is published, the record says cancelled', async () => {
    const { documentId } = await extractAndWait(BASE);
    const stub = env.DOC.getByName(documentId);
    let cancelAnswer: unknown;
    // Drive the race deterministically: cancel exactly when the runner records the commit stage.
    await runInDurableObject(stub, (instance: unknown) => {
      const store = (instance as { store: { update(id: string, patch: { stage?: string }): void } }).store;
      const update = store.update.bind(store);
      store.update = (id, patch) => {
        update(id, patch);
        if (patch.stage === 'commit' && cancelAnswer === undefined) cancelAnswer = (instance as Instance).cancel(id);
      };
    });
    const appended = await append(documentId, MORE);
    const task = await waitForTask(appended.body.taskId);
    expect(await cancelAnswer).toMatchObject({ ok: true });
    expect(task.status).toBe('cancelled');
    expect(task.error?.code).toBe('cancelled');
    expect(task.revision).toBeUndefined();
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(doc.revision).toBe(1);
  });

  it('once the commit has begun, cancel answers not_cancellable and the record ends succeeded with no error', async () => {
    const { documentId } = await extractAndWait(BASE);
    const stub = env.DOC.getByName(documentId);
    let cancelAnswer: Promise<unknown> | undefined;
    // Cancel while the D1 batch that publishes the revision is in flight.
    await runInDurableObject(stub, (instance: unknown) => {
      const holder = instance as { env: Env };
      const realDb = holder.env.DB;
      const db = new Proxy(realDb, {
        get(target, prop) {
          if (prop === 'batch') {
            return async (statements: D1PreparedStatement[]) => {
              if (!cancelAnswer) {
                const rows = await target
                  .prepare('SELECT id FROM tasks WHERE document_id = ? ORDER BY created_at DESC LIMIT 1')
                  .bind(documentId)
                  .first<{ id: string }>();
                cancelAnswer = (instance as Instance).cancel(rows!.id);
              }
              return target.batch(statements);
            };
          }
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      holder.env = { ...holder.env, DB: db };
    });
    const appended = await append(documentId, MORE);
    const task: TaskStatus = await waitForTask(appended.body.taskId);
    expect(await cancelAnswer).toMatchObject({ ok: false, error: { code: 'not_cancellable' } });
    expect(task).toMatchObject({ status: 'succeeded', revision: 2 });
    expect(task.error).toBeUndefined();
    expect((await json(`/api/documents/${documentId}`)).body.revision).toBe(2);
  });

  it('a cancelled first extraction does not appear in the listing as an empty document', async () => {
    const created = await createDocument(`${BASE}\n\n${MORE}`, { model: modelId('slow-800') });
    const cancelled = await json(`/api/tasks/${created.taskId}/cancel`, {
      method: 'POST',
      headers: writeAuth(created.taskId),
    });
    expect(cancelled.body.status).toBe('cancelled');
    const held = writeAuth(created.documentId).authorization.slice('Bearer '.length);
    const listing = await json<{ items: { documentId: string }[] }>('/api/documents?limit=100', {
      headers: { 'x-kg-capabilities': held },
    });
    expect(listing.body.items.map((i) => i.documentId)).not.toContain(created.documentId);
  });
});
