// The OpenAPI description cannot drift from the Worker: real answers of the routes (success and typed errors) are
// validated against GET /api/openapi.json, every route the Hono app registers must be described (and nothing else),
// every described operation must have been seen answering here, and examples must match their own schemas.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { openApiPath } from '../../worker/openapi/spec';
import { call, createDocument, waitForTask, writeAuth } from './helpers';
import { conformance, validate, type Conformance } from './openapi-conformance';
import { makePdf } from '../support/pdf-writer';

const TEXT =
  '# Graphs\n\nGraphs link concepts because concepts relate. A concept is an idea.\n\nAlice founded Acme in 2001. Acme makes rockets, therefore Acme needs engineers.\n\nBob said that rockets may be dangerous.';
const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const keyed = { ...env, KG_API_TOKEN: 'boot-token' } as Env;

/** Operations no test here can reach, and why. */
const NOT_EXERCISED: Record<string, string> = {
  'GET /api/documents/{id}/images/{imageId}':
    'needs an image document extracted by a vision model (test/worker/images-extraction.test.ts)',
  'GET /api/tasks/{taskId}/events': 'a WebSocket upgrade (101) has no body to validate (test/worker/task-feed.test.ts)',
};

let oa: Conformance;

async function hit(
  method: string,
  path: string,
  init: { json?: unknown; form?: FormData; headers?: Record<string, string>; keyedAs?: string } = {},
) {
  const headers = new Headers(init.headers);
  let body: string | FormData | undefined = init.form;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  if (init.keyedAs) headers.set('authorization', `Bearer ${init.keyedAs}`);
  const request = new Request(`http://kg.test${path}`, { method, headers, body });
  const res = init.keyedAs ? await app.fetch(request, keyed, ctx) : await call(path, { method, headers, body });
  return { status: res.status, body: await oa.check(method, path, res) };
}

beforeAll(async () => {
  const res = await call('/api/openapi.json');
  expect(res.status).toBe(200);
  oa = conformance(await res.clone().json());
  await oa.check('GET', '/api/openapi.json', res);
});

