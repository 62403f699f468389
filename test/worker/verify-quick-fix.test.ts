// The trust loop's deterministic half end to end: a quick check finds a node that cites the wrong unit, its safe
// update_node fix is committed as a new revision (POST /commit), the old report turns stale, and the next check at
// the new revision no longer finds it; candidates follow the commit (the after-commit hook).
import { env } from 'cloudflare:workers';
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

describe('quick check → safe fix → commit', () => {
  it('a paragraph mismatch is fixed by its own proposed fix, and the new revision checks clean of it', async () => {
    const { documentId } = await extractAndWait(TEXT);
    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    const units = (await json(`/api/documents/${documentId}/units`)).body.units as Array<{ n: number; text: string }>;
    // A node whose quote is not in the next unit: make it cite that unit (the canonical row only, revision unchanged).
    const node = graph.nodes.find(
      (n) =>
        n.paragraph !== null && n.quote && units.some((u) => u.n === n.paragraph! + 1 && !u.text.includes(n.quote)),
    )!;
    expect(node).toBeDefined();
    await env.DB.prepare('UPDATE nodes SET paragraph = ? WHERE document_id = ? AND id = ?')
      .bind(node.paragraph! + 1, documentId, node.id)
      .run();

    const first = await json<VerifyBody>(`/api/documents/${documentId}/verify`, {
      method: 'POST',
      json: { mode: 'quick', expectedRevision: 1 },
    });
    expect(first.status).toBe(200);
    const issue = first.body.report.issues.find(
      (i) => i.invariantCode === 'node_paragraph_mismatch' && i.targetId === node.id,
    )!;
    expect(issue).toMatchObject({
      safeRepairable: true,
      blocking: true,
      proposedFix: { action: 'update_node', nodePatch: { id: node.id, patch: { paragraph: node.paragraph } } },
    });

    const committed = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: 1, operations: [issue.proposedFix], reportId: first.body.report.reportId },
      headers: writeAuth(documentId),
    });
    expect(committed.status).toBe(200);
    expect(committed.body).toMatchObject({ revision: 2 });

    const reports = (await json(`/api/documents/${documentId}/reports?kind=quick`)).body;
    expect(reports).toMatchObject({
      revision: 2,
      reports: [{ stale: true, report: { reportId: first.body.report.reportId } }],
    });

    const second = await json<VerifyBody>(`/api/documents/${documentId}/verify`, {
      method: 'POST',
      json: { mode: 'quick', expectedRevision: 2 },
    });
    expect(second.body.report.revision).toBe(2);
    expect(second.body.report.issues.some((i) => i.invariantCode === 'node_paragraph_mismatch')).toBe(false);
    expect(second.body.report.metrics.errorCount).toBe(first.body.report.metrics.errorCount - 1);

    // The commit ran the after-commit hooks: candidates are at revision 2 without any read catching them up.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await env.DB.prepare('SELECT revision FROM candidate_sync WHERE document_id = ?')
        .bind(documentId)
        .first<{ revision: number }>();
      if (row?.revision === 2) break;
      if (Date.now() > deadline) throw new Error(`candidates still at revision ${row?.revision}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
