import { describe, expect, it } from 'vitest';
import { graph, historyOf, node } from '../__fixtures__/graphs';
import { analyzerContext } from './context';
import { confidenceTrend, trailingFalls } from './confidence-trend';

const rounds = (values: Array<number | undefined>, others = 0.9) =>
  values.map((c) =>
    graph([
      node('n1', 'claim', 'Tariffs protect jobs.', {
        confidence: c,
        grounding: c === undefined ? 'unsupported' : 'grounded',
        paragraph: 1,
      }),
      node('n2', 'fact', 'Exports fell 5%.', { confidence: others, paragraph: 2, section: 's2' }),
    ]),
  );

describe('confidence-trend', () => {
  it('counts trailing falls, with unknown below every known value', () => {
    expect(trailingFalls([0.9, 0.8, 0.6]).falls).toBe(2);
    expect(trailingFalls([0.9, 0.8, 0.85]).falls).toBe(0);
    expect(trailingFalls([0.9, 0.5, null])).toEqual({ falls: 2, from: 0.9, to: null });
  });

  it('reports a node whose confidence fell in each of the last two rounds', () => {
    const found = confidenceTrend(analyzerContext(historyOf(rounds([0.9, 0.7, 0.4]))));
    const hit = found.find((f) => f.id === 'confidence-trend:node:n1');
    expect(hit).toMatchObject({ severity: 'warn', references: { nodeIds: ['n1'] } });
    expect(hit!.detail.en).toContain('from 0.90 to 0.40');
    expect(hit!.title.zh).toContain('Tariffs protect jobs.');
  });

  it('ignores a single fall and a recovery', () => {
    expect(confidenceTrend(analyzerContext(historyOf(rounds([0.9, 0.9, 0.7])))).map((f) => f.id)).not.toContain(
      'confidence-trend:node:n1',
    );
    expect(confidenceTrend(analyzerContext(historyOf(rounds([0.9, 0.7, 0.8])))).map((f) => f.id)).not.toContain(
      'confidence-trend:node:n1',
    );
  });

  it('treats a quote that stopped authenticating as a fall', () => {
    const found = confidenceTrend(analyzerContext(historyOf(rounds([0.9, 0.8, undefined]))));
    expect(found.find((f) => f.id === 'confidence-trend:node:n1')?.severity).toBe('warn');
  });

  it('reports a chain whose mean confidence fell over consecutive rounds', () => {
    const found = confidenceTrend(
      analyzerContext(
        historyOf(
          rounds([0.9, 0.9, 0.9], 0.9).map((g, i) => ({
            ...g,
            nodes: g.nodes.map((n) => (n.id === 'n2' ? { ...n, confidence: [0.9, 0.6, 0.3][i] } : n)),
          })),
        ),
      ),
    );
    expect(found.map((f) => f.id)).toEqual(
      expect.arrayContaining(['confidence-trend:node:n2', 'confidence-trend:chain:evidential']),
    );
  });

  it('has nothing to say after one round', () => {
    expect(confidenceTrend(analyzerContext(historyOf(rounds([0.2]))))).toEqual([]);
  });
});
