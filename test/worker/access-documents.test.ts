// Per-document access with API keys (KG_API_TOKEN set: keyed mode) and read capabilities, through the real app in
// workerd with local D1, R2 and Durable Objects.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { capabilityServerSecret, signCapability } from '../../core/access';
import { createApp } from '../../worker/app';
import { mixedText } from '../support/texts';
import { expectError, waitForTask } from './helpers';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const BOOT = 'bootstrap-admin-token-for-tests';
const keyed = { ...env, KG_API_TOKEN: BOOT } as Env;

async function call(
  path: string,
  token: string | null,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
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
  return res.body as { id: string; key: string; scopes: string[] };
}

const DOC_ROUTES = (id: string, taskId: string) =>
  [
    ['GET', `/api/documents/${id}`],
    ['GET', `/api/documents/${id}/graph`],
    ['GET', `/api/documents/${id}/units`],
    ['GET', `/api/documents/${id}/export?format=json`],
    ['GET', `/api/documents/${id}/insights`],
    ['GET', `/api/documents/${id}/layout`],
    ['GET', `/api/tasks/${taskId}`],
    ['GET', `/api/tasks/${taskId}/events`],
    ['POST', `/api/documents/${id}/append`, { text: 'More text.' }],
    ['POST', `/api/tasks/${taskId}/cancel`],
    ['POST', `/api/documents/${id}/capabilities`, { scope: 'read', ttlSeconds: 600 }],
    ['POST', `/api/documents/${id}/capabilities/rotate`],
    ['DELETE', `/api/documents/${id}`],
  ] as const;

describe('API keys and document ownership (keyed mode)', () => {
  let alice: { id: string; key: string };
  let bob: { id: string; key: string };
  let reader: { id: string; key: string };
  let doc: { documentId: string; taskId: string };

  beforeAll(async () => {
    alice = await newKey('alice', ['write']);
    bob = await newKey('bob', ['write']);
    reader = await newKey('reader', ['read']);
    const created = await call('/api/documents', alice.key, {
      method: 'POST',
      json: { text: mixedText(3_000), title: 'alice' },
    });
    expect(created.status).toBe(202);
    expect(created.body.writeCapability).toBeUndefined();
    doc = created.body;
    await waitForTask(doc.taskId);
  });

  it('needs a key: none or a made-up one answers 401', async () => {
    expectError(await call(`/api/documents/${doc.documentId}`, null), 401, 'unauthorized');
    expectError(await call(`/api/documents/${doc.documentId}`, `kgk_${'A'.repeat(43)}`), 401, 'unauthorized');
    expectError(await call('/api/documents', 'kgw_nope'), 401, 'unauthorized');
  });

  it("lets the owner read and list, and hides alice's document from bob on every route (404, empty list)", async () => {
    expect((await call(`/api/documents/${doc.documentId}/graph`, alice.key)).status).toBe(200);
    const mine = await call('/api/documents?limit=100', alice.key);
    expect(mine.body.items.map((d: { documentId: string }) => d.documentId)).toContain(doc.documentId);
    const theirs = await call('/api/documents?limit=100', bob.key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items.map((d: { documentId: string }) => d.documentId)).not.toContain(doc.documentId);
    for (const [method, path, body] of DOC_ROUTES(doc.documentId, doc.taskId)) {
      const res = await call(path, bob.key, { method, json: body });
      if (res.status !== 404 || res.body.error?.code !== 'not_found')
        throw new Error(`${method} ${path} as bob: ${res.status} ${JSON.stringify(res.body)}`);
    }
    // Still there for alice: bob's delete did nothing.
    expect((await call(`/api/documents/${doc.documentId}`, alice.key)).status).toBe(200);
  });

  it("pages the owner's list with a keyset cursor", async () => {
    const more = [];
    for (let i = 0; i < 2; i++)
      more.push(
        (
          await call('/api/documents', alice.key, {
            method: 'POST',
            json: { text: mixedText(600), title: `alice ${i}` },
          })
        ).body,
      );
    // The list is ordered by updatedAt, which a commit moves: page once the documents are at rest.
    for (const d of more) await waitForTask(d.taskId);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await call(`/api/documents?limit=1${cursor ? `&cursor=${cursor}` : ''}`, alice.key);
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.body.items.map((d: { documentId: string }) => d.documentId));
      cursor = page.body.nextCursor;
    }
    expect(seen.sort()).toEqual([doc.documentId, ...more.map((d) => d.documentId)].sort());
  });

  it('a read-scope key can neither create nor change documents', async () => {
    expectError(
      await call('/api/documents', reader.key, { method: 'POST', json: { text: 'Some text.' } }),
      403,
      'forbidden',
    );
    expectError(await call(`/api/documents/${doc.documentId}`, reader.key), 404, 'not_found');
  });

  it('admins reach every document by id (operators), but list only their own', async () => {
    expect((await call(`/api/documents/${doc.documentId}`, BOOT)).status).toBe(200);
    const listed = await call('/api/documents?limit=100', BOOT);
    expect(listed.body.items.map((d: { documentId: string }) => d.documentId)).not.toContain(doc.documentId);
  });

  it('manages keys with the admin scope only; the key is shown once and a revoked key is refused', async () => {
    expectError(await call('/api/keys', alice.key), 403, 'forbidden');
    expectError(
      await call('/api/keys', alice.key, { method: 'POST', json: { label: 'x', scopes: ['admin'] } }),
      403,
      'forbidden',
    );
    expectError(await call('/api/keys', null), 401, 'unauthorized');
    expectError(
      await call('/api/keys', BOOT, { method: 'POST', json: { label: 'x', scopes: ['root'] } }),
      400,
      'invalid_input',
    );
    const temp = await newKey('temporary', ['read', 'write']);
    expect(temp.key).toMatch(/^kgk_/);
    const listed = await call('/api/keys', BOOT);
    const row = listed.body.items.find((k: { id: string }) => k.id === temp.id);
    expect(row).toMatchObject({ label: 'temporary', scopes: ['read', 'write'], revokedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(temp.key);
    const stored = await env.DB.prepare('SELECT hash FROM api_keys WHERE id = ?')
      .bind(temp.id)
      .first<{ hash: string }>();
    expect(stored!.hash).not.toContain(temp.key.slice(4));
    expect((await call('/api/documents', temp.key)).status).toBe(200);
    const revoked = await call(`/api/keys/${temp.id}`, BOOT, { method: 'DELETE' });
    expect(revoked.body).toMatchObject({ revoked: true, id: temp.id });
    expect(revoked.body.revokedAt).toEqual(expect.any(Number));
    expectError(await call('/api/documents', temp.key), 401, 'unauthorized');
    expectError(await call('/api/keys/key_0000000000000000', BOOT, { method: 'DELETE' }), 404, 'not_found');
    // An admin key made through the route manages keys too.
    const admin = await newKey('second admin', ['admin']);
    expect((await call('/api/keys', admin.key)).status).toBe(200);
  });
});

