// The browser extension's gate (index.ts beside, docs/contracts/extension.md#server-gate): a configured extension
// origin may extract and follow its task, with CORS answers; on any other route it meets 404; an extension origin
// that is not configured is refused with 403 and no CORS headers; ordinary origins are not touched.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { waitForTask } from '../../../test/worker/helpers';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const GOOD = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const OTHER = 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba';
const vars = { KG_EXTENSION_ORIGINS: ` ${GOOD}/ , https://not-an-extension.example` } as Partial<Env>;
const send = (
  path: string,
  init: RequestInit & { origin?: string; json?: unknown } = {},
  extra: Partial<Env> = vars,
) => {
  const headers = new Headers(init.headers);
  if (init.origin) headers.set('origin', init.origin);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return app.fetch(new Request(`http://kg.test${path}`, { ...init, headers, body }), { ...env, ...extra }, ctx);
};

describe('extension origins', () => {
  it('lets a configured extension extract, follow its task and read the result, with CORS answers', async () => {
    const preflight = await send('/api/documents', {
      method: 'OPTIONS',
      origin: GOOD,
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(GOOD);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Content-Type');

    const created = await send('/api/documents', {
      method: 'POST',
      origin: GOOD,
      json: { text: 'Graphs link concepts. Concepts carry names.' },
    });
    expect(created.status).toBe(202);
    expect(created.headers.get('access-control-allow-origin')).toBe(GOOD);
    expect(created.headers.get('vary')).toContain('Origin');
    const { documentId, taskId } = (await created.json()) as { documentId: string; taskId: string };
    await waitForTask(taskId);
    const status = await send(`/api/tasks/${taskId}`, { origin: GOOD });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'succeeded', documentId });
    const graph = await send(`/api/documents/${documentId}/graph`, { origin: GOOD });
    expect(graph.status).toBe(200);
    expect(graph.headers.get('access-control-allow-origin')).toBe(GOOD);
    expect((await send('/api/models', { origin: GOOD })).status).toBe(200);
  });

  it('answers 404 to a configured extension on every other route', async () => {
    const doc = (await (
      await send('/api/documents', { method: 'POST', json: { text: 'A small text about graphs.' } })
    ).json()) as { documentId: string; taskId: string };
    await waitForTask(doc.taskId);
    const others: Array<[string, string, unknown?]> = [
      ['POST', `/api/documents/${doc.documentId}/query`, { query: 'graphs' }],
      ['POST', `/api/documents/${doc.documentId}/answers`, { question: 'What?' }],
      ['POST', `/api/documents/${doc.documentId}/append`, { text: 'More.' }],
      ['POST', `/api/documents/${doc.documentId}/commit`, { expectedRevision: 1, operations: [] }],
      ['GET', `/api/documents/${doc.documentId}/export?format=json`],
      ['DELETE', `/api/documents/${doc.documentId}`],
      ['GET', '/api/documents'],
      ['POST', '/api/traces', { events: [] }],
      ['GET', '/api/keys'],
      ['GET', '/kg-workbench.js'],
    ];
    for (const [method, path, json] of others) {
      const res = await send(path, { method, origin: GOOD, json });
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    // The document is still there for everyone else: the 404 is the gate's, not the route's.
    expect((await send(`/api/documents/${doc.documentId}/export?format=json`)).status).toBe(200);
    const preflight = await send(`/api/documents/${doc.documentId}/query`, {
      method: 'OPTIONS',
      origin: GOOD,
      headers: { 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(404);
  });

  it('refuses an extension origin that is not configured (403, no CORS), and every extension when none is', async () => {
    for (const [origin, extra] of [
      [OTHER, vars],
      [GOOD, { KG_EXTENSION_ORIGINS: '' }],
      [GOOD, { KG_EXTENSION_ORIGINS: '', KG_CORS_ORIGINS: '*' }],
    ] as Array<[string, Partial<Env>]>) {
      const res = await send(
        '/api/documents',
        { method: 'POST', origin, json: { text: 'Refused before any work.' } },
        extra,
      );
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('leaves ordinary origins to KG_CORS_ORIGINS', async () => {
    const res = await send('/api/documents', { origin: 'https://docs.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
