// The fact-check's failures, each typed: Wikipedia answering 500, too slow, not JSON (warnings, never silent "no
// evidence"), the zh → en fallback, no model (model_required), requests that cannot run (invalid_input), busy,
// revision_conflict, a graph with nothing to check (task failure `empty`), cancel, and a claim's status.
import { describe, expect, it } from 'vitest';
import type { FactCheckLatest, FactCheckReport } from '../../core/fact-check/types';
import type { TaskStatus } from '../../core/schema';
import { expectError, json, waitForTask, writeAuth } from './helpers';
import { modelId } from './model-helpers';
import { factCheck, factDocument, startFactCheck, wikiCalls } from './fact-check-helpers';

describe('fact-check retrieval failures', () => {
  it('reports a 500 and a body that is not JSON in the warnings, in each language asked, and downgrades unbacked verdicts', async () => {
    const { documentId } = await factDocument('The WIKI500 bridge is the longest in Asia, note F1.');
    const { report } = await factCheck(documentId, 'ok@fact');
    expect(report.warnings).toEqual(
      expect.arrayContaining(['wikipedia_unavailable:en:http_500', 'wikipedia_unavailable:zh:http_500']),
    );
    expect(report.claims[0]).toMatchObject({ verdict: 'insufficient', evidence: [] });
    expect(report.warnings).toContain('fact_verdict_downgraded_no_evidence:c1');
    expect((await wikiCalls('F1')).map((c) => c.lang)).toEqual(['en', 'zh']);

    const bad = await factDocument('The WIKIBADJSON tower is the tallest in Asia, note F2.');
    expect((await factCheck(bad.documentId, 'ok@fact')).report.warnings).toContain('wikipedia_unavailable:en:bad_json');
  });

  it('gives up on an answer past the deadline and says so', async () => {
    const { documentId } = await factDocument('The WIKISLOW-2500 canal is the oldest in Asia, note F3.');
    const started = Date.now();
    const { report } = await factCheck(documentId, 'ok@fact');
    expect(report.warnings).toEqual(
      expect.arrayContaining(['wikipedia_unavailable:en:timeout', 'wikipedia_unavailable:zh:timeout']),
    );
    expect(Date.now() - started).toBeLessThan(2500 * 2);
  });

  it('searches Chinese text in zh first and falls back to en when zh has no hits', async () => {
    const { documentId } = await factDocument('长江是亚洲最长的河流，编号 WIKIZHEMPTY 甲一。');
    const { report } = await factCheck(documentId, 'ok@fact');
    expect((await wikiCalls('WIKIZHEMPTY')).filter((c) => c.kind === 'search').map((c) => c.lang)).toEqual([
      'zh',
      'en',
    ]);
    expect(report.claims[0].evidence[0].url).toContain('/en/wiki/');
    expect(report.summary).toMatch(/^外部事实核查完成：/);
  });
});

describe('fact-check requests', () => {
  it('answers model_required without a language model, and invalid_input for what cannot run', async () => {
    const { documentId } = await factDocument('Glass is made from sand, note F5.');
    expectError(await startFactCheck(documentId, {}), 400, 'model_required');
    expectError(await startFactCheck(documentId, { model: 'builtin:heuristic' }), 400, 'model_required');
    const model = modelId('ok@fact');
    expectError(await startFactCheck(documentId, { model, sources: [] }), 400, 'invalid_input');
    expectError(await startFactCheck(documentId, { model, sources: ['rules'] }), 400, 'invalid_input');
    expectError(await startFactCheck(documentId, { model, sources: ['rules'], rules: '   ' }), 400, 'invalid_input');
    expectError(await startFactCheck(documentId, { model, sources: ['wikipedia', 'bing'] }), 400, 'invalid_input');
    expectError(await startFactCheck(documentId, { model, mode: 'thorough' }), 400, 'invalid_input');
    expectError(await startFactCheck(documentId, { model, rules: 'x'.repeat(10_001) }), 400, 'invalid_input');
    expectError(await startFactCheck(documentId, { model, expectedRevision: 7 }), 409, 'revision_conflict');
    expectError(await startFactCheck(documentId, { model: 'openai-compatible:nope' }), 400, 'unknown_model');
    expectError(await startFactCheck('00000000-0000-4000-8000-000000000000', { model }), 404, 'not_found');
    expect((await json<FactCheckLatest>(`/api/documents/${documentId}/fact-check`)).body).toEqual({
      report: null,
      stale: false,
    });
  });

  it('is busy while a check runs, and can be cancelled', async () => {
    const { documentId } = await factDocument('Copper conducts electricity well, note F6.');
    const first = await startFactCheck(documentId, { model: modelId('slow-800@fact-cancel'), mode: 'quick' });
    expect(first.status).toBe(202);
    expectError(await startFactCheck(documentId, { model: modelId('ok@fact'), mode: 'quick' }), 409, 'busy');
    const cancelled = await json<TaskStatus>(`/api/tasks/${first.body.taskId}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect((await waitForTask(first.body.taskId)).status).toBe('cancelled');
    expect((await json<FactCheckLatest>(`/api/documents/${documentId}/fact-check`)).body.report).toBeNull();
  });

  it('fails with `empty` when no node states a checkable claim', async () => {
    const { documentId, graph } = await factDocument('Tin melts at a low temperature, note F7.');
    const checkable = graph.nodes.filter((n) => n.type !== 'concept' && n.type !== 'example');
    const operations = checkable.map((n) => ({
      action: 'update_node',
      nodePatch: { id: n.id, patch: { type: 'concept' } },
    }));
    const committed = await json(`/api/documents/${documentId}/commit`, {
      method: 'POST',
      json: { expectedRevision: 1, operations },
      headers: writeAuth(documentId),
    });
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    const started = await startFactCheck(documentId, { model: modelId('ok@fact'), mode: 'quick' });
    const task = await waitForTask(started.body.taskId);
    expect(task).toMatchObject({ status: 'failed', error: { code: 'empty' } });
  });

  it("sets a claim's status on the latest report (a write)", async () => {
    const { documentId } = await factDocument('Iron rusts in wet air, note F8.');
    await factCheck(documentId, 'ok@fact', { mode: 'quick' });
    const path = `/api/documents/${documentId}/fact-check/claims/c1`;
    expectError(await json(path, { method: 'POST', json: { status: 'rejected' } }), 401, 'unauthorized');
    expectError(
      await json(path, { method: 'POST', json: { status: 'ignored' }, headers: writeAuth(documentId) }),
      400,
      'invalid_input',
    );
    expectError(
      await json(`/api/documents/${documentId}/fact-check/claims/c99`, {
        method: 'POST',
        json: { status: 'rejected' },
        headers: writeAuth(documentId),
      }),
      404,
      'not_found',
    );
    const set = await json<{ report: FactCheckReport; stale: boolean }>(path, {
      method: 'POST',
      json: { status: 'rejected' },
      headers: writeAuth(documentId),
    });
    expect(set.status).toBe(200);
    expect(set.body.report.claims[0].status).toBe('rejected');
    expect((await json<FactCheckLatest>(`/api/documents/${documentId}/fact-check`)).body.report?.claims[0].status).toBe(
      'rejected',
    );
  });
});
