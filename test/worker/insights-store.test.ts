// The insight store inside a real Durable Object over several revisions: deltas instead of copies, a bounded
// history window, merges found across revisions, and reads that match what the hook computed.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_CONFIG } from '../../core/insights';
import type { KgEdge, KgGraph, KgNode } from '../../core/schema';
import { insightsAfterCommit, readInsights } from '../../durable-objects/insights';

function node(id: string, text: string, paragraph: number, extra: Partial<KgNode> = {}): KgNode {
  return {
    id,
    type: 'claim',
    text,
    paragraph,
    quote: text,
    evidence: [{ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph, quote: text }],
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    sectionId: 's1',
    ...extra,
  };
}
const edge = (id: string, from: string, to: string, relation: KgEdge['relation']): KgEdge => ({
  id,
  fromNodeId: from,
  toNodeId: to,
  relation,
  evidence: [],
});
const sections = [{ id: 's1', title: 'One', level: 1, firstUnit: 1, lastUnit: 99 }];

const commit =
  (revision: number, graph: KgGraph, config = DEFAULT_INSIGHT_CONFIG) =>
  (sql: SqlStorage) =>
    insightsAfterCommit(
      sql,
      { documentId: 'd', revision, kind: 'extract', graph, sections, committedAt: revision * 1000 },
      config,
    );

const count = (sql: SqlStorage, table: string) => sql.exec<{ c: number }>(`SELECT count(*) AS c FROM ${table}`).one().c;

describe('insight store in the Durable Object', () => {
  it('keeps a baseline plus deltas, bounded by the history window', async () => {
    const stub = env.DOC.getByName(`insights-store-${crypto.randomUUID()}`);
    const base = Array.from({ length: 200 }, (_, i) =>
      node(`n${i + 1}`, `Statement ${i + 1} on topic ${i % 7}.`, i + 1, { confidence: 0.9 }),
    );
    const config = { ...DEFAULT_INSIGHT_CONFIG, historyWindow: 3 };
    await runInDurableObject(stub, (_i, state) => {
      const sql = state.storage.sql;
      commit(1, { summary: '', nodes: base, edges: [] }, config)(sql);
      expect(count(sql, 'insight_node_state')).toBe(200);
      expect(count(sql, 'insight_node_changes')).toBe(0);
      // Each later revision changes one node's confidence: one change row per round, not 200.
      for (let r = 2; r <= 6; r++) {
        const nodes = base.map((n) => (n.id === 'n1' ? { ...n, confidence: 0.9 - r * 0.1 } : n));
        commit(r, { summary: '', nodes, edges: [] }, config)(sql);
      }
      expect(count(sql, 'insight_node_state')).toBe(200);
      expect(
        sql
          .exec<{ round: number }>(`SELECT round FROM insight_rounds ORDER BY round`)
          .toArray()
          .map((r) => r.round),
      ).toEqual([4, 5, 6]);
      expect(count(sql, 'insight_node_changes')).toBe(3);

      const read = readInsights(sql, {});
      expect(read.round).toBe(6);
      const trend = read.insights.find((i) => i.id === 'confidence-trend:node:n1');
      expect(trend).toBeDefined();
      expect(trend!.references.nodeIds).toEqual(['n1']);
      // A repeated call for an already analysed revision changes nothing.
      commit(6, { summary: '', nodes: [], edges: [] }, config)(sql);
      expect(readInsights(sql, {}).insights).toEqual(read.insights);
    });
  });

  it('finds a merge across revisions and attributes it as converged-into', async () => {
    const stub = env.DOC.getByName(`insights-store-${crypto.randomUUID()}`);
    const a = node('n1', 'Sea walls protect coastal homes.', 1, { confidence: 0.8 });
    const b = node('n2', 'Sea walls protect the homes on the coast.', 2, { confidence: 0.8 });
    const c = node('n3', 'Sea walls fail in strong storms.', 3, { type: 'counter_example', confidence: 0.8 });
    await runInDurableObject(stub, (_i, state) => {
      const sql = state.storage.sql;
      commit(1, { summary: '', nodes: [a, b, c], edges: [edge('e1', 'n3', 'n1', 'counter_example')] })(sql);
      const merged = { ...a, evidence: [...a.evidence, ...b.evidence] };
      commit(2, { summary: '', nodes: [merged, c], edges: [edge('e1', 'n3', 'n1', 'counter_example')] })(sql);
      const change = sql
        .exec<{ node_id: string; merged_into: string }>(
          `SELECT node_id, merged_into FROM insight_node_changes WHERE merged_into IS NOT NULL`,
        )
        .toArray();
      expect(change).toEqual([{ node_id: 'n2', merged_into: 'n1' }]);
      const div = readInsights(sql, { type: 'divergence-watch', lang: 'zh' }).insights[0];
      expect(div.profile.edgeEvidence).toContainEqual({
        kind: 'converged-into',
        fromNodeId: 'n2',
        toNodeId: 'n1',
        strength: 1,
      });
      expect(div.profile.rationale).toMatch(/^依据原文中的/);
    });
  });
});
