import { describe, expect, it } from 'vitest';
import { deepFreeze, edge, graph, historyOf, node } from './__fixtures__/graphs';
import { analyzeRound } from './engine';
import { renderMarkdown } from './markdown';
import { selectInsights, topicView } from './views';
import type { KgGraph } from '../schema';

function round1(): KgGraph {
  return graph(
    [
      node('n1', 'claim', 'Sea walls protect coastal homes.', { section: 's1', confidence: 0.8 }),
      node('n2', 'counter_example', 'Sea walls fail in strong storms.', { section: 's2', confidence: 0.8 }),
      node('n3', 'rule', 'Coastal homes must be insured.', { section: 's2', confidence: 0.6 }),
    ],
    [edge('e1', 'n2', 'n1', 'counter_example')],
  );
}

describe('one round of the engine', () => {
  it('attributes every insight and never changes its inputs', () => {
    const input = deepFreeze(historyOf([round1()]));
    const before = structuredClone(input);
    const state = analyzeRound(input, { insights: [], topics: [] });
    expect(input).toEqual(before);
    expect(state.insights.length).toBeGreaterThan(0);
    for (const s of state.insights) {
      expect(s.profile.attributionScore).toBeGreaterThanOrEqual(0);
      expect(s.profile.attributionScore).toBeLessThanOrEqual(1);
      expect(s.profile.rationale).toMatch(/^(Based on \d+ statements?|No statement)/);
    }
    expect(state.insights.map((s) => s.draft.type)).toEqual(
      expect.arrayContaining(['divergence-watch', 'snapshot-trend', 'gap-aggregation']),
    );
  });

  it('is switched off by config', () => {
    expect(analyzeRound(historyOf([round1()], undefined, { enabled: false }), { insights: [], topics: [] })).toEqual({
      insights: [],
      topics: [],
    });
  });

  it('carries insights across rounds and re-attributes them against the new graph', () => {
    const first = analyzeRound(historyOf([round1()]), { insights: [], topics: [] });
    const div1 = first.insights.find((s) => s.draft.type === 'divergence-watch')!;
    // Round 2: a rule now relates to both sides, so the divergence is resolved and not reported again.
    const r2 = graph(round1().nodes, [
      ...round1().edges,
      edge('e2', 'n3', 'n1', 'supports'),
      edge('e3', 'n3', 'n2', 'infers'),
    ]);
    const second = analyzeRound(historyOf([round1(), r2]), first);
    const div2 = second.insights.find((s) => s.draft.id === div1.draft.id)!;
    expect(div2.lastSeenRound).toBe(1);
    expect(div2.profile.contradictingEvidence.some((c) => c.kind === 'reverse-divergence')).toBe(false);
    expect(div1.profile.contradictingEvidence.some((c) => c.kind === 'reverse-divergence')).toBe(true);
    const views = selectInsights(second.insights, 2, {}, 'en');
    expect(views.find((v) => v.id === div1.draft.id)!.stale).toBe(true);
  });

  it('filters by type and minimum score and renders Markdown for agents in both languages', () => {
    const state = analyzeRound(historyOf([round1()]), { insights: [], topics: [] });
    const all = selectInsights(state.insights, 1, {}, 'en');
    const divergences = selectInsights(state.insights, 1, { type: 'divergence-watch' }, 'en');
    expect(divergences.length).toBeGreaterThan(0);
    expect(divergences.every((v) => v.type === 'divergence-watch')).toBe(true);
    const cut = all.map((v) => v.profile.attributionScore).sort()[1];
    expect(
      selectInsights(state.insights, 1, { minScore: cut }, 'en').every((v) => v.profile.attributionScore >= cut),
    ).toBe(true);

    const md = renderMarkdown({ round: 1, insights: all, topics: state.topics.map((t) => topicView(t, 'en')) }, 'en');
    const w = all.find((v) => v.severity === 'warn')!;
    expect(md).toContain(`- [warn] ${w.title}: ${w.detail}\n  - attribution: Based on`);
    const zh = renderMarkdown({ round: 1, insights: selectInsights(state.insights, 1, {}, 'zh'), topics: [] }, 'zh');
    expect(zh).toContain('## 洞察（第 1 轮');
    expect(zh).toMatch(/ {2}- 归因: 依据原文中的 \d+ 条陈述/);
  });

  // How long a round takes at 1k / 5k / 14k nodes is measured by bench/insights.bench.ts, not asserted here.
  it('keeps only maxInsights insights (the strongest) and maxTopics topics when a 3,000-node graph yields more', () => {
    const nodes = Array.from({ length: 3_000 }, (_, i) =>
      node(
        `n${i + 1}`,
        i % 5 === 0 ? 'concept' : 'claim',
        `Statement ${i} about topic ${i % 97} and field ${i % 89} with term${i % 13}.`,
        { section: `s${1 + (i % 40)}`, confidence: 0.5 + (i % 5) / 10 },
      ),
    );
    const edges = Array.from({ length: 1_800 }, (_, i) =>
      edge(`e${i + 1}`, `n${i + 1}`, `n${i + 2}`, (['causes', 'supports', 'is_a', 'not_is'] as const)[i % 4]),
    );
    const big = graph(nodes, edges);
    const uncapped = analyzeRound(historyOf([big], undefined, { maxInsights: 1_000, maxTopics: 1_000 }), {
      insights: [],
      topics: [],
    });
    const capped = analyzeRound(historyOf([big], undefined, { maxInsights: 4, maxTopics: 1_000 }), {
      insights: [],
      topics: [],
    });
    // Topics are built from the kept insights: their cap is checked with every insight kept.
    const oneTopic = analyzeRound(historyOf([big], undefined, { maxInsights: 1_000, maxTopics: 1 }), {
      insights: [],
      topics: [],
    });
    // The graph yields more than the caps, so the caps are what limits the kept lists.
    expect(uncapped.insights.length).toBeGreaterThan(4);
    expect(uncapped.topics.length).toBeGreaterThan(1);
    expect(capped.insights).toHaveLength(4);
    expect(oneTopic.topics).toEqual(uncapped.topics.slice(0, 1));
    const weakestKept = Math.min(...capped.insights.map((s) => s.profile.attributionScore));
    const keptIds = new Set(capped.insights.map((s) => s.draft.id));
    for (const dropped of uncapped.insights.filter((s) => !keptIds.has(s.draft.id)))
      expect(dropped.profile.attributionScore, dropped.draft.id).toBeLessThanOrEqual(weakestKept);
  });
});
