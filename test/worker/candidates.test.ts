// Candidate review: entity and claim candidates derived from the committed graph with stable ids, statuses that
// survive a new revision while the id exists and vanish with their node, keyset paging, typed errors.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { deriveCandidates, type Candidate } from '../../core/candidates/derive';
import { newDocumentId } from '../../core/ids';
import { syncCandidates } from '../../storage/candidates';
import { dbOf } from '../../storage/db';
import { documents } from '../../storage/schema';
import type { KgGraph, KgNode } from '../../core/schema';
import { commitGraph } from '../../storage/graph-commit';
import { loadCanonical } from '../../storage/graph-load';
import { expectError, extractAndWait, json, waitForTask, writeAuth } from './helpers';

const TEXT = [
  '# Water',
  'A river is defined as a natural stream of water flowing toward the sea.',
  'Rivers carry sediment to the sea. Therefore deltas form at their mouths.',
  'For example, the Nile has a delta.',
  'Because snow melts in spring, rivers often flood.',
].join('\n\n');
const MORE = 'A lake is defined as a body of water surrounded by land. Because lakes store water, they soften floods.';

type Page = { documentId: string; revision: number; candidates: Candidate[]; nextCursor: string | null };
const list = (documentId: string, query = '') => json<Page>(`/api/documents/${documentId}/candidates${query}`);
const patch = (documentId: string, id: string, body: unknown, auth = true) =>
  json<{ candidate: Candidate }>(`/api/documents/${documentId}/candidates/${id}`, {
    method: 'PATCH',
    json: body,
    headers: auth ? writeAuth(documentId) : {},
  });

async function syncedRevision(documentId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT revision FROM candidate_sync WHERE document_id = ?')
    .bind(documentId)
    .first<{ revision: number }>();
  return row?.revision ?? 0;
}