describe('read capabilities', () => {
  let owner: { key: string };
  let doc: { documentId: string; taskId: string };
  let other: { documentId: string };

  beforeAll(async () => {
    owner = await newKey('capability owner', ['write']);
    doc = (await call('/api/documents', owner.key, { method: 'POST', json: { text: mixedText(2_000) } })).body;
    other = (await call('/api/documents', owner.key, { method: 'POST', json: { text: mixedText(1_500) } })).body;
    await waitForTask(doc.taskId);
  });

  const issue = async (json: Record<string, unknown> = { scope: 'read', ttlSeconds: 600 }) => {
    const res = await call(`/api/documents/${doc.documentId}/capabilities`, owner.key, { method: 'POST', json });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^kgc_/);
    return res.body as { token: string; expiresAt: number };
  };

  it('may call the POST routes that only read (query, verify), never those that change the graph', async () => {
    const { token } = await issue();
    const query = await call(`/api/documents/${doc.documentId}/query`, token, {
      method: 'POST',
      json: { query: 'the' },
    });
    expect(query.status).toBe(200);
    const check = await call(`/api/documents/${doc.documentId}/verify`, token, {
      method: 'POST',
      json: { mode: 'quick' },
    });
    expect(check.status).toBe(200);
    expectError(
      await call(`/api/documents/${other.documentId}/query`, token, { method: 'POST', json: { query: 'the' } }),
      404,
      'not_found',
    );
    expectError(
      await call(`/api/documents/${doc.documentId}/commit`, token, {
        method: 'POST',
        json: { expectedRevision: 1, operations: [] },
      }),
      403,
      'forbidden',
    );
    expectError(
      await call(`/api/documents/${doc.documentId}/undo`, token, { method: 'POST', json: { expectedRevision: 1 } }),
      403,
      'forbidden',
    );
  });

  it('reads its one document and nothing else, and never writes (403 on its document, 404 elsewhere)', async () => {
    const { token, expiresAt } = await issue();
    expect(expiresAt).toBeGreaterThan(Date.now() + 590_000);
    for (const path of ['', '/graph', '/units', '/export?format=json', '/insights', '/layout']) {
      const res = await call(`/api/documents/${doc.documentId}${path}`, token);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect((await call(`/api/tasks/${doc.taskId}`, token)).status).toBe(200);
    const listed = await call('/api/documents', token);
    expect(listed.body.items.map((d: { documentId: string }) => d.documentId)).toEqual([doc.documentId]);
    expectError(await call(`/api/documents/${other.documentId}`, token), 404, 'not_found');
    expectError(
      await call(`/api/documents/${doc.documentId}/append`, token, { method: 'POST', json: { text: 'More.' } }),
      403,
      'forbidden',
    );
    expectError(await call(`/api/documents/${doc.documentId}`, token, { method: 'DELETE' }), 403, 'forbidden');
    expectError(await call(`/api/tasks/${doc.taskId}/cancel`, token, { method: 'POST' }), 403, 'forbidden');
    expectError(
      await call(`/api/documents/${doc.documentId}/capabilities`, token, { method: 'POST', json: { scope: 'read' } }),
      403,
      'forbidden',
    );
    expectError(
      await call(`/api/documents/${doc.documentId}/capabilities/rotate`, token, { method: 'POST' }),
      403,
      'forbidden',
    );
    expectError(await call('/api/documents', token, { method: 'POST', json: { text: 'New.' } }), 403, 'forbidden');
    expectError(await call('/api/keys', token), 403, 'forbidden');
    expect((await call(`/api/documents/${doc.documentId}`, owner.key)).status).toBe(200);
  });

  it('refuses a tampered token and an expired one (401)', async () => {
    const { token } = await issue();
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expectError(await call(`/api/documents/${doc.documentId}`, tampered), 401, 'unauthorized');
    // An expired token signed with the document's real secret (the route only issues future expiries).
    const row = await env.DB.prepare('SELECT capability_secret AS s FROM documents WHERE id = ?')
      .bind(doc.documentId)
      .first<{ s: string }>();
    const keys = { serverSecret: capabilityServerSecret(keyed.KG_CAPABILITY_SECRET), documentSecret: row!.s };
    const expired = await signCapability(
      { documentId: doc.documentId, scope: 'read', expiresAt: Date.now() - 1000 },
      keys,
    );
    const fresh = await signCapability(
      { documentId: doc.documentId, scope: 'read', expiresAt: Date.now() + 60_000 },
      keys,
    );
    expect((await call(`/api/documents/${doc.documentId}`, fresh)).status).toBe(200);
    expectError(await call(`/api/documents/${doc.documentId}`, expired), 401, 'unauthorized');
  });

  it('stops working after a rotation (401); a token issued afterwards works', async () => {
    const before = await issue();
    expect((await call(`/api/documents/${doc.documentId}/graph`, before.token)).status).toBe(200);
    const rotated = await call(`/api/documents/${doc.documentId}/capabilities/rotate`, owner.key, { method: 'POST' });
    expect(rotated.body).toMatchObject({ rotated: true });
    expectError(await call(`/api/documents/${doc.documentId}/graph`, before.token), 401, 'unauthorized');
    const after = await issue();
    expect((await call(`/api/documents/${doc.documentId}/graph`, after.token)).status).toBe(200);
  });

  it('pinned to a revision, reads only while the document is at it', async () => {
    const current = (await call(`/api/documents/${doc.documentId}`, owner.key)).body.revision as number;
    expectError(
      await call(`/api/documents/${doc.documentId}/capabilities`, owner.key, {
        method: 'POST',
        json: { scope: 'read', revision: current + 5 },
      }),
      400,
      'invalid_input',
    );
    expectError(
      await call(`/api/documents/${doc.documentId}/capabilities`, owner.key, {
        method: 'POST',
        json: { scope: 'write' },
      }),
      400,
      'invalid_input',
    );
    const pinned = await issue({ scope: 'read', revision: current, ttlSeconds: 600 });
    expect((await call(`/api/documents/${doc.documentId}/graph`, pinned.token)).status).toBe(200);
    const appended = await call(`/api/documents/${doc.documentId}/append`, owner.key, {
      method: 'POST',
      json: { text: mixedText(800) },
    });
    expect(appended.status).toBe(202);
    expect(await waitForTask(appended.body.taskId)).toMatchObject({ status: 'succeeded' });
    expectError(await call(`/api/documents/${doc.documentId}/graph`, pinned.token), 404, 'not_found');
  });
});
