// The text rule at every door (docs/contracts/conventions.md, "Text"; core/text/well-formed.ts): every operation the
// OpenAPI description lists that takes a body or query parameters refuses ill-formed text with 400 invalid_input in
// the error envelope — a JSON body holding a lone surrogate ("\ud800" escaped in the JSON text, in a value or a key),
// a body whose bytes are not UTF-8, a multipart text field that is not UTF-8, a query value holding a percent-encoded
// lone surrogate (%ED%A0%80) — and nothing is stored. The bodies are the operations' own examples with one string
// made ill-formed, so a door that skipped the rule would accept them.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { OPERATIONS } from '../../worker/openapi/operations';
import type { OperationDoc } from '../../worker/openapi/registry';
import { DIAGRAM_PNG_BASE64, fromBase64 } from '../support/images';
import { modelId } from './model-helpers';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const TOKEN = 'text-rule-admin';
// An admin key opens every document and /api/keys; rate limits would only add 429s to a walk of every door.
const keyed = { ...env, KG_API_TOKEN: TOKEN, KG_RATE_LIMITS: '{"enabled":false}' } as Env;

const TEXT =
  '# Rockets\n\nAlice founded Acme in 2001. Acme makes rockets, therefore Acme needs engineers.\n\nBob said that rockets may be dangerous.';
const MARK = 'MARK-0f3c';

async function send(
  method: string,
  path: string,
  init: { body?: BodyInit; contentType?: string } = {},
): Promise<{ status: number; body: any }> {
  const headers = new Headers({ authorization: `Bearer ${TOKEN}` });
  if (init.contentType) headers.set('content-type', init.contentType);
  const res = await app.fetch(new Request(`http://kg.test${path}`, { method, headers, body: init.body }), keyed, ctx);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body };
}

const sendJson = (method: string, path: string, value: unknown) =>
  send(method, path, { body: JSON.stringify(value), contentType: 'application/json' });

