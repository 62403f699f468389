// The DSH plugin's host half (integrations/dsh) in a real Cordis context (the `cordis` package from npm), with a
// stand-in for the harness's webServer / timer services and `harness.handle` global (test/support/dsh-stand-in.ts,
// written from docs/contracts/dsh-plugin.md), forwarding to a real `wrangler dev` that requires an API key: both install ways
// (persistent bundle: HTTP routes under /api/dsh-knowledge-graph; dynamic plugin: harness.handle names) reach the
// Worker, and the plugin maps names and shapes only (the Worker's errors come back in the seed's 200 envelope).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as persistent from '../../integrations/dsh/lib/index.js';
import hostPlugin from '../../integrations/dsh/src/index.host.js';
import { startStandIn, type StandIn } from '../support/dsh-stand-in';
import { api, newStateDir, poll, removeState, startDev, stopDev, type Dev } from './harness';

const TOKEN = 'dsh-host-test-key';
let dev: Dev | undefined;
let stateDir = '';
let harness: StandIn;

beforeAll(async () => {
  stateDir = newStateDir();
  dev = await startDev(stateDir, { KG_API_TOKEN: TOKEN });
  harness = await startStandIn();
});
afterAll(async () => {
  await harness?.close();
  await stopDev(dev);
  if (stateDir) removeState(stateDir);
});

const rpc = async (name: string, body?: unknown) => {
  const res = await fetch(
    `${harness.base}/api/dsh-knowledge-graph/${name}`,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
};
const withKey = { headers: { authorization: `Bearer ${TOKEN}` } };

describe('DSH host half', () => {
  it('persistent bundle: an extract through the plugin route becomes a document in the Worker', async () => {
    const fiber = await harness.ctx.plugin(persistent as never, { api: dev!.base, token: TOKEN } as never);
    expect(harness.routes().map((r) => r.path)).toEqual(['/api/dsh-knowledge-graph']);

    const started = await rpc('extract', {
      title: 'Plugin note',
      text: 'Graphs link concepts. A concept has a name and a source paragraph.',
    });
    expect(started.status).toBe(200);
    expect(started.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(started.headers.get('cache-control')).toBe('no-store');
    expect(started.body.taskId).toMatch(/^task_/);
    const done = await poll(
      () => rpc(`task-status?taskId=${encodeURIComponent(started.body.taskId)}`),
      (r) => r.body.status !== 'running',
      60_000,
    );
    expect(done.body).toMatchObject({
      status: 'succeeded',
      result: { documentId: started.body.documentId, revision: 1 },
    });

    // The document is the Worker's own (read straight from it with the key).
    const doc = await api(dev!.base, `/api/documents/${started.body.documentId}`, withKey);
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ title: 'Plugin note', revision: 1 });
    expect(doc.body.nodeCount).toBeGreaterThan(0);

    // The page's pass-through: the Worker's API under /kg, with the host's key added (the page never holds it).
    const graph = await fetch(
      `${harness.base}/api/dsh-knowledge-graph/kg/api/documents/${started.body.documentId}/graph`,
    );
    expect(graph.status).toBe(200);
    expect(((await graph.json()) as { nodes: unknown[] }).nodes.length).toBe(doc.body.nodeCount);
    expect((await rpc('config')).body).toEqual({ api: '/api/dsh-knowledge-graph/kg' });

    // Seed conventions: the Worker's typed 4xx comes back as 200 + { error }; an unknown name is 404 'unknown endpoint'.
    const empty = await rpc('extract', { text: '' });
    expect(empty.status).toBe(200);
    expect(empty.body.error.code).toBe('invalid_input');
    expect(await rpc('document-load?documentId=nope')).toMatchObject({
      status: 200,
      body: { error: { code: 'not_found' } },
    });
    expect((await rpc('task-status?taskId=task_missing')).body).toEqual({ status: 'not_found' });
    expect(await rpc('image-load', {})).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'unknown endpoint' } },
    });

    // A session's trace through the harness's name: the trace routes of the Worker.
    const events = [
      { seq: 1, type: 'user/message', data: { content: [{ type: 'text', text: 'Why did the nightly job fail?' }] } },
      {
        seq: 2,
        type: 'tool/result',
        data: { content: [{ type: 'text', text: 'The job log shows a permission error at 02:00.' }] },
      },
    ];
    const trace = await rpc('trajectory-extract', { title: 'Session 1', events });
    expect(trace.body.events).toMatchObject({ accepted: 2 });
    const traced = await poll(
      () => rpc(`trajectory-status?taskId=${trace.body.taskId}`),
      (r) => r.body.status !== 'running',
      60_000,
    );
    expect(traced.body.status).toBe('succeeded');
    expect((await rpc(`document-load?documentId=${trace.body.documentId}`)).body).toMatchObject({
      sourceKind: 'trace',
    });

    // Stopping the plugin removes its routes.
    await fiber.dispose();
    expect(harness.routes()).toEqual([]);
    expect((await fetch(`${harness.base}/api/dsh-knowledge-graph/list-models`)).status).toBe(404);
  });

  it('dynamic plugin: the same names through harness.handle, from the pasted function body', async () => {
    // cordis_define takes the function body only (docs/contracts/dsh-plugin.md#dynamic-plugin): it must run without any import.
    const source = readFileSync(new URL('../../integrations/dsh/src/index.host.js', import.meta.url), 'utf8');
    const body = source.slice(
      source.indexOf('export default function hostPlugin() {') + 'export default function hostPlugin() {'.length,
      source.lastIndexOf('}'),
    );
    const pasted = new Function(body)() as ReturnType<typeof hostPlugin>;
    expect(pasted.inject).toEqual(['timer']);
    expect(pasted.names).toEqual(hostPlugin().names);

    const fiber = await harness.ctx.plugin(
      { name: 'kg-workbench-dsh-dynamic', ...pasted } as never,
      { api: dev!.base, token: TOKEN } as never,
    );
    expect([...harness.handles.keys()].sort()).toEqual([...pasted.names].sort());
    const call = (name: string, args: unknown) => harness.handles.get(name)!(args) as Promise<any>;
    const models = await call('list-models', {});
    expect(models.models.map((m: { id: string }) => m.id)).toContain('builtin:heuristic');
    const started = await call('extract', {
      text: 'Dynamic plugins reach the same Worker. The Worker keeps the graph.',
    });
    const done = await poll(
      () => call('task-status', { taskId: started.taskId }),
      (r) => r.status !== 'running',
      60_000,
    );
    expect(done).toMatchObject({ status: 'succeeded', result: { documentId: started.documentId } });
    const query = await call('graph-query', { documentId: started.documentId, query: 'Worker' });
    expect(query.matches.length).toBeGreaterThan(0);
    expect(await call('config', {})).toEqual({ api: dev!.base });
    await fiber.dispose();
  });

  it('reports an unreachable Worker in the seed envelope, not as a crash', async () => {
    const fiber = await harness.ctx.plugin(persistent as never, { api: 'http://127.0.0.1:9', token: TOKEN } as never);
    const answer = await rpc('extract', { text: 'Nobody listens on port 9.' });
    expect(answer.status).toBe(200);
    expect(answer.body.error.code).toBe('unreachable');
    await fiber.dispose();
  });
});
