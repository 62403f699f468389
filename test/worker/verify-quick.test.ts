// POST /api/documents/:id/verify { mode: "quick" } and GET /api/documents/:id/reports: the quick check on the
// canonical graph the server loads from D1, its stored report, and staleness once the document moves on.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newDocumentId } from '../../core/ids';
import type { ContentUnit, KgEdge, KgGraph, KgNode, Section } from '../../core/schema';
import type { VerificationReport } from '../../core/verify';
import { dbOf } from '../../storage/db';
import { commitGraph } from '../../storage/graph-commit';
import { documents } from '../../storage/schema';
import { expectError, extractAndWait, json, waitForTask, writeAuth } from './helpers';

const TEXTS = [
  'Grammar',
  'Rules of grammar constrain sentences.',
  'For example, a sentence without a verb is ungrammatical.',
  'Rivers',
  'Most rivers may flood in spring because snow melts.',
  'Deltas form at river mouths.',
];
const SECTIONS: Section[] = [
  { id: 's1', title: 'Grammar', level: 1, firstUnit: 1, lastUnit: 3 },
  { id: 's2', title: 'Rivers', level: 1, firstUnit: 4, lastUnit: 6 },
];

function craftedUnits(): ContentUnit[] {
  let at = 0;
  return TEXTS.map((text, i) => {
    const unit: ContentUnit = {
      n: i + 1,
      start: at,
      end: at + text.length,
      text,
      kind: i === 0 || i === 3 ? 'heading' : 'narrative',
      sectionId: i < 3 ? 's1' : 's2',
    };
    at += text.length + 2;
    return unit;
  });
}

/** A graph with a `rule --example--> fact` edge and a relation whose only quote is an endpoint's own quote. */
function craftedGraph(documentId: string): KgGraph {
  const ev = (paragraph: number, quote: string) => ({ documentId, sourceId: 'src', chunkId: 'c1', paragraph, quote });
  const node = (id: string, type: KgNode['type'], paragraph: number, text: string, sectionId: string): KgNode => ({
    id,
    type,
    text,
    paragraph,
    quote: text,
    evidence: [ev(paragraph, text)],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    sectionId,
  });
  const edge = (
    id: string,
    from: string,
    to: string,
    relation: KgEdge['relation'],
    paragraph: number,
    quote: string,
  ): KgEdge => ({
    id,
    fromNodeId: from,
    toNodeId: to,
    relation,
    evidence: [ev(paragraph, quote)],
  });
  return {
    summary: 'Grammar and rivers.',
    nodes: [
      node('rule-1', 'rule', 2, 'Rules of grammar constrain sentences.', 's1'),
      node('fact-1', 'fact', 3, 'a sentence without a verb is ungrammatical', 's1'),
      node('n3', 'claim', 5, 'Most rivers may flood in spring', 's2'),
      node('n4', 'fact', 6, 'Deltas form at river mouths.', 's2'),
    ],
    edges: [
      edge('e1', 'rule-1', 'fact-1', 'example', 3, 'For example, a sentence without a verb is ungrammatical.'),
      edge('e2', 'n3', 'n4', 'causes', 6, 'Deltas form at river mouths.'),
    ],
  };
}

async function craftedDocument(): Promise<string> {
  const documentId = newDocumentId();
  const now = Date.now();
  const units = craftedUnits();
  await dbOf(env)
    .insert(documents)
    .values({
      id: documentId,
      title: 'crafted',
      owner: null,
      revision: 0,
      chars: units[units.length - 1].end,
      model: 'builtin:heuristic',
      createdAt: now,
      updatedAt: now,
    });
  await commitGraph(env, {
    documentId,
    revision: 1,
    sourceId: 'src',
    graph: craftedGraph(documentId),
    units,
    sections: SECTIONS,
    audit: null,
    chars: units[units.length - 1].end,
    now,
  });
  return documentId;
}

const verify = (documentId: string, body: unknown, headers: Record<string, string> = {}) =>
  json<{ report: VerificationReport; stale: boolean; error?: { code: string; currentRevision?: number } }>(
    `/api/documents/${documentId}/verify`,
    { method: 'POST', json: body, headers },
  );

