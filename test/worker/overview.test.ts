// The whole-document overview routes (issue 16) through the real app in workerd with local D1 and R2: the columnar
// shape against the graph's own windows, one computation per revision (ETag, 304, the R2 copy, a new revision after
// a commit with the old copy pruned), labels and nodes by ord, and access (a read capability reads its document,
// another document's id is 404).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OverviewData } from '../../core/layout/overview-data';
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
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any };
}

describe('GET /api/documents/:id/overview', () => {
  let owner: string;
  let doc: { documentId: string; taskId: string };
  let other: { documentId: string; taskId: string };

  beforeAll(async () => {
    owner = (await call('/api/keys', BOOT, { method: 'POST', json: { label: 'overview owner', scopes: ['write'] } }))
      .body.key;
    doc = (
      await call('/api/documents', owner, { method: 'POST', json: { text: mixedText(12_000), title: 'overview' } })
    ).body;
    other = (await call('/api/documents', owner, { method: 'POST', json: { text: mixedText(1_500), title: 'other' } }))
      .body;
    await waitForTask(doc.taskId);
    await waitForTask(other.taskId);
  }, 120_000);

  it('answers every node (ids in canonical order, types, sections, positions, degrees) and every relation', async () => {
    const res = await call(`/api/documents/${doc.documentId}/overview`, owner);
    expect(res.status).toBe(200);
    const data = res.body as OverviewData;
    const detail = (await call(`/api/documents/${doc.documentId}`, owner)).body;
    const window = (await call(`/api/documents/${doc.documentId}/graph?limit=800`, owner)).body;
    expect(data.revision).toBe(detail.revision);
    expect(data.count).toBe(detail.nodeCount);
    expect(data.count).toBeGreaterThan(50);
    for (const field of ['ids', 'type', 'section', 'x', 'y', 'degree'] as const)
      expect(data[field]).toHaveLength(data.count);
    expect(data.edges).toHaveLength(detail.edgeCount * 2);
    expect(data.ids.slice(0, window.nodes.length)).toEqual(window.nodes.map((n: { id: string }) => n.id));
    window.nodes.forEach((n: { type: string }, i: number) => expect(data.typeNames[data.type[i]]).toBe(n.type));
    // Texts stay out: no field but the included labels carries any.
    expect(Object.keys(data).sort()).toEqual([
      'count',
      'degree',
      'documentId',
      'edges',
      'height',
      'ids',
      'labels',
      'revision',
      'section',
      'sections',
      'type',
      'typeNames',
      'version',
      'width',
      'x',
      'y',
    ]);
    expect(data.sections.length).toBeGreaterThan(1);
    expect(data.sections.filter((s) => s.id).map((s) => s.id)).toEqual(
      detail.sections
        .filter((s: { id: string }) => data.sections.some((r) => r.id === s.id))
        .map((s: { id: string }) => s.id),
    );
    for (let i = 0; i < data.count; i++) {
      const r = data.sections[data.section[i]];
      expect(data.x[i] > r.x && data.x[i] < r.x + r.w && data.y[i] > r.y && data.y[i] < r.y + r.h).toBe(true);
    }
    const degree = new Array(data.count).fill(0);
    for (const v of data.edges) degree[v]++;
    expect(data.degree).toEqual(degree);
    expect(data.labels.index.length).toBe(Math.min(300, data.count));
    const best = data.labels.index[0];
    expect(data.degree[best]).toBe(Math.max(...data.degree));
  });

  it('is computed once per revision: ETag, 304, the R2 copy, and a new one after a commit (the old one pruned)', async () => {
    const path = `/api/documents/${doc.documentId}/overview`;
    const first = await call(path, owner);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"overview-.+-r1-v1"$/);
    expect((await call(path, owner)).headers.get('x-kg-overview-cache')).toBe('hit');
    const revalidated = await call(path, owner, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    const listed = await env.BLOBS.list({ prefix: `documents/${doc.documentId}/overview/` });
    expect(listed.objects.map((o) => o.key)).toEqual([`documents/${doc.documentId}/overview/r1-v1.json`]);

    const victim = first.body.ids[1];
    const commit = await call(`/api/documents/${doc.documentId}/commit`, owner, {
      method: 'POST',
      json: { expectedRevision: 1, operations: [{ action: 'delete_node', nodePatch: { id: victim } }] },
    });
    expect(commit.status).toBe(200);
    const after = await call(path, owner, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).toMatch(/-r2-v1"$/);
    expect(after.headers.get('x-kg-overview-cache')).toBe('miss');
    expect(after.body.revision).toBe(2);
    expect(after.body.count).toBe(first.body.count - 1);
    expect(after.body.ids).not.toContain(victim);
    const relisted = await env.BLOBS.list({ prefix: `documents/${doc.documentId}/overview/` });
    expect(relisted.objects.map((o) => o.key)).toEqual([`documents/${doc.documentId}/overview/r2-v1.json`]);
  });

  it('gives labels and whole nodes by ord for its revision (409 for another revision, 400 for bad ords)', async () => {
    const data = (await call(`/api/documents/${doc.documentId}/overview`, owner)).body as OverviewData;
    const rev = data.revision;
    const window = (await call(`/api/documents/${doc.documentId}/graph?limit=30`, owner)).body;
    const labels = await call(`/api/documents/${doc.documentId}/overview/labels?revision=${rev}&ords=0,2`, owner);
    expect(labels.status).toBe(200);
    expect(labels.body.texts['0']).toBe(
      window.nodes[0].text
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60)
        .replace(/^(.{59}).+$/, '$1…'),
    );
    const nodes = await call(
      `/api/documents/${doc.documentId}/overview/nodes?revision=${rev}&ords=${[...Array(20).keys()].join(',')}`,
      owner,
    );
    expect(nodes.status).toBe(200);
    expect(nodes.body.nodes.map((n: { id: string }) => n.id)).toEqual(data.ids.slice(0, 20));
    const inSet = new Set(data.ids.slice(0, 20));
    expect(
      nodes.body.edges.every(
        (e: { fromNodeId: string; toNodeId: string }) => inSet.has(e.fromNodeId) && inSet.has(e.toNodeId),
      ),
    ).toBe(true);
    const among = [];
    for (let i = 0; i < data.edges.length; i += 2) if (data.edges[i] < 20 && data.edges[i + 1] < 20) among.push(i);
    expect(nodes.body.edges).toHaveLength(among.length);
    expectError(
      await call(`/api/documents/${doc.documentId}/overview/nodes?revision=${rev - 1}&ords=0`, owner),
      409,
      'revision_conflict',
    );
    expectError(
      await call(`/api/documents/${doc.documentId}/overview/labels?revision=${rev}&ords=1,x`, owner),
      400,
      'invalid_input',
    );
    const tooMany = [...Array(801).keys()].join(',');
    expectError(
      await call(`/api/documents/${doc.documentId}/overview/labels?revision=${rev}&ords=${tooMany}`, owner),
      400,
      'limit_exceeded',
    );
  });

  it('is readable with a read capability of its document; another document, or another key, gets 404', async () => {
    const cap = await call(`/api/documents/${doc.documentId}/capabilities`, owner, {
      method: 'POST',
      json: { scope: 'read', ttlSeconds: 600 },
    });
    expect(cap.status).toBe(201);
    const token = cap.body.token as string;
    const read = await call(`/api/documents/${doc.documentId}/overview`, token);
    expect(read.status).toBe(200);
    expect(
      (await call(`/api/documents/${doc.documentId}/overview/labels?revision=${read.body.revision}&ords=0`, token))
        .status,
    ).toBe(200);
    expectError(await call(`/api/documents/${other.documentId}/overview`, token), 404, 'not_found');
    expectError(
      await call(`/api/documents/${other.documentId}/overview/nodes?revision=1&ords=0`, token),
      404,
      'not_found',
    );
    const stranger = (await call('/api/keys', BOOT, { method: 'POST', json: { label: 'stranger', scopes: ['read'] } }))
      .body.key;
    expectError(await call(`/api/documents/${doc.documentId}/overview`, stranger), 404, 'not_found');
    expectError(await call(`/api/documents/${doc.documentId}/overview`, null), 401, 'unauthorized');
  });
});
