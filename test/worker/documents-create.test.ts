import { describe, expect, it } from 'vitest';
import { NODE_TYPES, RELATIONS } from '../../core/schema';
import { mixedText } from '../support/texts';
import { allUnits, call, expectError, extractAndWait, json, type GraphBody } from './helpers';

describe('POST /api/documents', () => {
  it('extracts a mixed Chinese/English text with every quote verbatim in its cited unit', async () => {
    const text = mixedText(20_000);
    const { documentId, taskId, revision, task } = await extractAndWait(text, { title: 'Mixed sample' });
    expect(documentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(taskId).toMatch(/^task_/);
    expect(revision).toBe(0);
    expect(task).toMatchObject({ status: 'succeeded', revision: 1 });
    expect(task.model).toBe('builtin:heuristic');

    const units = await allUnits(documentId);
    const byN = new Map(units.map((u) => [u.n, u]));
    for (const u of units) expect(text.slice(u.start, u.end)).toBe(u.text);

    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect(graph.revision).toBe(1);
    expect(graph.nodes.length).toBeGreaterThan(50);
    expect(graph.edges.length).toBeGreaterThan(10);
    const types = new Set<string>(NODE_TYPES);
    const relations = new Set<string>(RELATIONS);
    for (const node of graph.nodes) {
      expect(types.has(node.type)).toBe(true);
      if (node.groundingStatus === 'grounded') {
        expect(node.evidence.length).toBeGreaterThan(0);
        for (const ev of node.evidence) {
          expect(byN.get(ev.paragraph)?.text).toContain(ev.quote);
          expect(ev.documentId).toBe(documentId);
        }
      }
    }
    for (const edge of graph.edges) {
      expect(relations.has(edge.relation)).toBe(true);
      expect(edge.evidence.length).toBeGreaterThan(0);
      for (const ev of edge.evidence) expect(byN.get(ev.paragraph)?.text).toContain(ev.quote);
    }
    // The built-in extractor found each kind of proposition the sample text cues.
    const seen = new Set(graph.nodes.map((n) => n.type));
    for (const t of ['definition', 'example', 'rule', 'inference', 'concept']) expect(seen.has(t as never)).toBe(true);
  });

  it('rejects malformed requests with typed 4xx errors', async () => {
    expectError(await json('/api/documents', { method: 'POST', json: { text: '' } }), 400, 'invalid_input');
    expectError(await json('/api/documents', { method: 'POST', json: { text: '   \n ' } }), 400, 'invalid_input');
    expectError(await json('/api/documents', { method: 'POST', json: { text: 42 } }), 400, 'invalid_input');
    expectError(
      await json('/api/documents', { method: 'POST', json: { text: 'ok', colour: 'red' } }),
      400,
      'invalid_input',
    );
    expectError(await json('/api/documents', { method: 'POST', json: ['text'] }), 400, 'invalid_input');
    expectError(
      await json('/api/documents', { method: 'POST', json: { text: 'ok', model: 'gpt-nope' } }),
      400,
      'unknown_model',
    );
    expectError(
      await json('/api/documents', {
        method: 'POST',
        body: '{"text": "unterminated',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_input',
    );
    expectError(
      await json('/api/documents', { method: 'POST', body: 'text=hi', headers: { 'content-type': 'text/plain' } }),
      400,
      'invalid_input',
    );
  });

  it('answers 413 input_too_large above 1,000,000 characters and stores nothing', async () => {
    const before = (await json('/api/documents?limit=100')).body.items.length;
    const res = await json('/api/documents', { method: 'POST', json: { text: 'a'.repeat(1_000_001) } });
    expectError(res, 413, 'input_too_large');
    expect((await json('/api/documents?limit=100')).body.items.length).toBe(before);
  });

  it('answers in Chinese when the reader asks for it', async () => {
    const res = await json('/api/documents', {
      method: 'POST',
      json: { text: '' },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(res.body.error.message).toContain('请求内容无效');
  });

  it('lists the built-in extractor as the default model', async () => {
    const { status, body } = await json('/api/models');
    expect(status).toBe(200);
    const builtin = body.models.find((m: { id: string }) => m.id === 'builtin:heuristic');
    expect(builtin).toMatchObject({ provider: 'builtin', default: true, image: false });
    expect(builtin.label).toMatch(/not a model/);
  });

  it('answers unknown API routes with a typed 404, and another method on a known route with 405', async () => {
    expectError(await json('/api/nope'), 404, 'not_found');
    const res = await call('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