describe('quick check', () => {
  it('reports a rule --example--> fact edge and a relation without relation evidence, on the graph stored in D1', async () => {
    const documentId = await craftedDocument();
    // Reading is enough: no write capability is sent.
    const res = await verify(documentId, { mode: 'quick', expectedRevision: 1 });
    expect(res.status).toBe(200);
    const { report, stale } = res.body;
    expect(stale).toBe(false);
    expect(report).toMatchObject({
      mode: 'quick',
      documentId,
      revision: 1,
      scope: { kind: 'full', ids: [] },
      model: null,
    });
    const mismatch = report.issues.find((i) => i.invariantCode === 'edge_source_type_mismatch');
    expect(mismatch).toMatchObject({
      severity: 'error',
      blocking: true,
      targetKind: 'edge',
      targetId: 'e1',
      edgeKey: 'rule-1>fact-1',
      titleZh: '关系与源节点类型不匹配',
      proposedFix: { action: 'none' },
    });
    const missing = report.issues.filter((i) => i.invariantCode === 'edge_relation_evidence_missing');
    expect(missing.map((i) => i.targetId)).toEqual(['e2']);
    expect(missing[0]).toMatchObject({ titleZh: '关系边缺少直接原文证据', targetKind: 'edge', edgeKey: 'n3>n4' });
    expect(report.metrics).toMatchObject({
      checkedNodes: 4,
      checkedEdges: 2,
      anchorCoverage: 100,
      evidenceCoverage: 100,
    });
    expect(report.metrics.errorCount).toBeGreaterThanOrEqual(2);
    expect(report.summaryZh).toContain('快速体检完成');
  });

  it('stores the report: GET /reports answers the latest quick report, not stale at the same revision', async () => {
    const documentId = await craftedDocument();
    const first = (await verify(documentId, { mode: 'quick' })).body.report;
    const second = (await verify(documentId, { mode: 'quick', sectionIds: ['s2'] })).body.report;
    const res = await json(`/api/documents/${documentId}/reports?kind=quick`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ documentId, revision: 1 });
    expect(res.body.reports).toHaveLength(1);
    expect(res.body.reports[0]).toMatchObject({
      stale: false,
      report: { reportId: second.reportId, scope: { kind: 'sections', ids: ['s2'] } },
    });
    expect(second.reportId).not.toBe(first.reportId);
    const all = await json(`/api/documents/${documentId}/reports`);
    expect(all.body.reports.map((r: { report: { mode: string } }) => r.report.mode)).toEqual(['quick']);
    expectError(await json(`/api/documents/${documentId}/reports?kind=deep`), 400, 'invalid_input');
  });

  it('scoped checks: by section and by unit list; unknown scopes are refused', async () => {
    const documentId = await craftedDocument();
    const bySection = (await verify(documentId, { mode: 'quick', sectionIds: ['s1'] })).body.report;
    expect(bySection.scope).toEqual({ kind: 'sections', ids: ['s1'] });
    expect(bySection.metrics).toMatchObject({ checkedNodes: 2, checkedEdges: 1, checkedUnits: 3 });
    expect(bySection.issues.some((i) => i.invariantCode === 'edge_source_type_mismatch')).toBe(true);
    expect(bySection.issues.some((i) => i.invariantCode === 'edge_relation_evidence_missing')).toBe(false);

    // Units 3 and 6: fact-1 and n4, whose relations both reach outside the scope.
    const byUnits = (await verify(documentId, { mode: 'quick', units: [6, 3] })).body.report;
    expect(byUnits.scope).toEqual({ kind: 'units', ids: [3, 6] });
    expect(byUnits.metrics).toMatchObject({ checkedNodes: 2, checkedEdges: 0, isolatedNodes: 0 });

    expectError(await verify(documentId, { mode: 'quick', sectionIds: ['s9'] }), 400, 'invalid_input');
    expectError(await verify(documentId, { mode: 'quick', units: [7] }), 400, 'invalid_input');
    expectError(await verify(documentId, { mode: 'quick', units: [1], sectionIds: ['s1'] }), 400, 'invalid_input');
    expectError(
      await verify(documentId, { mode: 'quick', units: Array.from({ length: 2001 }, (_, i) => i + 1) }),
      400,
      'invalid_input',
    );
  });

  it('refuses bad requests with typed 4xx errors', async () => {
    const documentId = await craftedDocument();
    expectError(await verify(documentId, {}), 400, 'invalid_input');
    expectError(await verify(documentId, { mode: 'deep' }), 400, 'invalid_input');
    expectError(await verify(documentId, { mode: 'quick', graph: { nodes: [] } }), 400, 'invalid_input');
    expectError(await verify(newDocumentId(), { mode: 'quick' }), 404, 'not_found');
    // Nothing published yet: nothing to check.
    const empty = newDocumentId();
    await dbOf(env).insert(documents).values({
      id: empty,
      title: 'empty',
      owner: null,
      revision: 0,
      chars: 10,
      model: 'builtin:heuristic',
      createdAt: 1,
      updatedAt: 1,
    });
    expectError(await verify(empty, { mode: 'quick' }), 400, 'invalid_input');
    const stale = await verify(documentId, { mode: 'quick', expectedRevision: 0 });
    expectError(stale, 409, 'revision_conflict');
    expect(stale.body.error?.currentRevision).toBe(1);
  });

  it('after an append the stored report is stale, and a check at the old revision is a revision conflict', async () => {
    const { documentId } = await extractAndWait(
      '# Rivers\n\nRivers carry water to the sea. Therefore deltas form at their mouths.\n\nFor example, the Nile has a delta.',
    );
    const checked = await verify(documentId, { mode: 'quick', expectedRevision: 1 });
    expect(checked.status).toBe(200);
    expect(checked.body.report.metrics.checkedNodes).toBeGreaterThan(0);

    const appended = await json(`/api/documents/${documentId}/append`, {
      method: 'POST',
      json: { text: 'A lake is defined as a body of water surrounded by land.', expectedRevision: 1 },
      headers: writeAuth(documentId),
    });
    expect(appended.status).toBe(202);
    expect(await waitForTask(appended.body.taskId)).toMatchObject({ status: 'succeeded', revision: 2 });

    const reports = (await json(`/api/documents/${documentId}/reports?kind=quick`)).body;
    expect(reports).toMatchObject({
      revision: 2,
      reports: [{ stale: true, report: { reportId: checked.body.report.reportId, revision: 1 } }],
    });
    const old = await verify(documentId, { mode: 'quick', expectedRevision: 1 });
    expectError(old, 409, 'revision_conflict');
    expect(old.body.error?.currentRevision).toBe(2);

    const fresh = await verify(documentId, { mode: 'quick', expectedRevision: 2 });
    expect(fresh.body.report.revision).toBe(2);
    expect((await json(`/api/documents/${documentId}/reports?kind=quick`)).body.reports[0]).toMatchObject({
      stale: false,
      report: { reportId: fresh.body.report.reportId },
    });
  });
});
