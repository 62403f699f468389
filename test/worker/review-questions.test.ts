// Model review (POST …/verify mode "standard") and questions (POST …/questions) as read-only tasks in the document's
// object, against the scripted model server (test/support/scripted-trust.mjs): forged evidence dropped, the verifier
// pass filtering, a fix dropped because the verdict is supported, cancel of a hung question, model_required, busy.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { QuestionReport } from '../../core/questions';
import type { TaskStatus } from '../../core/schema';
import type { VerificationReport } from '../../core/verify';
import { expectError, extractAndWait, json, waitForTask, type GraphBody } from './helpers';
import { modelId, paragraphs, scriptedCalls } from './model-helpers';

/** A document extracted by the built-in extractor (the default in the tests): grounded nodes with verbatim quotes. */
async function graphDocument(count = 2) {
  const { documentId, task } = await extractAndWait(paragraphs(count, 'r'));
  expect(task.status).toBe('succeeded');
  const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
  expect(graph.nodes.length).toBeGreaterThan(1);
  return { documentId, graph };
}

async function review(documentId: string, scenario: string) {
  const started = await json<TaskStatus>(`/api/documents/${documentId}/verify`, {
    method: 'POST',
    json: { mode: 'standard', model: modelId(scenario) },
  });
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ kind: 'review', documentId, baseRevision: 1 });
  const done = await waitForTask(started.body.taskId);
  expect(done).toMatchObject({ status: 'succeeded', kind: 'review' });
  return { task: done, report: done.result as VerificationReport };
}

async function ask(documentId: string, body: Record<string, unknown>) {
  return json<TaskStatus>(`/api/documents/${documentId}/questions`, { method: 'POST', json: body });
}

const modelIssues = (report: VerificationReport) => report.issues.filter((i) => i.source === 'model');

describe('model review', () => {
  it('drops issues whose quote does not authenticate, below the confidence floor or on a missing node; keeps the genuine one; writes entailment', async () => {
    const { documentId, graph } = await graphDocument(2);
    const { report, task } = await review(documentId, 'ok@review-forged');
    // The batch checkpoints (R2, under the task's prefix) go with the finished task.
    expect((await env.BLOBS.list({ prefix: `documents/${documentId}/tasks/${task.taskId}/` })).objects).toEqual([]);
    expect(report).toMatchObject({
      mode: 'standard',
      documentId,
      revision: 1,
      model: modelId('ok@review-forged'),
      scope: { kind: 'full' },
    });
    const titles = modelIssues(report).map((i) => i.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.startsWith('GENUINE'))).toBe(true);
    const units = new Map(graph.nodes.map((n) => [n.id, n]));
    for (const issue of modelIssues(report)) {
      expect(issue.evidence.length).toBeGreaterThan(0);
      expect(units.get(issue.targetId!)?.quote).toContain(issue.evidence[0].quote);
      expect(issue.id).toMatch(/^b\d+:i1$/);
    }
    expect(report.warnings.some((w) => w.startsWith('verify_issue_dropped:unauthenticated_evidence:'))).toBe(true);
    expect(report.warnings.some((w) => w.startsWith('verify_issue_dropped:low_confidence:'))).toBe(true);
    expect(report.warnings.some((w) => w.startsWith('verify_issue_dropped:missing_target:'))).toBe(true);
    // Merged with the quick check of the same revision; counts recomputed over the merged list.
    expect(report.metrics.checkedNodes).toBe(graph.nodes.length);
    expect(report.metrics.warningCount).toBe(report.issues.filter((i) => i.severity === 'warning').length);

    // Entailment judged against each node's quote is written onto the revision's nodes (no new revision).
    const rows = await env.DB.prepare('SELECT id, entailment FROM nodes WHERE document_id = ?')
      .bind(documentId)
      .all<{ id: string; entailment: string }>();
    const statuses = new Set(rows.results.map((r) => r.entailment));
    expect(statuses.has('verified')).toBe(true);
    expect(statuses.has('unsupported')).toBe(true);
    expect(report.metrics.entailmentVerifiedCount).toBe(rows.results.filter((r) => r.entailment === 'verified').length);
    expect((await json(`/api/documents/${documentId}`)).body.revision).toBe(1);

    // Stored per revision beside the quick check's reports.
    const stored = (await json(`/api/documents/${documentId}/reports?kind=standard`)).body;
    expect(stored.reports[0]).toMatchObject({ stale: false, report: { reportId: report.reportId, mode: 'standard' } });
  });

  it('keeps only the issues the verifier pass confirms', async () => {
    const { documentId } = await graphDocument(1);
    const { report } = await review(documentId, 'ok@review-verifier');
    const titles = modelIssues(report).map((i) => i.title);
    expect(titles.some((t) => t.startsWith('KEEP'))).toBe(true);
    expect(titles.some((t) => t.startsWith('DROP'))).toBe(false);
    expect(report.warnings.some((w) => w.startsWith('verify_issue_unconfirmed:'))).toBe(true);
    const calls = await scriptedCalls('ok@review-verifier');
    expect(calls.some((c) => c.system.startsWith('You double-check candidate issues'))).toBe(true);
  });

  it('keeps every candidate, with a warning, when the verifier cannot answer', async () => {
    const { documentId } = await graphDocument(1);
    const { report } = await review(documentId, 'ok@review-verifier-broken');
    const titles = modelIssues(report).map((i) => i.title);
    expect(titles.some((t) => t.startsWith('KEEP'))).toBe(true);
    expect(titles.some((t) => t.startsWith('DROP'))).toBe(true);
    expect(report.warnings.some((w) => w.startsWith('verify_confirm_failed:'))).toBe(true);
  });

  it('reviews a scope: only the nodes anchored in the named units, with the scope on the report', async () => {
    const { documentId, graph } = await graphDocument(3);
    const inUnit2 = new Set(graph.nodes.filter((n) => n.paragraph === 2).map((n) => n.id));
    const started = await json<TaskStatus>(`/api/documents/${documentId}/verify`, {
      method: 'POST',
      json: { mode: 'standard', units: [2], model: modelId('ok@review-verifier') },
    });
    expect(started.status).toBe(202);
    const report = (await waitForTask(started.body.taskId)).result as VerificationReport;
    expect(report.scope).toEqual({ kind: 'units', ids: [2] });
    expect(report.metrics.checkedNodes).toBe(inUnit2.size);
    expect(modelIssues(report).length).toBeGreaterThan(0);
    for (const issue of modelIssues(report)) expect(inUnit2.has(issue.targetId!)).toBe(true);
    expectError(
      await json(`/api/documents/${documentId}/verify`, {
        method: 'POST',
        json: { mode: 'standard', units: [99], model: modelId('ok@review-verifier') },
      }),
      400,
      'invalid_input',
    );
  });

  it('answers model_required with no model, and for the built-in extractor', async () => {
    const { documentId } = await graphDocument(1);
    expectError(
      await json(`/api/documents/${documentId}/verify`, { method: 'POST', json: { mode: 'standard' } }),
      400,
      'model_required',
    );
    expectError(
      await json(`/api/documents/${documentId}/verify`, {
        method: 'POST',
        json: { mode: 'standard', model: 'builtin:heuristic' },
      }),
      400,
      'model_required',
    );
    expectError(
      await ask(documentId, { question: 'Is this right?', target: { kind: 'graph' } }),
      400,
      'model_required',
    );
    const tasks = await env.DB.prepare(
      "SELECT count(*) AS c FROM tasks WHERE document_id = ? AND kind IN ('review', 'question')",
    )
      .bind(documentId)
      .first<{ c: number }>();
    expect(tasks?.c).toBe(0);
  });
});