async function waitForSync(documentId: string, revision: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await syncedRevision(documentId)) < revision) {
    if (Date.now() > deadline) throw new Error(`candidates of ${documentId} never reached revision ${revision}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('candidates', () => {
  it('are derived after the commit (the after-commit hook), entity and claim, with stable ids', async () => {
    const { documentId } = await extractAndWait(TEXT);
    await waitForSync(documentId, 1);
    const page = await list(documentId, '?limit=500');
    expect(page.status).toBe(200);
    const { candidates } = page.body;
    expect(candidates.some((c) => c.kind === 'entity')).toBe(true);
    expect(candidates.some((c) => c.kind === 'claim')).toBe(true);
    for (const c of candidates) {
      expect(c.id).toMatch(c.kind === 'entity' ? /^ent_[0-9a-f]{32}$/ : /^clm_[0-9a-f]{32}$/);
      expect(c).toMatchObject({ documentId, status: 'candidate', revision: 1 });
      expect(c.evidence.every((ev) => ev.documentId === documentId)).toBe(true);
    }
    // A definition gives one of each.
    const definition = candidates.find((c) => c.type === 'definition');
    expect(
      candidates
        .filter((c) => c.nodeId === definition?.nodeId)
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['claim', 'entity']);
    // Filters.
    const entities = (await list(documentId, '?kind=entity&limit=500')).body.candidates;
    expect(entities.length).toBeGreaterThan(0);
    expect(entities.every((c) => c.kind === 'entity')).toBe(true);
  });

  it('keep their status across a new revision while the stable id exists, and vanish with their node', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const before = (await list(documentId, '?limit=500')).body.candidates;
    const claim = before.find((c) => c.kind === 'claim')!;
    const entity = before.find((c) => c.kind === 'entity' && c.nodeId !== claim.nodeId)!;
    const accepted = await patch(documentId, claim.id, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.candidate).toMatchObject({ id: claim.id, status: 'accepted' });
    expect((await patch(documentId, entity.id, { status: 'rejected' })).body.candidate.status).toBe('rejected');

    // Revision 2 through an append task: the statuses survive.
    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: MORE, expectedRevision: 1 },
      headers: writeAuth(documentId),
    });
    expect(await waitForTask(appended.body.taskId)).toMatchObject({ status: 'succeeded', revision: 2 });
    await waitForSync(documentId, 2);
    const after = (await list(documentId, '?limit=500')).body;
    expect(after.revision).toBe(2);
    expect(after.candidates.length).toBeGreaterThan(before.length);
    expect(after.candidates.find((c) => c.id === claim.id)).toMatchObject({ status: 'accepted', revision: 2 });
    expect(after.candidates.find((c) => c.id === entity.id)).toMatchObject({ status: 'rejected', revision: 2 });
    expect((await list(documentId, '?status=accepted')).body.candidates.map((c) => c.id)).toEqual([claim.id]);

    // Revision 3 written without any hook (straight to D1): the claim's node is gone. The read catches up, the
    // claim's candidate vanishes, the entity keeps its status.
    const row = await env.DB.prepare(
      'SELECT summary, source_id AS sourceId, chars, sections FROM documents WHERE id = ?',
    )
      .bind(documentId)
      .first<{ summary: string; sourceId: string; chars: number; sections: string }>();
    const { graph, units } = await loadCanonical(env, documentId, row!.summary);
    const pruned: KgGraph = {
      summary: graph.summary,
      nodes: graph.nodes.filter((n) => n.id !== claim.nodeId),
      edges: graph.edges.filter((e) => e.fromNodeId !== claim.nodeId && e.toNodeId !== claim.nodeId),
    };
    await commitGraph(env, {
      documentId,
      revision: 3,
      sourceId: row!.sourceId,
      graph: pruned,
      units,
      sections: JSON.parse(row!.sections),
      audit: null,
      chars: row!.chars,
      now: Date.now(),
    });
    const third = (await list(documentId, '?limit=500')).body;
    expect(third.revision).toBe(3);
    expect(third.candidates.find((c) => c.id === claim.id)).toBeUndefined();
    expect(third.candidates.find((c) => c.id === entity.id)).toMatchObject({ status: 'rejected', revision: 3 });
    expect(await syncedRevision(documentId)).toBe(3);
    expectError(await patch(documentId, claim.id, { status: 'candidate' }), 404, 'not_found');
  });

  it('pages by keyset in node order', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const all = (await list(documentId, '?limit=500')).body.candidates;
    expect(all.length).toBeGreaterThan(2);
    const paged: Candidate[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = (await list(documentId, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.candidates.length).toBeLessThanOrEqual(2);
      paged.push(...page.candidates);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged.map((c) => c.id)).toEqual(all.map((c) => c.id));
  });

  it('answers typed errors', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const some = (await list(documentId)).body.candidates[0];
    expectError(await list(documentId, '?kind=topic'), 400, 'invalid_input');
    expectError(await list(documentId, '?status=maybe'), 400, 'invalid_input');
    expectError(await list(documentId, '?cursor=bm9wZQ'), 400, 'invalid_input');
    expectError(await list(documentId, '?limit=501'), 400, 'invalid_input');
    expectError(await patch(documentId, some.id, { status: 'maybe' }), 400, 'invalid_input');
    expectError(await patch(documentId, some.id, { status: 'accepted', extra: 1 }), 400, 'invalid_input');
    expectError(await patch(documentId, `clm_${'0'.repeat(32)}`, { status: 'accepted' }), 404, 'not_found');
    // Changing a status is a write: open mode needs the document's write capability.
    expectError(await patch(documentId, some.id, { status: 'accepted' }, false), 401, 'unauthorized');
  });

  it('sync a book-sized graph (15,000 nodes) in one batch; a sync for an older revision changes nothing', async () => {
    const documentId = newDocumentId();
    await dbOf(env).insert(documents).values({
      id: documentId,
      title: 'book',
      owner: null,
      revision: 2,
      chars: 1,
      model: 'builtin:heuristic',
      createdAt: 1,
      updatedAt: 1,
    });
    const types: KgNode['type'][] = ['concept', 'fact', 'claim', 'definition', 'example'];
    const nodes = (suffix: string): KgNode[] =>
      Array.from({ length: 15_000 }, (_, i) => {
        const text = `Statement ${i} of the book, long enough to look like a sentence of real prose${suffix}.`;
        return {
          id: `n${i}`,
          type: types[i % types.length],
          text,
          paragraph: i + 1,
          quote: text,
          evidence: [{ documentId, sourceId: 's', chunkId: 'c', paragraph: i + 1, quote: text }],
          groundingStatus: 'grounded',
          entailmentStatus: 'unverified',
        };
      });
    const current = await deriveCandidates(documentId, { summary: '', nodes: nodes(''), edges: [] });
    await syncCandidates(env, documentId, 2, current, 2);
    const count = async () =>
      (await env.DB.prepare('SELECT count(*) AS c FROM candidates WHERE document_id = ?')
        .bind(documentId)
        .first<{ c: number }>())!.c;
    expect(await count()).toBe(current.length);
    expect(current.length).toBe(15_000);
    // A late sync of revision 1 (different texts, so different claim ids) is fenced off entirely.
    await syncCandidates(
      env,
      documentId,
      1,
      await deriveCandidates(documentId, { summary: '', nodes: nodes(' (old)'), edges: [] }),
      3,
    );
    expect(await count()).toBe(current.length);
    expect(await syncedRevision(documentId)).toBe(2);
    const last = (await list(documentId, '?kind=claim&limit=500')).body;
    expect(last.candidates.every((c) => c.revision === 2 && !c.text.includes('(old)'))).toBe(true);
  });
});
