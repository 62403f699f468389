// The text rule's field half (core/text/well-formed.ts, worker/lib/request-fields.ts) on the doors the attack round
// found open (issue 32): trace events with nothing visible, controls in titles and labels, a commit's node text
// holding a lone surrogate or nothing visible, invisible-only questions and queries.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { call, expectError, extractAndWait, json, waitForTask, writeAuth } from './helpers';

const INVISIBLE = '\u200B\u202E\uFEFF\u0000 \u2060';
const TEXT =
  'Alice founded Acme in 2001. Acme makes rockets, therefore Acme needs engineers.\n\nBob said that rockets may be dangerous.';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

async function exported(id: string) {
  const res = await call(`/api/documents/${id}/export?format=json`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    revision: number;
    summary: string;
    nodes: Array<{ id: string; text: string }>;
    auditLog: unknown[];
  };
}

describe('trace events with nothing visible count as empty', () => {
  it('refuses a trace whose only event is invisible, on create (400) and on append (409 empty)', async () => {
    const refused = await json('/api/traces', {
      method: 'POST',
      json: { events: [{ seq: 1, kind: 'user', text: INVISIBLE }] },
    });
    expectError(refused, 400, 'invalid_input');

    const created = await json('/api/traces', {
      method: 'POST',
      json: {
        events: [
          { seq: 1, kind: 'user', text: 'Why does the build fail?' },
          { seq: 2, kind: 'assistant', text: INVISIBLE },
          { seq: 3, type: 'tool/result', data: { content: [{ type: 'text', text: '\u200D\u2066' }] } },
        ],
      },
    });
    expect(created.status).toBe(202);
    expect(created.body.events).toMatchObject({ accepted: 1, ignored: 2 });
    await waitForTask(created.body.taskId);
    const auth = { authorization: `Bearer ${created.body.writeCapability}` };
    const events = await json(`/api/traces/${created.body.documentId}/events`);
    expect(events.body.events.map((e: { seq: number }) => e.seq)).toEqual([1]);

    const appended = await json(`/api/traces/${created.body.documentId}/events`, {
      method: 'POST',
      json: { events: [{ seq: 4, kind: 'tool_result', text: INVISIBLE }] },
      headers: auth,
    });
    expectError(appended, 409, 'empty');
    expect((await json(`/api/documents/${created.body.documentId}`)).body.revision).toBe(1);
  });
});

describe('titles and labels keep no controls', () => {
  it('stores a trace title and a document title without their NUL, controls and bidi controls', async () => {
    const trace = await json('/api/traces', {
      method: 'POST',
      json: { title: 'Debug\u0000 session\u202E', events: [{ seq: 1, kind: 'user', text: 'Why does it fail?' }] },
    });
    expect(trace.status).toBe(202);
    expect((await json(`/api/documents/${trace.body.documentId}`)).body.title).toBe('Debug session');

    const { documentId } = await extractAndWait(TEXT, { title: 'Rockets\u0007\nand\u0000 more' });
    expect((await json(`/api/documents/${documentId}`)).body.title).toBe('Rockets and more');
  });

  it("derives a trace's title without the controls of its first event", async () => {
    const trace = await json('/api/traces', {
      method: 'POST',
      json: { events: [{ seq: 1, kind: 'user', text: 'Why\u0000 does it fail?' }] },
    });
    expect((await json(`/api/documents/${trace.body.documentId}`)).body.title).toBe('Trace: Why does it fail?');
  });

  it("stores an API key's label without controls and refuses one with nothing visible, in both languages", async () => {
    const keyed = { ...env, KG_API_TOKEN: 'labels-admin' } as Env;
    const create = (label: string, lang = 'en') =>
      app.fetch(
        new Request('http://kg.test/api/keys', {
          method: 'POST',
          headers: {
            authorization: 'Bearer labels-admin',
            'content-type': 'application/json',
            'accept-language': lang,
          },
          body: JSON.stringify({ label, scopes: ['read'] }),
        }),
        keyed,
        ctx,
      );
    const made = await create(' CI\u0000 bot\u202E ');
    expect(made.status).toBe(201);
    expect(((await made.json()) as { label: string }).label).toBe('CI bot');
    for (const lang of ['en', 'zh']) {
      const res = await create(INVISIBLE, lang);
      const body = { status: res.status, body: (await res.json()) as any };
      expectError(body, 400, 'invalid_input');
      expect(body.body.error.message).toMatch(lang === 'zh' ? /名称为空/ : /label is empty/);
    }
  });
});

describe("a commit's texts", () => {
  it('refuses update_node text holding a lone surrogate: 400, no audit row, the node unchanged', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const before = await exported(documentId);
    const node = before.nodes[0]!;
    const res = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: {
        expectedRevision: before.revision,
        operations: [
          { action: 'update_node', nodePatch: { id: node.id, patch: { text: 'Acme makes \uD800 rockets' } } },
        ],
      },
      headers: writeAuth(documentId),
    });
    expectError(res, 400, 'invalid_input');
    expect(res.body.error.message).toMatch(/operations\.0\.nodePatch\.patch\.text contains an unpaired UTF-16/);
    const after = await exported(documentId);
    expect(after.auditLog).toEqual([]);
    expect(after.revision).toBe(before.revision);
    expect(after.nodes.find((n) => n.id === node.id)!.text).toBe(node.text);
    const audit = await json(`/api/documents/${documentId}/audit`);
    expect(audit.body.items).toEqual([]);
  });

  it('refuses node text with nothing visible, and stores a summary with nothing visible as empty', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const before = await exported(documentId);
    const node = before.nodes[0]!;
    const refused = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: {
        expectedRevision: before.revision,
        operations: [{ action: 'update_node', nodePatch: { id: node.id, patch: { text: INVISIBLE } } }],
      },
      headers: writeAuth(documentId),
    });
    expectError(refused, 400, 'invalid_input');
    expect(refused.body.error.message).toMatch(/operations\.0\.nodePatch\.patch\.text is empty/);
    expect((await exported(documentId)).auditLog).toEqual([]);

    const summary = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: before.revision, operations: [{ action: 'update_summary', summaryPatch: INVISIBLE }] },
      headers: writeAuth(documentId),
    });
    expect(summary.status).toBe(200);
    expect((await exported(documentId)).summary).toBe('');
  });
});

describe('questions and queries with nothing visible are empty', () => {
  it('refuses them on query, answers and questions; a graph search for nothing visible is no search', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const post = (path: string, body: unknown) =>
      json(`/api/documents/${documentId}/${path}`, { method: 'POST', json: body });
    expectError(await post('query', { query: INVISIBLE }), 400, 'invalid_input');
    expectError(await post('answers', { question: INVISIBLE }), 400, 'invalid_input');
    expectError(
      await post('questions', { question: INVISIBLE, target: { kind: 'graph' }, model: 'openai-compatible:ok' }),
      400,
      'invalid_input',
    );
    const all = await json(`/api/documents/${documentId}/graph`);
    const searched = await json(`/api/documents/${documentId}/graph?q=${encodeURIComponent('\u200B\u2060')}`);
    expect(searched.status).toBe(200);
    expect(searched.body.nodes.length).toBe(all.body.nodes.length);
    expect(searched.body.view.matchedNodes).toBeUndefined();
  });
});
