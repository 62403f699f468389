// Fixing by hand with no model (issue 26): a type–relation mismatch found by the quick check carries its two
// deterministic remedies, one of them committed through the gate is the next revision and the next check is clean of
// it; a reader's "Ignore" is stored with the report (POST …/reports/:reportId/issues/:issueId), so the latest report
// read again says so; the route needs write access and names only issues that exist.
import { describe, expect, it } from 'vitest';
import type { VerificationReport } from '../../core/verify';
import { extractAndWait, json, writeAuth, type GraphBody } from './helpers';

const TEXT = [
  '# Rivers',
  'Rivers carry water to the sea. Therefore deltas form at their mouths.',
  'A lake is defined as a body of water surrounded by land.',
  'For example, the Nile has a delta.',
].join('\n\n');

type VerifyBody = { report: VerificationReport; stale: boolean };

async function quick(documentId: string, revision: number) {
  const answer = await json<VerifyBody>(`/api/documents/${documentId}/verify`, {
    method: 'POST',
    json: { mode: 'quick', expectedRevision: revision },
  });
  expect(answer.status).toBe(200);
  return answer.body.report;
}

describe('remedies and issue statuses', () => {
  it('a type–relation mismatch is fixed offline by its retype remedy; Ignore is kept with the report', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    const typed = graph.edges.find((e) => e.relation === 'example' || e.relation === 'defines')!;
    expect(typed).toBeDefined();
    const source = graph.nodes.find((n) => n.id === typed.fromNodeId)!;
    const wanted = source.type;
    // A hand edit retypes the source: the relation no longer matches it.
    const edit = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: {
        expectedRevision: 1,
        operations: [{ action: 'update_node', nodePatch: { id: source.id, patch: { type: 'fact' } } }],
      },
      headers: writeAuth(documentId),
    });
    expect(edit).toMatchObject({ status: 200, body: { revision: 2 } });

    const report = await quick(documentId, 2);
    const issue = report.issues.find(
      (i) => i.invariantCode === 'edge_source_type_mismatch' && i.targetId === typed.id,
    )!;
    expect(issue).toMatchObject({ proposedFix: { action: 'none' } });
    expect(issue.remedies).toEqual([
      { action: 'update_node', nodePatch: { id: source.id, patch: { type: wanted } } },
      {
        action: 'delete_edge',
        edgePatch: {
          fromNodeId: typed.fromNodeId,
          toNodeId: typed.toNodeId,
          relation: typed.relation,
          edgeId: typed.id,
        },
      },
    ]);

    // Ignore another issue: stored, and the latest report read again says so.
    const other = report.issues.find((i) => i.id !== issue.id)!;
    const path = `/api/documents/${documentId}/reports/${report.reportId}/issues/${other.id}`;
    expect(await json(path, { method: 'POST', json: { status: 'rejected' } })).toMatchObject({ status: 401 });
    const ignored = await json(path, {
      method: 'POST',
      json: { status: 'rejected' },
      headers: writeAuth(documentId),
    });
    expect(ignored).toMatchObject({
      status: 200,
      body: { reportId: report.reportId, issueId: other.id, status: 'rejected' },
    });
    const read = (await json(`/api/documents/${documentId}/reports?kind=quick`)).body.reports[0].report;
    expect(read.issues.find((i: { id: string }) => i.id === other.id).status).toBe('rejected');
    expect(read.issues.find((i: { id: string }) => i.id === issue.id).status).toBe('open');
    // Only the reader's statuses; unknown issues and reports are not found.
    const bad = await json(path, { method: 'POST', json: { status: 'applied' }, headers: writeAuth(documentId) });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_input' } } });
    const missing = await json(`/api/documents/${documentId}/reports/${report.reportId}/issues/loc9999`, {
      method: 'POST',
      json: { status: 'rejected' },
      headers: writeAuth(documentId),
    });
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const noReport = await json(`/api/documents/${documentId}/reports/vq_nothing/issues/${other.id}`, {
      method: 'POST',
      json: { status: 'rejected' },
      headers: writeAuth(documentId),
    });
    expect(noReport.status).toBe(404);

    // The retype remedy, committed through the gate: revision 3, and the next check no longer finds the mismatch.
    const fixed = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: 2, operations: [issue.remedies![0]], reportId: report.reportId },
      headers: writeAuth(documentId),
    });
    expect(fixed).toMatchObject({ status: 200, body: { revision: 3 } });
    const again = await quick(documentId, 3);
    expect(again.issues.some((i) => i.invariantCode === 'edge_source_type_mismatch' && i.targetId === typed.id)).toBe(
      false,
    );
  });

  it('the delete remedy removes the relation', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    const typed = graph.edges.find((e) => e.relation === 'example' || e.relation === 'defines')!;
    await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: {
        expectedRevision: 1,
        operations: [{ action: 'update_node', nodePatch: { id: typed.fromNodeId, patch: { type: 'fact' } } }],
      },
      headers: writeAuth(documentId),
    });
    const report = await quick(documentId, 2);
    const issue = report.issues.find(
      (i) => i.invariantCode === 'edge_source_type_mismatch' && i.targetId === typed.id,
    )!;
    const deleted = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: 2, operations: [issue.remedies![1]] },
      headers: writeAuth(documentId),
    });
    expect(deleted).toMatchObject({ status: 200, body: { revision: 3 } });
    const after = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    expect(after.edges.some((e) => e.id === typed.id)).toBe(false);
  });
});
