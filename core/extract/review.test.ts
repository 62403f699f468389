import { describe, expect, it } from 'vitest';
import { systemScheduler } from '../../test/support/scheduler';
import { segment } from '../units/segment';
import type { WireBatch } from '../schema';
import type { BatchRequest, Extractor, ReviewRequest } from './extractor';
import { runPipeline } from './pipeline';
import { diagramEdgeStated } from './review-admission';
import { reviewHints } from './review-hints';
import { describeTaskWarning } from './warning-words';

const TEXT = [
  'Caching keeps copies of responses near readers.',
  'A cache hit is fast. This does not mean that every response may be cached.',
  'The origin is not a cache but the source of truth.',
  '【图示关系】现象集合 → 已见现象b（包含）',
  '【图示关系】红色 表示 高风险（图例颜色）',
].join('\n\n');
const { units } = segment(TEXT);
const unitOf = (start: string) => units.find((u) => u.text.startsWith(start))!;
const first = (u: { text: string }) => u.text.match(/^.*?[.!?。](?=\s|$)/u)?.[0] ?? u.text;

/** A first answer as a model gives it: the first sentence of each prose unit, the ends of the diagram as concepts. */
function firstAnswer(): WireBatch {
  const nodes: WireBatch['nodes'] = units
    .filter((u) => !u.text.startsWith('【'))
    .map((u, i) => ({ id: `n${i + 1}`, type: 'fact', text: first(u), paragraph: u.n, quote: first(u) }));
  const d = unitOf('【图示关系】现象');
  nodes.push({ id: 'c1', type: 'concept', text: '现象集合', paragraph: d.n, quote: '现象集合' });
  nodes.push({ id: 'c2', type: 'concept', text: '已见现象b', paragraph: d.n, quote: '已见现象b' });
  return { summary: '', nodes, edges: [] };
}

function modelWith(review: (r: ReviewRequest) => WireBatch | string, seen: ReviewRequest[] = []): Extractor {
  return {
    id: 'test:model',
    kind: 'model',
    batchChars: 100_000,
    async extractBatch(_r: BatchRequest) {
      return JSON.stringify(firstAnswer());
    },
    async reviewCoverage(r: ReviewRequest) {
      seen.push(r);
      const answer = review(r);
      return typeof answer === 'string' ? answer : JSON.stringify(answer);
    },
  };
}

const run = (extractor: Extractor, of = units) =>
  runPipeline({ documentId: 'd', sourceId: 'src', title: 't', units: of, extractor, scheduler: systemScheduler });

