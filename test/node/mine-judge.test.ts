// MINE-lex v1 judge on hand examples: stemming, coverage threshold, BM25 retrieval and the 2-hop context.
import { describe, expect, it } from 'vitest';
import { COVERAGE_THRESHOLD, MineContext, coverage, judge, scoreEssay, type MineGraph } from '../../bench/mine/judge';
import { Bm25, contentTokens, stem } from '../../bench/mine/lexical';

describe('MINE-lex v1 tokens', () => {
  it('stems inflections to one form and drops stopwords', () => {
    expect(['change', 'changes', 'changed', 'changing'].map(stem)).toEqual(['chang', 'chang', 'chang', 'chang']);
    expect(['butterflies', 'butterfly'].map(stem)).toEqual(['butterfly', 'butterfly']);
    expect(stem('running')).toBe('run');
    expect(contentTokens('The eggs are laid on the leaves.')).toEqual(['egg', 'laid', 'leav']);
  });
});

describe('MINE-lex v1 judge', () => {
  const fact = 'Butterfly eggs are usually laid on the underside of leaves.';

  it('finds a fact whose content words are all in the context', () => {
    expect(
      coverage(fact, 'The eggs are usually laid on the underside of leaves to protect them. Butterflies lay eggs.'),
    ).toBe(1);
    expect(judge(fact, 'Female butterflies lay eggs; the eggs are usually laid under leaves.')).toBe(true);
  });

  it('rejects a context that covers less than the threshold', () => {
    // Content tokens of the fact: butterfly, egg, usually, laid, underside, leav → 3 of 6 present.
    expect(coverage(fact, 'Butterfly eggs hatch into larvae. They eat leaves.')).toBeCloseTo(0.5);
    expect(judge(fact, 'Butterfly eggs hatch into larvae. They eat leaves.')).toBe(false);
    expect(COVERAGE_THRESHOLD).toBe(0.7);
  });

  it('retrieves by BM25 and walks two hops of edges', () => {
    const graph: MineGraph = {
      nodes: [
        { id: 'a', text: 'Caterpillars eat leaves.' },
        { id: 'b', text: 'They grow quickly.' },
        { id: 'c', text: 'Molting happens several times.' },
        { id: 'd', text: 'Chrysalis forms later.' },
      ],
      edges: [
        { from: 'a', to: 'b', relation: 'causes' },
        { from: 'b', to: 'c', relation: 'causes' },
        { from: 'c', to: 'd', relation: 'causes' },
      ],
    };
    expect(new Bm25(graph.nodes.map((n) => n.text)).top('caterpillars eat', 8)).toEqual([0]);
    const lines = new MineContext(graph).contextLines('caterpillars eat');
    expect(lines).toEqual([
      'Caterpillars eat leaves.',
      'Caterpillars eat leaves. causes They grow quickly.',
      'They grow quickly. causes Molting happens several times.',
    ]);
    // The edge c → d is three hops from the seed: not in the context.
    expect(lines.some((l) => l.includes('Chrysalis'))).toBe(false);
    expect(
      scoreEssay(graph, ['Caterpillars eat leaves and molting happens.', 'Adult butterflies drink nectar.']).score,
    ).toBe(0.5);
  });
});
