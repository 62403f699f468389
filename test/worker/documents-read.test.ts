import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mixedText } from '../support/texts';
import { purgeNow } from './purge-helpers';
import { createDocument, expectError, extractAndWait, json, waitForTask, writeAuth, type GraphBody } from './helpers';

describe('GET /api/documents', () => {
  // Open mode: the list is the documents whose write capabilities the caller sends (keyed paging by owner is
  // covered in access-documents.test.ts).
  it('lists the documents whose write capabilities the caller holds, newest first with keyset paging', async () => {
    const ids: string[] = [];
    const held: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { documentId, taskId, writeCapability } = await createDocument(`Document number ${i}. It is short.`, {
        title: `Doc ${i}`,
      });
      await waitForTask(taskId);
      ids.push(documentId);
      held.push(writeCapability!);
    }
    const headers = { 'x-kg-capabilities': held.join(',') };
    const first = await json(`/api/documents?limit=2`, { headers });
    expect(first.status).toBe(200);
    expect(first.body.items.map((d: { documentId: string }) => d.documentId)).toEqual([ids[2], ids[1]]);
    expect(first.body.items[0]).toMatchObject({ title: 'Doc 2', revision: 1 });
    expect(first.body.items[0].nodeCount).toBeGreaterThan(0);
    // The wire format cursors have always had (a cursor handed out earlier still pages): `updatedAt|id`, base64.
    expect(first.body.nextCursor).toBe(btoa(`${first.body.items[1].updatedAt}|${ids[1]}`).replace(/=+$/, ''));
    const second = await json(`/api/documents?limit=2&cursor=${first.body.nextCursor}`, { headers });
    expect(second.body.items.map((d: { documentId: string }) => d.documentId)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    // A caller holding none of them does not see them.
    const other = await json(`/api/documents?limit=100`);
    expect(other.body.items.some((d: { documentId: string }) => ids.includes(d.documentId))).toBe(false);
  });

  it('rejects bad paging parameters', async () => {
    expectError(await json('/api/documents?limit=0'), 400, 'invalid_input');
    expectError(await json('/api/documents?limit=101'), 400, 'invalid_input');
    expectError(await json('/api/documents?limit=ten'), 400, 'invalid_input');
    expectError(await json('/api/documents?cursor=not-a-cursor'), 400, 'invalid_input');
  });

  it('returns a document, and 404 for an unknown or malformed id', async () => {
    const { documentId } = await extractAndWait('# Title\n\nA fact is stated here. Another sentence follows it.', {
      title: 'T',
    });
    const { status, body } = await json(`/api/documents/${documentId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ documentId, title: 'T', revision: 1, model: 'builtin:heuristic', activeTask: null });
    expect(body.sections.length).toBeGreaterThan(0);
    expect(body.audit).toMatchObject({
      extractor: 'builtin:heuristic',
      extractorKind: 'heuristic',
      invariantErrors: 0,
    });
    expectError(await json(`/api/documents/${crypto.randomUUID()}`), 404, 'not_found');
    expectError(await json(`/api/documents/${documentId.toUpperCase()}x`), 404, 'not_found');
    expectError(await json(`/api/documents/not-a-uuid/graph`), 404, 'not_found');
  });
});

describe('GET /api/documents/:id/units and /graph', () => {
  it('pages units and graph windows, and finds nodes outside the window by query', async () => {
    const { documentId } = await extractAndWait(mixedText(60_000));
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(doc.nodeCount).toBeGreaterThan(800);

    const units = await json(`/api/documents/${documentId}/units?offset=10&limit=5`);
    expect(units.body.total).toBe(doc.unitCount);
    expect(units.body.units.map((u: { n: number }) => u.n)).toEqual([11, 12, 13, 14, 15]);
    expectError(await json(`/api/documents/${documentId}/units?limit=2001`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/units?offset=-1`), 400, 'invalid_input');

    const window = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect(window.nodes).toHaveLength(800);
    expect(window.view).toMatchObject({
      kind: 'window',
      nodeOffset: 0,
      nodeLimit: 800,
      totalNodes: doc.nodeCount,
      truncated: true,
    });
    const inWindow = new Set(window.nodes.map((n) => n.id));
    for (const e of window.edges) expect(inWindow.has(e.fromNodeId) && inWindow.has(e.toNodeId)).toBe(true);
    expectError(await json(`/api/documents/${documentId}/graph?limit=801`), 400, 'invalid_input');

    const next = (await json<GraphBody>(`/api/documents/${documentId}/graph?offset=800&limit=800`)).body;
    expect(next.nodes.length).toBe(Math.min(800, doc.nodeCount - 800));
    expect(next.nodes.some((n) => inWindow.has(n.id))).toBe(false);

    // A node beyond the first window is reachable by id, with its neighbours.
    const far =
      next.nodes.find((n) => next.edges.some((e) => e.fromNodeId === n.id || e.toNodeId === n.id)) ?? next.nodes[0];
    const byId = (await json<GraphBody>(`/api/documents/${documentId}/graph?q=${encodeURIComponent(far.id)}`)).body;
    expect(byId.view).toMatchObject({ kind: 'query', matchedNodes: 1 });
    expect(byId.nodes.map((n) => n.id)).toContain(far.id);
    expect(byId.nodes.find((n) => n.id === far.id)?.evidence).toEqual(far.evidence);

    const byType = (await json<GraphBody>(`/api/documents/${documentId}/graph?q=definition&limit=50`)).body;
    expect(byType.view.matchedNodes).toBeGreaterThan(0);
    expect(byType.nodes.filter((n) => n.type === 'definition').length).toBeGreaterThan(0);

    const byText = (await json<GraphBody>(`/api/documents/${documentId}/graph?q=${encodeURIComponent('检查点')}`)).body;
    expect(byText.view.matchedNodes).toBeGreaterThan(0);
    const matched = byText.nodes.filter((n) => n.text.includes('检查点'));
    expect(matched.length).toBeGreaterThan(0);

    const nothing = (
      await json<GraphBody>(`/api/documents/${documentId}/graph?q=${encodeURIComponent('%_no such words_%')}`)
    ).body;
    expect(nothing.nodes).toEqual([]);
  });
});