describe('the explanation-coverage review', () => {
  it('finds the guard, the correction and the unlinked diagram relations the first answer left out', () => {
    const { nodes } = firstAnswer();
    const hints = reviewHints(units, {
      nodes: nodes.map((n) => ({ paragraph: n.paragraph, quote: n.quote })),
      edges: [],
    });
    expect(hints.map((h) => [h.kind, h.excerpt])).toEqual([
      ['guard', 'This does not mean that every response may be cached.'],
      ['diagram_relation', '现象集合 → 已见现象b（包含）'],
      ['diagram_relation', '红色 表示 高风险（图例颜色）'],
    ]);
    // The correction's own sentence is the first sentence of its unit, which the answer quotes: covered.
    expect(hints.some((h) => h.kind === 'correction')).toBe(false);
  });

  it('keeps evidenced additions and the diagram edge its quote states; drops forged, rewriting and unstated ones', async () => {
    const guard = unitOf('A cache hit');
    const diagram = unitOf('【图示关系】现象');
    const legend = unitOf('【图示关系】红色');
    const seen: ReviewRequest[] = [];
    const answer: WireBatch = {
      summary: '',
      nodes: [
        // Evidenced: kept.
        {
          id: 'r1',
          type: 'rule',
          text: 'Not every response may be cached.',
          paragraph: guard.n,
          quote: 'This does not mean that every response may be cached.',
        },
        // Forged quote: dropped.
        {
          id: 'r2',
          type: 'claim',
          text: 'Caches never fail.',
          paragraph: guard.n,
          quote: 'Caches never fail, as all surveys prove.',
        },
        // Rewrites an existing node: dropped, with every edge naming it.
        {
          id: 'n1',
          type: 'claim',
          text: 'Caching is useless.',
          paragraph: units[0]!.n,
          quote: 'Caching keeps copies of responses near readers.',
        },
      ],
      edges: [
        // New node to an existing one: kept.
        {
          fromNodeId: 'r1',
          toNodeId: 'n2',
          relation: 'not_is',
          paragraph: guard.n,
          quote: 'A cache hit is fast. This does not mean that every response may be cached.',
        },
        // Between two existing nodes of a diagram unit, the word and the direction in its quote: kept.
        {
          fromNodeId: 'c1',
          toNodeId: 'c2',
          relation: 'contains',
          paragraph: diagram.n,
          quote: '现象集合 → 已见现象b（包含）',
        },
        // The same ends, relations the quote does not state: dropped.
        {
          fromNodeId: 'c1',
          toNodeId: 'c2',
          relation: 'causes',
          paragraph: diagram.n,
          quote: '现象集合 → 已见现象b（包含）',
        },
        {
          fromNodeId: 'c1',
          toNodeId: 'c2',
          relation: 'supports',
          paragraph: diagram.n,
          quote: '现象集合 → 已见现象b（包含）',
        },
        // Between two existing prose nodes: a rewiring of the graph, dropped.
        {
          fromNodeId: 'n1',
          toNodeId: 'n3',
          relation: 'supports',
          paragraph: units[0]!.n,
          quote: 'Caching keeps copies of responses near readers.',
        },
        // Names the rewritten id: dropped.
        {
          fromNodeId: 'r1',
          toNodeId: 'n1',
          relation: 'not_is',
          paragraph: guard.n,
          quote: 'This does not mean that every response may be cached.',
        },
      ],
    };
    const { graph, audit } = await run(modelWith(() => answer, seen));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.hints.map((h) => h.kind)).toEqual(['guard', 'diagram_relation', 'diagram_relation']);
    const texts = graph.nodes.map((n) => n.text);
    expect(texts).toContain('Not every response may be cached.');
    expect(texts).not.toContain('Caches never fail.');
    expect(texts).not.toContain('Caching is useless.');
    expect(texts).toContain('Caching keeps copies of responses near readers.');
    const byId = new Map(graph.nodes.map((n) => [n.id, n.text]));
    const edges = graph.edges.map((e) => `${byId.get(e.fromNodeId)} ${e.relation} ${byId.get(e.toNodeId)}`).sort();
    expect(edges).toEqual([
      'Not every response may be cached. not_is A cache hit is fast.',
      '现象集合 contains 已见现象b',
    ]);
    // The legend's colour coding maps to no relation: it stays as a fact in the diagram's own words.
    const fact = graph.nodes.find((n) => n.text === '红色 表示 高风险（图例颜色）');
    expect(fact).toMatchObject({ type: 'fact', groundingStatus: 'grounded', paragraph: legend.n });
    expect(audit.coverageReview).toEqual({
      attemptedBatches: 1,
      repairedBatches: 1,
      addedNodes: 2,
      addedEdges: 2,
      failed: 0,
    });
  });

  it('turns a diagram relation the 12 cannot name into a fact node, and never forces an edge', async () => {
    const legend = unitOf('【图示关系】红色');
    const extractor = modelWith(
      () =>
        ({
          summary: '',
          nodes: [],
          edges: [
            {
              fromNodeId: 'c1',
              toNodeId: 'c2',
              relation: 'colour_codes',
              paragraph: legend.n,
              quote: '红色 表示 高风险',
            },
          ],
        }) as unknown as WireBatch,
    );
    const { graph } = await run(extractor);
    expect(graph.nodes.find((n) => n.text === '红色 表示 高风险')).toMatchObject({ type: 'fact', paragraph: legend.n });
    expect(graph.edges).toEqual([]);
  });

  it('leaves the first answer standing when the review fails, and says so in both languages', async () => {
    const { graph, audit } = await run(modelWith(() => 'I cannot review this.'));
    expect(graph.nodes.map((n) => n.text).sort()).toEqual(
      firstAnswer()
        .nodes.map((n) => n.text)
        .sort(),
    );
    expect(audit.coverageReview.failed).toBe(1);
    const line = 'batch 0: the coverage review failed (model_output_not_json); the first answer stands';
    expect(describeTaskWarning(line, 'en')).toBe(
      'Batch 0: the coverage review did not succeed; the first answer stands.',
    );
    expect(describeTaskWarning(line, 'zh')).toBe('第 0 批：覆盖复核没有成功，保留首轮的结果。');
  });

  it('is not asked when nothing explicit was left out, nor of the built-in extractor', async () => {
    const prose = segment(TEXT.split('\n\n').slice(0, 3).join('\n\n')).units;
    let asked = 0;
    const covering = modelWith(() => {
      asked++;
      return { summary: '', nodes: [], edges: [] };
    });
    covering.extractBatch = async () =>
      JSON.stringify({
        summary: '',
        nodes: prose.map((u, i) => ({ id: `n${i + 1}`, type: 'fact', text: u.text, paragraph: u.n, quote: u.text })),
        edges: [],
      });
    await run(covering, prose);
    expect(asked).toBe(0);
    // The same first answer with its guard sentence left out is reviewed…
    covering.extractBatch = async () => JSON.stringify(firstAnswer());
    await run(covering);
    expect(asked).toBe(1);
    // …but never by the built-in extractor, which would give the same answer again.
    await run({ ...covering, kind: 'heuristic' });
    expect(asked).toBe(1);
  });

  it('states a diagram edge only with its word, both ends and the direction', () => {
    expect(diagramEdgeStated('A contains B', 'contains', 'A', 'B')).toBe(true);
    expect(diagramEdgeStated('B is part of A', 'contains', 'A', 'B')).toBe(true);
    expect(diagramEdgeStated('A contains B', 'contains', 'B', 'A')).toBe(false);
    expect(diagramEdgeStated('A → B (contains)', 'contains', 'B', 'A')).toBe(false);
    expect(diagramEdgeStated('A → B', 'contains', 'A', 'B')).toBe(false);
    expect(diagramEdgeStated('A contains C', 'contains', 'A', 'B')).toBe(false);
    expect(diagramEdgeStated('A leads to B', 'causes', 'A', 'B')).toBe(true);
  });
});