describe('OpenAPI description', () => {
  it('is OpenAPI 3.1 and describes exactly the routes the app registers', () => {
    expect(oa.spec.openapi).toBe('3.1.0');
    const registered = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`),
    );
    const described = new Set(
      Object.entries(oa.spec.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m} ${path}`)),
    );
    expect(
      [...registered].filter((r) => !described.has(r)),
      'routes without a description in worker/openapi/operations/',
    ).toEqual([]);
    expect(
      [...described].filter((d) => !registered.has(d)),
      'descriptions of routes the app does not register',
    ).toEqual([]);
  });

  it('has request and response examples that match their own schemas', () => {
    for (const [path, item] of Object.entries(oa.spec.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, any>)) {
        const media = op.requestBody?.content?.['application/json'];
        if (media?.example !== undefined)
          expect(validate(media.schema, media.example), `${method} ${path} request example`).toEqual([]);
        for (const [status, res] of Object.entries(op.responses as Record<string, any>)) {
          const m = res.content?.['application/json'];
          if (m?.example !== undefined && m.schema)
            expect(validate(m.schema, m.example), `${method} ${path} ${status} example`).toEqual([]);
        }
      }
    }
  });

  it('matches the real answers of every route, successes and typed errors', async () => {
    await hit('GET', '/api/health');
    await hit('GET', '/api/models');
    expect((await hit('POST', '/api/estimate', { json: { text: TEXT } })).body).toMatchObject({ dryRun: true });
    expect((await hit('POST', '/api/documents', { json: { text: TEXT, dryRun: true } })).status).toBe(200);
    const created = await createDocument(TEXT, { title: 'Conformance' });
    const id = created.documentId;
    const write = writeAuth(id);
    await hit('GET', `/api/tasks/${created.taskId}`);
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
    const createdAgain = await hit('POST', '/api/documents', { json: { text: 'A second document is short.' } });
    expect(createdAgain.status).toBe(202);
    await waitForTask(createdAgain.body.taskId);
    // A file (multipart): its answer says what was read, and a PDF's units carry their page.
    const pdfForm = new FormData();
    pdfForm.set('file', new File([makePdf([['Acme makes rockets.'], ['Rockets fly.']])], 'a.pdf'));
    const fromPdf = await hit('POST', '/api/documents', { form: pdfForm });
    expect(fromPdf.body.file).toMatchObject({ format: 'pdf', pages: 2 });
    await waitForTask(fromPdf.body.taskId);
    const pdfUnits = await hit('GET', `/api/documents/${fromPdf.body.documentId}/units`);
    expect(pdfUnits.body.units.map((u: { page: number }) => u.page)).toEqual([1, 2]);
    const fakeForm = new FormData();
    fakeForm.set('file', new File(['not a pdf'], 'fake.pdf'));
    expect((await hit('POST', '/api/documents', { form: fakeForm })).status).toBe(415);
    await hit('GET', '/api/documents?limit=5', { headers: { 'x-kg-capabilities': write.authorization.slice(7) } });
    await hit('GET', `/api/documents/${id}`);
    await hit('GET', `/api/documents/${id}/units?limit=2`);
    const graph = await hit('GET', `/api/documents/${id}/graph?limit=3`);
    await hit('GET', `/api/documents/${id}/graph?q=Acme`);
    await hit('GET', `/api/documents/${id}/images`);
    await hit('GET', `/api/documents/${id}/export?format=json`);
    await hit('GET', `/api/documents/${id}/export?format=nodes.csv`);
    await hit('GET', `/api/documents/${id}/layout?limit=5`);
    await hit('POST', '/api/layout', {
      json: { nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ id: 'e', source: 'a', target: 'b' }] },
    });
    await hit('GET', `/api/documents/${id}/insights`);
    await hit('GET', `/api/documents/${id}/insights?format=markdown`);
    await hit('POST', `/api/documents/${id}/query`, { json: { query: 'Acme', limit: 2 } });
    await hit('GET', `/api/documents/${id}/path?from=n1&to=n1`);
    const asked = await hit('POST', `/api/documents/${id}/answers`, { json: { question: 'Who founded Acme?' } });
    expect(asked.status).toBe(202);
    expect((await waitForTask(asked.body.taskId)).status).toBe('succeeded');
    await hit('GET', `/api/tasks/${asked.body.taskId}`);
    const quick = await hit('POST', `/api/documents/${id}/verify`, { json: { mode: 'quick' } });
    await hit('GET', `/api/documents/${id}/reports`);
    const quickReport = quick.body.report as { reportId: string; issues: Array<{ id: string }> };
    await hit(
      'POST',
      `/api/documents/${id}/reports/${quickReport.reportId}/issues/${quickReport.issues[0]?.id ?? 'loc1'}`,
      { json: { status: 'rejected' }, headers: write },
    );
    await hit('POST', `/api/documents/${id}/reports/${quickReport.reportId}/issues/loc99999`, {
      json: { status: 'rejected' },
      headers: write,
    });
    const review = await hit('POST', `/api/documents/${id}/verify`, {
      json: { mode: 'standard', model: 'openai-compatible:ok@review-verifier' },
    });
    expect(review.status).toBe(202);
    await waitForTask(review.body.taskId);
    const question = await hit('POST', `/api/documents/${id}/questions`, {
      json: {
        question: 'Is this supported?',
        target: { kind: 'graph' },
        model: 'openai-compatible:ok@question-supported-fix',
      },
    });
    expect(question.status).toBe(202);
    await waitForTask(question.body.taskId);
    const factCheck = await hit('POST', `/api/documents/${id}/fact-check`, {
      json: { mode: 'quick', model: 'openai-compatible:ok@fact' },
    });
    expect(factCheck.status).toBe(202);
    expect((await waitForTask(factCheck.body.taskId)).status).toBe('succeeded');
    await hit('GET', `/api/documents/${id}/fact-check`);
    await hit('POST', `/api/documents/${id}/fact-check/claims/c1`, { json: { status: 'rejected' }, headers: write });
    const overview = await hit('GET', `/api/documents/${id}/overview`);
    await hit('GET', `/api/documents/${id}/overview/labels?revision=${overview.body.revision}&ords=0,1`);
    await hit('GET', `/api/documents/${id}/overview/nodes?revision=${overview.body.revision}&ords=0,1`);
    expect((await hit('GET', `/api/documents/${id}/overview/nodes?revision=99&ords=0`)).status).toBe(409);
    const candidates = await hit('GET', `/api/documents/${id}/candidates?limit=2`);
    await hit('PATCH', `/api/documents/${id}/candidates/${candidates.body.candidates[0].id}`, {
      json: { status: 'accepted' },
      headers: write,
    });
    const node = graph.body.nodes[0];
    const revision = graph.body.revision;
    await hit('POST', `/api/documents/${id}/commit`, {
      json: {
        expectedRevision: revision,
        operations: [{ action: 'update_node', nodePatch: { id: node.id, patch: { text: `${node.text} (edited)` } } }],
      },
      headers: write,
    });
    await hit('POST', `/api/documents/${id}/undo`, { json: { expectedRevision: revision + 1 }, headers: write });
    await hit('GET', `/api/documents/${id}/audit`);
    await hit('POST', `/api/documents/${id}/capabilities`, { json: { scope: 'read' }, headers: write });
    await hit('POST', `/api/documents/${id}/capabilities/rotate`, { headers: write });
    const estimated = await hit('POST', `/api/documents/${id}/append`, {
      json: { text: 'Carol joined Acme in 2005.', model: 'openai-compatible:ok', dryRun: true },
      headers: write,
    });
    expect(estimated.body).toMatchObject({ dryRun: true, batches: 1, calls: 1 });
    const appended = await hit('POST', `/api/documents/${id}/append`, {
      json: { text: 'Carol joined Acme in 2005.', model: 'openai-compatible:slow-800@cancel' },
      headers: write,
    });
    expect(appended.status).toBe(202);
    expect(
      (await hit('POST', `/api/documents/${id}/append`, { json: { text: 'Again.' }, headers: write })).status,
    ).toBe(409);
    await hit('POST', `/api/tasks/${appended.body.taskId}/cancel`, { headers: write });
    await waitForTask(appended.body.taskId);
    expect((await hit('POST', `/api/tasks/${appended.body.taskId}/cancel`, { headers: write })).status).toBe(409);

    const trace = await hit('POST', '/api/traces', {
      json: {
        events: [
          { seq: 1, kind: 'user', text: 'Find the bug.' },
          { seq: 2, kind: 'tool_result', text: 'The test fails because the cache is stale.' },
        ],
      },
    });
    const traceAuth = { authorization: `Bearer ${trace.body.writeCapability}` };
    await waitForTask(trace.body.taskId);
    await hit('GET', `/api/traces/${trace.body.documentId}/events`);
    const more = await hit('POST', `/api/traces/${trace.body.documentId}/events`, {
      json: { events: [{ seq: 3, kind: 'assistant', text: 'So I cleared it.' }] },
      headers: traceAuth,
    });
    await waitForTask(more.body.taskId);
    await hit('DELETE', `/api/documents/${trace.body.documentId}`, { headers: traceAuth });
    const heldTrace = { 'x-kg-capabilities': trace.body.writeCapability };
    expect((await hit('GET', '/api/documents?deleted=1', { headers: heldTrace })).body.items).toHaveLength(1);
    expect((await hit('POST', `/api/documents/${trace.body.documentId}/restore`, { headers: traceAuth })).status).toBe(
      200,
    );
    await hit('DELETE', `/api/documents/${trace.body.documentId}`, { headers: traceAuth });

    const key = await hit('POST', '/api/keys', { json: { label: 'alice', scopes: ['read'] }, keyedAs: 'boot-token' });
    await hit('GET', '/api/keys', { keyedAs: 'boot-token' });
    await hit('DELETE', `/api/keys/${key.body.id}`, { keyedAs: 'boot-token' });

    // Typed errors, each validated against the error envelope of its route and status.
    expect((await hit('GET', '/api/documents/no-such-document')).status).toBe(404);
    expect((await hit('GET', `/api/tasks/task_missing`)).status).toBe(404);
    expect((await hit('POST', '/api/documents', { json: { text: '' } })).status).toBe(400);
    expect((await hit('POST', '/api/documents', { json: { text: 'x', extra: 1 } })).status).toBe(400);
    expect((await hit('POST', `/api/documents/${id}/query`, { json: { types: ['nonsense'] } })).status).toBe(400);
    expect((await hit('GET', `/api/documents/${id}/path?from=n1`)).status).toBe(400);
    expect((await hit('GET', `/api/documents/${id}/export?format=png`)).status).toBe(400);
    expect((await hit('DELETE', `/api/documents/${id}`)).status).toBe(401);
    expect((await hit('GET', '/api/keys', { keyedAs: 'wrong' })).status).toBe(401);
    expect(
      (await hit('POST', `/api/documents/${id}/undo`, { json: { expectedRevision: 0 }, headers: write })).status,
    ).toBe(409);
    await hit('DELETE', `/api/documents/${id}`, { headers: write });

    await hit('GET', '/api/docs');
    await hit('GET', '/api/docs/style.css');

    const unseen = Object.entries(oa.spec.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, any>)
        .filter(
          ([method, op]) =>
            !Object.keys(op.responses).some((s) => s < '400' && oa.seen.has(`${method.toUpperCase()} ${path} ${s}`)),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(
      unseen.filter((o) => !(o in NOT_EXERCISED)),
      'described operations never seen answering with success',
    ).toEqual([]);
  });

  it('reads every query parameter it publishes, within the published limits (one contract per route)', async () => {
    const created = await createDocument(TEXT, { title: 'Query contract' });
    await waitForTask(created.taskId);
    const unprobed: string[] = [];
    for (const [template, item] of Object.entries(oa.spec.paths)) {
      const params = ((item as { get?: PublishedOperation }).get?.parameters ?? []).filter((p) => p.in === 'query');
      if (params.length === 0) continue;
      const path = template.replace('{id}', created.documentId);
      expect(path, `${template}: a query route with a path parameter other than {id}`).not.toMatch(/\{/);
      for (const param of params) {
        const values = probes(param.schema);
        if (values.length === 0) unprobed.push(param.name);
        for (const [value, refused] of values) {
          const res = await call(`${path}?${new URLSearchParams({ [param.name]: value })}`);
          const message =
            res.status === 400 ? ((await res.json()) as { error: { message: string } }).error.message : '';
          const namesIt = new RegExp(`\\b${param.name} (must|is longer)`).test(message);
          const what = `GET ${template}?${param.name}=${value.slice(0, 20)} (${res.status} ${message})`;
          if (refused) expect(namesIt, `${what}: the handler does not refuse it as published`).toBe(true);
          else expect(namesIt, `${what}: the handler refuses a value the description allows`).toBe(false);
        }
      }
    }
    // Only free-form strings (the paging cursors) have no value to refuse.
    expect(new Set(unprobed)).toEqual(new Set(['cursor']));
  });

  it('serves a reference page that runs no script and lists every path', async () => {
    const res = await call('/api/docs');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/<script|<style|\son\w+=/i);
    expect(html).toContain('href="/api/docs/style.css"');
    for (const path of Object.keys(oa.spec.paths)) expect(html).toContain(path);
    const css = await call('/api/docs/style.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });
});

/**
 * Values to send for a published query parameter, each with whether the description says it is refused: a value of
 * the wrong kind, one past each bound (refused) and the bound itself (allowed).
 */
function probes(schema: PublishedSchema): [string, boolean][] {
  const out: [string, boolean][] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    out.push(['x', true]);
    if (schema.maximum !== undefined) out.push([String(schema.maximum + 1), true], [String(schema.maximum), false]);
    if (schema.minimum !== undefined && schema.minimum > 0)
      out.push([String(schema.minimum - 1), true], [String(schema.minimum), false]);
  }
  if (schema.enum || schema.const !== undefined) out.push(['no-such-value', true]);
  for (const allowed of schema.enum ?? []) out.push([String(allowed), false]);
  if (schema.pattern) out.push(['!', true]);
  if (schema.maxLength !== undefined)
    out.push(['a'.repeat(schema.maxLength + 1), true], ['a'.repeat(schema.maxLength), false]);
  return out;
}

interface PublishedSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
}

interface PublishedOperation {
  parameters?: { name: string; in: string; schema: PublishedSchema }[];
}