async function settle(taskId: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { body } = await send('GET', `/api/tasks/${taskId}`);
    if (body.status !== 'queued' && body.status !== 'running') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${taskId} did not settle`);
}

/** A copy of `value` whose first string (depth first) is `replace(string)`; a value without one gets a key. */
function withFirstString(value: unknown, replace: (s: string) => string): unknown {
  let done = false;
  const walk = (v: unknown): unknown => {
    if (done) return v;
    if (typeof v === 'string') {
      done = true;
      return replace(v);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value ?? {});
  return done ? out : { ...(out as object), [replace('key')]: 1 };
}

/** The example's JSON text with one string holding a lone surrogate, escaped as JSON.stringify escapes it. */
function loneSurrogateBody(example: unknown): string {
  const json = JSON.stringify(withFirstString(example, (s) => `${s} \uD800`));
  expect(json).toContain('\\ud800');
  return json;
}

/** The example's JSON as bytes, with an invalid UTF-8 byte (0xFF) inside one string. */
function invalidUtf8Body(example: unknown): Uint8Array {
  const bytes = new TextEncoder().encode(JSON.stringify(withFirstString(example, (s) => `${s}${MARK}`)));
  const at = indexOfBytes(bytes, new TextEncoder().encode(MARK));
  const out = new Uint8Array(bytes.length - MARK.length + 1);
  out.set(bytes.subarray(0, at));
  out[at] = 0xff;
  out.set(bytes.subarray(at + MARK.length), at + 1);
  return out;
}

function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = 0; i <= bytes.length - pattern.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (bytes[i + j] !== pattern[j]) continue outer;
    return i;
  }
  throw new Error('mark not found');
}

const bytesOf = (...parts: Array<string | number[] | Uint8Array>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : [...p])));

interface Part {
  head: Uint8Array;
  content: Uint8Array;
}

/** A multipart body from raw part headers and contents, so the test puts bytes exactly where it wants them. */
function multipart(parts: Part[]): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = 'kg-text-rule-boundary';
  const body = bytesOf(
    ...parts.flatMap((p) => [`--${boundary}\r\n`, p.head, '\r\n\r\n', p.content, '\r\n']),
    `--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const textPart = (name: string, ...content: Array<string | number[]>): Part => ({
  head: bytesOf(`Content-Disposition: form-data; name="${name}"`),
  content: bytesOf(...content),
});
const imagePart = (...fileName: Array<string | number[]>): Part => ({
  head: bytesOf(
    'Content-Disposition: form-data; name="images"; filename="',
    ...fileName,
    '"\r\nContent-Type: image/png',
  ),
  content: fromBase64(DIAGRAM_PNG_BASE64),
});

let ids: Record<string, string>;

/** The operation's path with its parameters filled in from the documents, trace, task and key made here. */
function concrete(doc: OperationDoc): string {
  const id = doc.path.startsWith('/api/traces/') ? ids.trace! : doc.path.startsWith('/api/keys/') ? ids.key! : ids.doc!;
  return doc.path
    .replace(':taskId', ids.task!)
    .replace(':candidateId', ids.candidate!)
    .replace(':claimId', 'c1')
    .replace(':imageId', 'image-1')
    .replace(':id', id);
}

async function storedState() {
  const doc = await send('GET', `/api/documents/${ids.doc}`);
  const trace = await send('GET', `/api/documents/${ids.trace}`);
  const audit = await send('GET', `/api/documents/${ids.doc}/audit`);
  const keys = await send('GET', '/api/keys');
  const docs = await send('GET', '/api/documents?limit=100');
  const graph = await send('GET', `/api/documents/${ids.doc}/graph`);
  return {
    doc: [doc.body.revision, doc.body.title, doc.body.summary, doc.body.nodeCount],
    trace: [trace.body.revision, trace.body.title],
    audit: audit.body.items.length,
    keys: keys.body.items.map((k: { label: string }) => k.label),
    documents: docs.body.items.length,
    nodes: graph.body.nodes.map((n: { id: string; text: string }) => `${n.id}:${n.text}`),
  };
}

beforeAll(async () => {
  const created = await sendJson('POST', '/api/documents', { text: TEXT, title: 'Text rule' });
  expect(created.status).toBe(202);
  await settle(created.body.taskId);
  const trace = await sendJson('POST', '/api/traces', {
    events: [
      { seq: 1, kind: 'user', text: 'Why does the build fail?' },
      { seq: 2, kind: 'tool_result', text: 'The test fails because the cache is stale.' },
    ],
  });
  expect(trace.status).toBe(202);
  await settle(trace.body.taskId);
  const key = await sendJson('POST', '/api/keys', { label: 'reader', scopes: ['read'] });
  expect(key.status).toBe(201);
  const candidates = await send('GET', `/api/documents/${created.body.documentId}/candidates?limit=1`);
  ids = {
    doc: created.body.documentId,
    trace: trace.body.documentId,
    task: created.body.taskId,
    key: key.body.id,
    candidate: candidates.body.candidates[0].id,
  };
});

const refusals: string[] = [];

async function expectRefused(what: string, pending: Promise<{ status: number; body: any }>) {
  const res = await pending;
  const error = res.body?.error;
  if (res.status !== 400 || error?.code !== 'invalid_input' || typeof error?.message !== 'string')
    refusals.push(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
}

describe('the text rule at every door', () => {
  const withBody = OPERATIONS.filter((op) => op.body);
  const withQuery = OPERATIONS.filter((op) => op.query && Object.keys(op.query.shape).length > 0);

  it('covers the operations that take text: every body and every query', () => {
    // The doors with neither take no text (reads by id, deletes, rotate, cancel, the WebSocket, meta).
    const neither = OPERATIONS.filter((op) => !op.body && !op.query).map((op) => `${op.method} ${op.path}`);
    expect(withBody.length + withQuery.length + neither.length).toBe(OPERATIONS.length);
    expect(withBody.length).toBeGreaterThanOrEqual(15);
    expect(withQuery.length).toBeGreaterThanOrEqual(10);
  });

  it('refuses ill-formed text in every JSON body, every multipart text part and every query value; nothing is stored', async () => {
    const before = await storedState();
    for (const op of withBody) {
      const path = concrete(op);
      const what = `${op.method.toUpperCase()} ${op.path}`;
      await expectRefused(
        `${what} lone surrogate`,
        send(op.method, path, { body: loneSurrogateBody(op.bodyExample), contentType: 'application/json' }),
      );
      await expectRefused(
        `${what} lone surrogate in a key`,
        send(op.method, path, {
          body: JSON.stringify({ ...(op.bodyExample as object), 'k\uD800': 1 }),
          contentType: 'application/json',
        }),
      );
      await expectRefused(
        `${what} invalid UTF-8`,
        send(op.method, path, {
          body: invalidUtf8Body(op.bodyExample) as Uint8Array<ArrayBuffer>,
          contentType: 'application/json',
        }),
      );
    }
    for (const op of withQuery) {
      for (const name of Object.keys(op.query!.shape)) {
        const what = `${op.method.toUpperCase()} ${op.path}?${name}=%ED%A0%80`;
        await expectRefused(what, send(op.method, `${concrete(op)}?${name}=%ED%A0%80`));
      }
    }
    // The image upload's multipart form: a text field, the title and a file name that are not UTF-8.
    const vision = textPart('model', modelId('vision@other'));
    for (const [what, parts] of [
      ['text field', [textPart('text', 'Caption ', [0xff], ' here.'), vision, imagePart('a.png')]],
      ['title field', [textPart('title', 'Ti', [0xc3, 0x28], 'tle'), vision, imagePart('a.png')]],
      ['file name', [vision, imagePart([0xed, 0xa0, 0x80], '.png')]],
    ] as const) {
      const { body, contentType } = multipart([...parts]);
      await expectRefused(
        `POST /api/documents multipart ${what}`,
        send('POST', '/api/documents', { body, contentType }),
      );
    }
    expect(refusals).toEqual([]);
    expect(await storedState()).toEqual(before);
  });
});
