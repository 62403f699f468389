import { describe, expect, it } from 'vitest';
import { edge, graph, historyOf, node } from './__fixtures__/graphs';
import { analyzeRound } from './engine';
import { indexGraph } from './graph-index';
import { buildTopics, longestPath } from './topics';
import type { KgGraph } from '../schema';

/** A text built to trigger every insight-based rule: an overlap, an open divergence, gaps in several chains. */
function richGraph(): KgGraph {
  return graph(
    [
      node('n1', 'claim', 'Melting glaciers raise sea levels along coastal cities.', {
        section: 's1',
        confidence: 0.8,
      }),
      node('n2', 'rule', 'Coastal cities must plan for rising sea levels.', { section: 's3', confidence: 0.7 }),
      node('n3', 'claim', 'Sea walls protect coastal homes.', { section: 's2', confidence: 0.8 }),
      node('n4', 'counter_example', 'Sea walls fail in strong storms.', { section: 's2', confidence: 0.8 }),
      node('n5', 'fact', 'The climate warms by 0.2 degrees per decade.', { section: 's1', confidence: 0.9 }),
      node('n6', 'fact', 'Ice sheets lose 150 gigatonnes a year.', { section: 's1', confidence: 0.9 }),
      node('n7', 'inference', 'Glaciers shrink.', { section: 's1', confidence: 0.8 }),
      node('n8', 'claim', 'Shipping routes will open in the Arctic.', { section: 's3', confidence: 0.6 }),
    ],
    [
      edge('e1', 'n4', 'n3', 'counter_example'),
      edge('e2', 'n5', 'n7', 'causes'),
      edge('e3', 'n6', 'n7', 'causes'),
      edge('e4', 'n7', 'n8', 'causes'),
    ],
  );
}

describe('topics', () => {
  const input = historyOf([richGraph()]);
  const state = analyzeRound(input, { insights: [], topics: [] });
  const g = richGraph();
  const texts = g.nodes.map((n) => n.text);

  it('quotes the real text of the nodes each question is about', () => {
    expect(state.topics.length).toBeGreaterThanOrEqual(4);
    for (const t of state.topics) {
      for (const q of [t.question.en, t.question.zh]) {
        const quoted = [...q.matchAll(/“([^”]*)”/g)].map((m) => m[1].replace(/…$/, ''));
        expect(quoted.length, q).toBeGreaterThanOrEqual(Math.min(2, t.nodeIds.length));
        // Every quotation is the start of one of the topic's own nodes.
        for (const text of quoted)
          expect(
            t.nodeIds.some((id) => g.nodes.find((n) => n.id === id)!.text.startsWith(text)),
            `${text} in ${q}`,
          ).toBe(true);
      }
    }
  });

  it('cites the insight behind rules 1-4 and none behind the structural rules 5-6', () => {
    const rules = new Map(state.topics.map((t) => [t.key.split(':')[0], t]));
    for (const rule of ['cross', 'diverge', 'gap']) {
      const t = rules.get(rule);
      expect(t, rule).toBeDefined();
      expect(t!.basedOn).toMatchObject({
        insightTitle: { en: expect.any(String) },
        attributionScore: expect.any(Number),
      });
      for (const content of t!.basedOn!.keyNodeContents) expect(texts).toContain(content);
    }
    expect(rules.get('diverge')!.basedOn!.keyEdgeKinds).toContain('diverged-from');
    expect(rules.get('main')).toMatchObject({ relatedChain: 'causal', nodeIds: ['n5', 'n7', 'n8'] });
    expect(rules.get('main')!.basedOn).toBeUndefined();
    expect(rules.get('converged')).toMatchObject({ kind: 'convergence', nodeIds: ['n5', 'n6', 'n7'] });
    expect(rules.get('converged')!.basedOn).toBeUndefined();
  });

  it('words questions after the nodes, not after the insight type', () => {
    // The same rule (an overlap) asked about nodes of different chains reads differently.
    const cross = state.topics.find((t) => t.key.startsWith('cross'))!;
    const other = historyOf([
      graph(
        [
          node('n1', 'concept', 'x', { section: 's1' }),
          node('n2', 'claim', 'Ocean heat drives stronger hurricanes near the coast.', { section: 's1' }),
          node('n3', 'fact', 'Stronger hurricanes hit the coast in 2020.', { section: 's2' }),
          node('n4', 'fact', 'Warm water.', { section: 's1' }),
        ],
        [edge('e1', 'n4', 'n2', 'causes'), edge('e2', 'n2', 'n1', 'causes')],
      ),
    ]);
    const t2 = analyzeRound(other, { insights: [], topics: [] }).topics.find((t) => t.key.startsWith('cross'))!;
    expect(t2).toBeDefined();
    const frame = (q: string) => q.replace(/“[^”]*”/g, '""').replace(/^Both speak of [^:]*:/, '');
    expect(frame(t2.question.en)).not.toBe(frame(cross.question.en));
  });

  it('has no questions for an empty graph', () => {
    const empty = historyOf([graph([])]);
    expect(analyzeRound(empty, { insights: [], topics: [] })).toEqual({ insights: [], topics: [] });
    expect(buildTopics({ round: 1, index: indexGraph(graph([])), history: empty.history, insights: [] })).toEqual([]);
  });

  it('finds the longest path of a chain', () => {
    expect(longestPath(indexGraph(g), 'causal')).toEqual(['n5', 'n7', 'n8']);
    const cyc = graph(
      [node('a', 'claim', 'a'), node('b', 'claim', 'b')],
      [edge('e1', 'a', 'b', 'causes'), edge('e2', 'b', 'a', 'causes')],
    );
    expect(longestPath(indexGraph(cyc), 'causal')).toHaveLength(2);
  });
});
