// GET /api/documents/:id/insights end to end: extract a text built to leave gaps and open divergences, then read
// its insights as JSON and Markdown, with filters, in both languages; 404s, invalid params, config off, delete.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, expectError, extractAndWait, json, writeAuth, type GraphBody } from './helpers';
import { purgeNow } from './purge-helpers';

const TEXT = [
  '# Trade',
  '',
  'Free trade lifts all boats. Governments must lower tariffs. Protectionism always fails in the long run.',
  '',
  '# Coasts',
  '',
  'Sea walls protect coastal homes. However, sea walls fail in strong storms.',
  'A glacier is not a sea. Melting glaciers raise sea levels along coastal cities.',
  '',
  '# Outlook',
  '',
  'Coastal cities must plan for rising sea levels. Economists claim that trade will grow.',
].join('\n');

async function waitForInsights(documentId: string, revision: number) {
  for (let i = 0; i < 100; i++) {
    const res = await json(`/api/documents/${documentId}/insights`);
    if (res.status === 200 && res.body.round >= revision) return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('insights never caught up with the revision');
}

describe('GET /api/documents/:id/insights', () => {
  it("answers insights with their profiles and topics grounded in the document's nodes", async () => {
    const { documentId, task } = await extractAndWait(TEXT);
    expect(task.status).toBe('succeeded');
    const body = await waitForInsights(documentId, task.revision!);
    expect(body.round).toBe(1);
    const types = body.insights.map((i: { type: string }) => i.type);
    expect(types).toEqual(expect.arrayContaining(['gap-aggregation', 'divergence-watch', 'snapshot-trend']));
    expect(body.configWarning).toBeUndefined();

    const graph = (await json<GraphBody>(`/api/documents/${documentId}/graph`)).body;
    const ids = new Set(graph.nodes.map((n) => n.id));
    const edgeIds = new Set(graph.edges.map((e) => e.id));
    for (const insight of body.insights) {
      expect(insight).toMatchObject({
        id: expect.any(String),
        severity: expect.stringMatching(/^(info|warn)$/),
        title: expect.any(String),
        detail: expect.any(String),
      });
      const p = insight.profile;
      expect(p.attributionScore).toBeGreaterThanOrEqual(0);
      expect(p.attributionScore).toBeLessThanOrEqual(1);
      expect(p.rationale).toMatch(/^Based on \d+ statements? of the text/);
      for (const n of p.nodeEvidence) expect(ids.has(n.nodeId)).toBe(true);
      for (const e of p.edgeEvidence) if (e.edgeId) expect(edgeIds.has(e.edgeId)).toBe(true);
    }
    const divergence = body.insights.find((i: { type: string }) => i.type === 'divergence-watch');
    expect(divergence.profile.edgeEvidence.map((e: { kind: string }) => e.kind)).toContain('diverged-from');

    expect(body.topics.length).toBeGreaterThan(0);
    const texts = graph.nodes.map((n) => n.text);
    for (const t of body.topics) {
      const quoted = [...t.question.matchAll(/“([^”]*)”/g)].map((m: RegExpMatchArray) => m[1].replace(/…$/, ''));
      expect(quoted.length).toBeGreaterThan(0);
      for (const q of quoted) expect(texts.some((x) => x.startsWith(q))).toBe(true);
    }

    // Filters.
    const onlyDiv = (await json(`/api/documents/${documentId}/insights?type=divergence-watch`)).body;
    expect(onlyDiv.insights.length).toBeGreaterThan(0);
    expect(onlyDiv.insights.every((i: { type: string }) => i.type === 'divergence-watch')).toBe(true);
    const scores = body.insights
      .map((i: { profile: { attributionScore: number } }) => i.profile.attributionScore)
      .sort();
    const cut = scores[Math.floor(scores.length / 2)];
    const strong = (await json(`/api/documents/${documentId}/insights?minScore=${cut}`)).body;
    expect(strong.insights.length).toBe(scores.filter((s: number) => s >= cut).length);
    expect(
      strong.insights.every((i: { profile: { attributionScore: number } }) => i.profile.attributionScore >= cut),
    ).toBe(true);

    // Markdown for agents, in the reader's language.
    const md = await call(`/api/documents/${documentId}/insights?format=markdown`);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await md.text();
    expect(text).toMatch(/^## Insights \(round 1/);
    expect(text).toMatch(/\n- \[warn\] [^\n]+: [^\n]+\n {2}- attribution: Based on \d+ statements? of the text/);
    const zh = await (
      await call(`/api/documents/${documentId}/insights?format=markdown`, { headers: { 'accept-language': 'zh-CN' } })
    ).text();
    expect(zh).toMatch(/^## 洞察（第 1 轮/);
    expect(zh).toContain('归因: 依据原文中的');
    const zhJson = (await json(`/api/documents/${documentId}/insights?lang=zh`)).body;
    expect(zhJson.insights[0].profile.rationale).toMatch(/^依据原文中的/);
  });

  it('validates its parameters and answers 404 for unknown documents', async () => {
    const { documentId } = await extractAndWait('A short text. It states one thing.');
    expectError(await json(`/api/documents/${documentId}/insights?type=bogus`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/insights?minScore=1.5`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/insights?minScore=-0.1`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/insights?minScore=abc`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/insights?format=xml`), 400, 'invalid_input');
    expectError(await json(`/api/documents/${documentId}/insights?lang=fr`), 400, 'invalid_input');
    expect((await json(`/api/documents/${documentId}/insights?minScore=1&type=snapshot-trend`)).status).toBe(200);
    expectError(await json(`/api/documents/${crypto.randomUUID()}/insights`), 404, 'not_found');
    expectError(await json(`/api/documents/not-a-document/insights`), 404, 'not_found');
  });

  it('answers empty when the engine is switched off, and warns about an invalid config', async () => {
    const vars = env as unknown as { KG_INSIGHTS: string };
    const saved = vars.KG_INSIGHTS;
    try {
      vars.KG_INSIGHTS = '{"enabled":false}';
      const { documentId, task } = await extractAndWait(TEXT);
      const off = (await json(`/api/documents/${documentId}/insights`)).body;
      expect(off).toEqual({ round: task.revision, insights: [], topics: [] });
      // Nothing was computed or stored while it was off.
      vars.KG_INSIGHTS = '';
      const stored = await runInDurableObject(env.DOC.getByName(documentId), (_i, state) =>
        state.storage.sql.exec(`SELECT name FROM sqlite_master WHERE name LIKE 'insight_%'`).toArray(),
      );
      expect(stored).toEqual([]);

      vars.KG_INSIGHTS = '{"maxInsights": "many"}';
      const warned = (await json(`/api/documents/${documentId}/insights`)).body;
      expect(warned.configWarning).toMatch(/KG_INSIGHTS is invalid \(maxInsights/);
    } finally {
      vars.KG_INSIGHTS = saved;
    }
  });

  it('removes the insights with the document', async () => {
    const { documentId, task } = await extractAndWait(TEXT);
    await waitForInsights(documentId, task.revision!);
    const tables = () =>
      runInDurableObject(
        env.DOC.getByName(documentId),
        (_i, state) =>
          state.storage.sql.exec(`SELECT name FROM sqlite_master WHERE name LIKE 'insight_%'`).toArray().length,
      );
    expect(await tables()).toBeGreaterThan(0);
    expect(
      (await json(`/api/documents/${documentId}`, { method: 'DELETE', headers: writeAuth(documentId) })).status,
    ).toBe(200);
    expectError(await json(`/api/documents/${documentId}/insights`), 404, 'not_found');
    await purgeNow(documentId);
    expect(await tables()).toBe(0);
  });
});
