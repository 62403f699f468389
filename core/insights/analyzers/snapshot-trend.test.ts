import { describe, expect, it } from 'vitest';
import { graph, historyOf, node } from '../__fixtures__/graphs';
import { analyzerContext } from './context';
import { snapshotTrend } from './snapshot-trend';

const base = [node('n1', 'fact', 'One.'), node('n2', 'fact', 'Two.'), node('n3', 'claim', 'Three.')];

describe('snapshot-trend', () => {
  it('describes the first round: size and grounding coverage', () => {
    const [found] = snapshotTrend(analyzerContext(historyOf([graph(base)])));
    expect(found).toMatchObject({
      id: 'snapshot-trend:current',
      severity: 'info',
      references: { scopeKey: 'grounding:grounded' },
    });
    expect(found.title.en).toBe('Round 1: 3 nodes, 100% grounded');
    expect(found.title.zh).toBe('第 1 轮：3 个节点，100% 有据可查');
  });

  it('compares with the previous round, references the added nodes, warns when unsupported nodes rise', () => {
    const r2 = graph([
      ...base,
      node('n4', 'claim', 'Four.', { grounding: 'unsupported' }),
      node('n5', 'claim', 'Five.', { grounding: 'unsupported' }),
    ]);
    const [found] = snapshotTrend(analyzerContext(historyOf([graph(base), r2])));
    expect(found.severity).toBe('warn');
    expect(found.references.nodeIds).toEqual(['n5', 'n4']);
    expect(found.detail.en).toContain('+2 nodes and +0 relations since round 1');
    expect(found.detail.en).toContain('40% of nodes have an unauthenticated quote (was 0%)');
  });

  it('is empty for an empty graph', () => {
    expect(snapshotTrend(analyzerContext(historyOf([graph([])])))).toEqual([]);
  });
});