describe('DELETE /api/documents/:id', () => {
  // Soft delete: test/worker/documents-delete-restore.test.ts; here the purge that follows 30 days on.
  it('hides the document at once; its purge removes the D1 rows, the R2 objects and the Durable Object state', async () => {
    const { documentId, taskId } = await extractAndWait(
      'Because it rained, the ground is wet. Therefore the game was cancelled.',
    );
    expect((await env.BLOBS.list({ prefix: `documents/${documentId}/` })).objects.length).toBeGreaterThan(0);
    const res = await json(`/api/documents/${documentId}`, { method: 'DELETE', headers: writeAuth(documentId) });
    expect(res.status).toBe(200);
    expectError(await json(`/api/documents/${documentId}`), 404, 'not_found');
    expectError(await json(`/api/documents/${documentId}/graph`), 404, 'not_found');
    expectError(await json(`/api/tasks/${taskId}`), 404, 'not_found');
    await purgeNow(documentId);
    expect((await env.BLOBS.list({ prefix: `documents/${documentId}/` })).objects).toEqual([]);
    for (const table of ['nodes', 'edges', 'evidence', 'units', 'tasks']) {
      const row = await env.DB.prepare(`SELECT count(*) AS c FROM ${table} WHERE document_id = ?`)
        .bind(documentId)
        .first<{ c: number }>();
      expect(row?.c).toBe(0);
    }
    expectError(
      await json(`/api/documents/${documentId}`, { method: 'DELETE', headers: writeAuth(documentId) }),
      404,
      'not_found',
    );
  });
});

describe('section views and unit badges', () => {
  it('limits the graph to one section, as a window or a query, and rejects a malformed section', async () => {
    const { documentId } = await extractAndWait(mixedText(30_000));
    const doc = (await json(`/api/documents/${documentId}`)).body;
    const section = doc.sections[2];
    const view = (await json<GraphBody>(`/api/documents/${documentId}/graph?section=${section.id}&limit=50`)).body;
    expect(view.nodes.length).toBeGreaterThan(0);
    expect(view.nodes.every((n) => n.sectionId === section.id)).toBe(true);
    expect(view.view).toMatchObject({ kind: 'window', section: section.id, nodeLimit: 50 });
    const ids = new Set(view.nodes.map((n) => n.id));
    for (const e of view.edges) expect(ids.has(e.fromNodeId) && ids.has(e.toNodeId)).toBe(true);
    const total = view.view.sectionNodes;
    const rows = await env.DB.prepare('SELECT count(*) AS c FROM nodes WHERE document_id = ? AND section_id = ?')
      .bind(documentId, section.id)
      .first<{ c: number }>();
    expect(total).toBe(rows?.c);

    const query = (await json<GraphBody>(`/api/documents/${documentId}/graph?section=${section.id}&q=definition`)).body;
    expect(query.view.kind).toBe('query');
    expect(query.nodes.every((n) => n.sectionId === section.id)).toBe(true);
    expectError(await json(`/api/documents/${documentId}/graph?section=chapter-1`), 400, 'invalid_input');
  });

  it('gives every unit the types of the nodes anchored to it, on any page', async () => {
    const { documentId } = await extractAndWait(mixedText(60_000));
    const doc = (await json(`/api/documents/${documentId}`)).body;
    const offset = doc.unitCount - 20;
    const page = (await json(`/api/documents/${documentId}/units?offset=${offset}&limit=20`)).body;
    const anchored = await env.DB.prepare(
      'SELECT DISTINCT paragraph, type FROM nodes WHERE document_id = ? AND paragraph > ?',
    )
      .bind(documentId, offset)
      .all<{ paragraph: number; type: string }>();
    for (const unit of page.units as Array<{ n: number; nodeTypes: string[] }>) {
      const expected = anchored.results
        .filter((r) => r.paragraph === unit.n)
        .map((r) => r.type)
        .sort();
      expect([...unit.nodeTypes].sort()).toEqual(expected);
    }
    expect(page.units.some((u: { nodeTypes: string[] }) => u.nodeTypes.length > 0)).toBe(true);
  });
});