describe('questions', () => {
  it('drops the fix of a supported verdict and blanks a quote that does not authenticate', async () => {
    const { documentId, graph } = await graphDocument(1);
    const node = graph.nodes.find((n) => n.quote)!;
    const started = await ask(documentId, {
      question: 'Does the source really say this?',
      target: { kind: 'node', id: node.id },
      model: modelId('ok@question-supported-fix'),
    });
    expect(started.status).toBe(202);
    const done = await waitForTask(started.body.taskId);
    expect(done).toMatchObject({ status: 'succeeded', kind: 'question' });
    const result = done.result as QuestionReport;
    expect(result).toMatchObject({
      mode: 'question',
      verdict: 'supported',
      proposedFix: { action: 'none' },
      target: { kind: 'node', id: node.id },
      revision: 1,
    });
    expect(result.warnings).toContain('question_fix_dropped:verdict_supported');
    expect(result.evidence.filter((e) => e.quote !== '').length).toBe(1);
    expect(result.evidence.some((e) => e.quote === '')).toBe(true);
    expect(done.warnings).toContain('question_fix_dropped:verdict_supported');
    // The model is shared with other files (the OpenAPI conformance run asks it too): this test's call is its own.
    const calls = await scriptedCalls('ok@question-supported-fix');
    const call = calls.find((c) => c.user.includes('Does the source really say this?'));
    expect(call?.user).toContain(`Target: node ${node.id}`);
  });

  it('keeps the sanitised fix of a contradicted verdict', async () => {
    const { documentId, graph } = await graphDocument(1);
    const node = graph.nodes.find((n) => n.quote)!;
    const done = await waitForTask(
      (
        await ask(documentId, {
          question: 'Is this overstated?',
          target: { kind: 'node', id: node.id },
          model: modelId('ok@question-contradicted-fix'),
        })
      ).body.taskId,
    );
    const result = done.result as QuestionReport;
    expect(result.verdict).toBe('contradicted');
    expect(result.proposedFix).toMatchObject({ action: 'update_node', nodePatch: { id: node.id } });
    const stored = (await json(`/api/documents/${documentId}/reports?kind=question`)).body;
    expect(stored.reports[0].report.reportId).toBe(result.reportId);
  });

  it('answers about a relation named by from>to, reporting its id and key', async () => {
    const { documentId, graph } = await graphDocument(2);
    const edge = graph.edges[0];
    expect(edge).toBeDefined();
    const done = await waitForTask(
      (
        await ask(documentId, {
          question: 'Does this follow?',
          target: { kind: 'edge', id: `${edge.fromNodeId}>${edge.toNodeId}` },
          model: modelId('ok@question-contradicted-fix'),
        })
      ).body.taskId,
    );
    expect((done.result as QuestionReport).target).toEqual({
      kind: 'edge',
      id: edge.id,
      edgeKey: `${edge.fromNodeId}>${edge.toNodeId}`,
    });
  });

  it('refuses bad input with typed 4xx and fails a missing target as not_found', async () => {
    const { documentId } = await graphDocument(1);
    const model = modelId('ok@question-supported-fix');
    expectError(
      await ask(documentId, { question: 'x'.repeat(601), target: { kind: 'graph' }, model }),
      400,
      'invalid_input',
    );
    expectError(await ask(documentId, { question: '   ', target: { kind: 'graph' }, model }), 400, 'invalid_input');
    expectError(await ask(documentId, { question: 'Why?', target: { kind: 'node' }, model }), 400, 'invalid_input');
    expectError(
      await ask(documentId, { question: 'Why?', target: { kind: 'edge', id: 'a>b' }, model, expectedRevision: 7 }),
      409,
      'revision_conflict',
    );
    const done = await waitForTask(
      (await ask(documentId, { question: 'Why?', target: { kind: 'node', id: 'no-such-node' }, model })).body.taskId,
    );
    expect(done).toMatchObject({ status: 'failed', error: { code: 'not_found' } });
  });

  it('an answer that never parses fails schema_invalid after three attempts; a hung call fails timeout at its deadline, once', async () => {
    const { documentId } = await graphDocument(1);
    const prose = await waitForTask(
      (await ask(documentId, { question: 'Prose?', target: { kind: 'graph' }, model: modelId('not-json@question') }))
        .body.taskId,
    );
    expect(prose).toMatchObject({ status: 'failed', error: { code: 'schema_invalid' } });
    expect((await scriptedCalls('not-json@question')).length).toBe(3);
    const before = (await scriptedCalls('hang@question')).length;
    const hung = await waitForTask(
      (
        await ask(documentId, {
          question: 'Hang until the deadline.',
          target: { kind: 'graph' },
          model: modelId('hang@question'),
        })
      ).body.taskId,
    );
    expect(hung).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect((await scriptedCalls('hang@question')).length).toBe(before + 1);
  });

  it('one AI task per document: busy while a question runs; cancelling a hung question settles as cancelled and frees the document', async () => {
    const { documentId } = await graphDocument(1);
    const scenario = 'hang@question';
    const before = (await scriptedCalls(scenario)).length;
    const started = await ask(documentId, {
      question: 'Hang, please.',
      target: { kind: 'graph' },
      model: modelId(scenario),
    });
    expect(started.status).toBe(202);
    // Wait until the model call is in flight.
    for (let i = 0; (await scriptedCalls(scenario)).length === before; i++) {
      if (i > 200) throw new Error('the hung call never arrived');
      await new Promise((r) => setTimeout(r, 20));
    }
    expectError(
      await ask(documentId, {
        question: 'Another?',
        target: { kind: 'graph' },
        model: modelId('ok@question-supported-fix'),
      }),
      409,
      'busy',
    );
    expectError(
      await json(`/api/documents/${documentId}/verify`, {
        method: 'POST',
        json: { mode: 'standard', model: modelId('ok@review-verifier') },
      }),
      409,
      'busy',
    );

    const cancelled = await json<TaskStatus>(`/api/tasks/${started.body.taskId}/cancel`, { method: 'POST' });
    const cancelledAt = Date.now();
    expect(cancelled.body).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    const settled = await waitForTask(started.body.taskId);
    expect(settled).toMatchObject({ status: 'cancelled', error: { code: 'cancelled' } });
    expect(settled.result ?? null).toBeNull();
    // The hung request is closed by the cancel itself, well before the model deadline (1.5 s in the tests).
    for (let i = 0; ; i++) {
      const hung = (await scriptedCalls(scenario)).at(-1)!;
      if (hung.done !== null) {
        expect(hung.done - cancelledAt).toBeLessThan(1_000);
        break;
      }
      if (i > 100) throw new Error('the hung call was never closed');
      await new Promise((r) => setTimeout(r, 20));
    }
    // Only one attempt: a cancelled call is not retried as an unparseable answer.
    expect((await scriptedCalls(scenario)).length).toBe(before + 1);
    const next = await ask(documentId, {
      question: 'Now?',
      target: { kind: 'graph' },
      model: modelId('ok@question-supported-fix'),
    });
    expect(next.status).toBe(202);
    expect((await waitForTask(next.body.taskId)).status).toBe('succeeded');
  });
});
