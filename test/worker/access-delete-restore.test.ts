// Soft delete with API keys (keyed mode): the deleted listing is the owner's, a restore needs the owner's key (or an
// admin key), another principal's deleted document does not exist for them, and a read capability of a deleted
// document neither reads nor restores it.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { expectError, waitForTask } from './helpers';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const BOOT = 'bootstrap-admin-token-for-delete-tests';
const keyed = { ...env, KG_API_TOKEN: BOOT } as Env;

async function call(path: string, token: string | null, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await app.fetch(
    new Request(`http://kg.test${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    }),
    keyed,
    ctx,
  );
  return { status: res.status, body: (await res.json()) as any };
}

async function newKey(label: string, scopes: string[]) {
  const res = await call('/api/keys', BOOT, { method: 'POST', json: { label, scopes } });
  expect(res.status).toBe(201);
  return res.body.key as string;
}

const ids = (body: { items: { documentId: string }[] }) => body.items.map((d) => d.documentId);

describe('soft delete with API keys', () => {
  it('lists, restores and hides deleted documents by owner and scope', async () => {
    const alice = await newKey('alice-del', ['read', 'write']);
    const bob = await newKey('bob-del', ['read', 'write']);
    const created = await call('/api/documents', alice, {
      method: 'POST',
      json: { text: 'Because it rained, the ground is wet. Therefore the game was cancelled.' },
    });
    expect(created.status).toBe(202);
    const id = created.body.documentId as string;
    await waitForTask(created.body.taskId);
    const cap = await call(`/api/documents/${id}/capabilities`, alice, { method: 'POST', json: { scope: 'read' } });
    expect(cap.status).toBe(201);

    expectError(await call(`/api/documents/${id}`, bob, { method: 'DELETE' }), 404, 'not_found');
    expect((await call(`/api/documents/${id}`, alice, { method: 'DELETE' })).status).toBe(200);
    expect(ids((await call('/api/documents', alice)).body)).not.toContain(id);
    expect(ids((await call('/api/documents?deleted=1', alice)).body)).toEqual([id]);
    expect(ids((await call('/api/documents?deleted=1', bob)).body)).toEqual([]);
    expect(ids((await call('/api/documents?deleted=1', cap.body.token)).body)).toEqual([]);
    expectError(await call(`/api/documents/${id}`, cap.body.token), 401, 'unauthorized');

    // Bob's key does not see it, a read capability may not restore, no credential no more.
    expectError(await call(`/api/documents/${id}/restore`, bob, { method: 'POST' }), 404, 'not_found');
    expectError(await call(`/api/documents/${id}/restore`, cap.body.token, { method: 'POST' }), 403, 'forbidden');
    expectError(await call(`/api/documents/${id}/restore`, null, { method: 'POST' }), 401, 'unauthorized');
    // An admin reaches every document by id, deleted ones included.
    const restored = await call(`/api/documents/${id}/restore`, BOOT, { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ restored: true, documentId: id });
    expect(ids((await call('/api/documents', alice)).body)).toContain(id);
    expect((await call(`/api/documents/${id}`, cap.body.token)).status).toBe(200);
  });

  it("another principal's read-only key finds no deleted document to restore", async () => {
    const carol = await newKey('carol-del', ['read', 'write']);
    const created = await call('/api/documents', carol, { method: 'POST', json: { text: 'A game is a contest.' } });
    await waitForTask(created.body.taskId);
    const id = created.body.documentId as string;
    expect((await call(`/api/documents/${id}`, carol, { method: 'DELETE' })).status).toBe(200);
    const reader = await newKey('reader-del', ['read']);
    expectError(await call(`/api/documents/${id}/restore`, reader, { method: 'POST' }), 404, 'not_found');
    expect((await call(`/api/documents/${id}/restore`, carol, { method: 'POST' })).status).toBe(200);
  });
});
