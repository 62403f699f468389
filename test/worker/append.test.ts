// POST /api/documents/:id/append: more text on an existing graph, as a new revision, fenced and one task at a time.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isLayerAnchor } from '../../core/concepts';
import {
  allUnits,
  createDocument,
  expectError,
  extractAndWait,
  json,
  waitForTask,
  writeAuth,
  type GraphBody,
} from './helpers';
import { modelId, paragraphs, scriptedCalls } from './model-helpers';

const BASE =
  '# Rivers\n\nRivers carry water to the sea. Therefore deltas form at their mouths.\n\nFor example, the Nile has a delta.';
const MORE =
  '# Lakes\n\nA lake is defined as a body of water surrounded by land. Because lakes store water, they soften floods.';

async function fullGraph(documentId: string): Promise<GraphBody> {
  return (await json<GraphBody>(`/api/documents/${documentId}/graph?limit=800`)).body;
}

describe('append', () => {
  it('extracts only the new text, keeps every existing node and unit, and publishes revision 2', async () => {
    const { documentId } = await extractAndWait(BASE);
    const before = await fullGraph(documentId);
    const unitsBefore = await allUnits(documentId);
    const docBefore = (await json(`/api/documents/${documentId}`)).body;

    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: MORE, expectedRevision: 1 },
      headers: writeAuth(documentId),
    });
    expect(appended.status).toBe(202);
    expect(appended.body).toMatchObject({ documentId, revision: 1 });
    const task = await waitForTask(appended.body.taskId);
    expect(task).toMatchObject({ kind: 'append', status: 'succeeded', revision: 2 });

    const after = await fullGraph(documentId);
    const unitsAfter = await allUnits(documentId);
    // The units are kept; their node-type badges may gain 'concept' (an anchor the new text makes recur).
    const bare = (units: Array<Record<string, unknown>>) => units.map(({ nodeTypes: _, ...u }) => u);
    expect(bare(unitsAfter.slice(0, unitsBefore.length))).toEqual(bare(unitsBefore));
    expect(unitsAfter.length).toBeGreaterThan(unitsBefore.length);
    const doc = (await json(`/api/documents/${documentId}`)).body;
    expect(doc).toMatchObject({ revision: 2, chars: BASE.length + 2 + MORE.length });
    expect(doc.sourceId).not.toBe(docBefore.sourceId);
    expect(doc.sections.map((s: { title: string }) => s.title)).toEqual(['Rivers', 'Lakes']);

    // Every extracted node is kept as it was; the concept layer's anchors are recomputed over the whole text.
    for (const node of before.nodes.filter((n) => !isLayerAnchor(n)))
      expect(after.nodes.find((n) => n.id === node.id)).toEqual(node);
    const added = after.nodes.filter((n) => !isLayerAnchor(n) && !before.nodes.some((b) => b.id === n.id));
    expect(added.length).toBeGreaterThan(0);
    const byN = new Map(unitsAfter.map((u) => [u.n, u.text]));
    for (const node of added) {
      expect(node.paragraph!).toBeGreaterThan(unitsBefore.length);
      for (const ev of node.evidence) {
        expect(byN.get(ev.paragraph)).toContain(ev.quote);
        expect(ev.sourceId).toBe(doc.sourceId);
      }
    }
    expect(added.some((n) => n.type === 'definition')).toBe(true);
    expect(
      after.edges.some(
        (e) => e.relation === 'causes' && added.some((n) => n.id === e.toNodeId || n.id === e.fromNodeId),
      ),
    ).toBe(true);
  });

  it('refuses a stale expectedRevision with 409 revision_conflict and leaves nothing behind', async () => {
    const { documentId } = await extractAndWait(BASE);
    const res = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: MORE, expectedRevision: 0 },
      headers: writeAuth(documentId),
    });
    expectError(res, 409, 'revision_conflict');
    const rows = await env.DB.prepare('SELECT count(*) AS c FROM tasks WHERE document_id = ?')
      .bind(documentId)
      .first<{ c: number }>();
    expect(rows?.c).toBe(1);
    expect((await env.BLOBS.list({ prefix: `documents/${documentId}/source/` })).objects).toHaveLength(1);
  });

  it('answers 409 busy while another task runs on the document', async () => {
    const created = await createDocument(paragraphs(8, 'busy'), { model: modelId('slow-800') });
    const res = await json(`/api/documents/${created.documentId}/append`, {
      method: 'POST',
      json: { text: MORE },
      headers: writeAuth(created.documentId),
    });
    expectError(res, 409, 'busy');
    await json(`/api/tasks/${created.taskId}/cancel`, { method: 'POST', headers: writeAuth(created.taskId) });
  });

  it('rejects bad appends with typed errors', async () => {
    const { documentId } = await extractAndWait(BASE);
    expectError(
      await json(`/api/documents/${documentId}/append`, {
        method: 'POST',
        json: { text: '  ' },
        headers: writeAuth(documentId),
      }),
      400,
      'invalid_input',
    );
    expectError(
      await json(`/api/documents/${documentId}/append`, {
        method: 'POST',
        json: { text: 'x', extra: 1 },
        headers: writeAuth(documentId),
      }),
      400,
      'invalid_input',
    );
    expectError(
      await json(`/api/documents/${documentId}/append`, {
        method: 'POST',
        json: { text: 'x', model: 'nope' },
        headers: writeAuth(documentId),
      }),
      400,
      'unknown_model',
    );
    expectError(
      await json(`/api/documents/${documentId}/append`, {
        method: 'POST',
        json: { text: 'a'.repeat(1_000_000) },
        headers: writeAuth(documentId),
      }),
      413,
      'input_too_large',
    );
    expectError(
      await json(`/api/documents/${crypto.randomUUID()}/append`, { method: 'POST', json: { text: 'x' } }),
      404,
      'not_found',
    );
  });

  it('shows a model the nodes already in the graph so that it can link to them', async () => {
    const { documentId } = await extractAndWait(BASE, { model: modelId('ok@append') });
    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: MORE },
      headers: writeAuth(documentId),
    });
    expect((await waitForTask(appended.body.taskId)).status).toBe('succeeded');
    const calls = await scriptedCalls('ok@append');
    const last = calls[calls.length - 1];
    expect(last.user).toContain('Nodes already in the graph');
    expect(last.user).toMatch(/n1 \(\w+\): /);
    // Only the appended units are sent.
    expect(Math.min(...last.units)).toBeGreaterThan(3);
  });
});
