import { describe, expect, it } from 'vitest';
import { edge, graph, historyOf, node } from '../__fixtures__/graphs';
import { analyzerContext } from './context';
import { findGaps, gapAggregation } from './gap-aggregation';

describe('gap-aggregation', () => {
  const claims = [
    node('n1', 'claim', 'Free trade lifts all boats.', { section: 's1' }),
    node('n2', 'rule', 'Governments must lower tariffs.', { section: 's2' }),
    node('n3', 'claim', 'Protectionism always fails.', { section: 's3' }),
    node('n4', 'fact', 'Exports grew 4% in 2019.', { section: 's1' }),
  ];

  it('finds each kind of gap', () => {
    const g = graph(
      [
        ...claims,
        node('n5', 'inference', 'Tariffs will fall.', { section: 's2' }),
        node('n6', 'concept', 'comparative advantage', { section: 's2' }),
        node('n7', 'concept', 'tariff', { section: 's2' }),
        node('n8', 'definition', 'A tariff is a tax on imports.', { section: 's2' }),
      ],
      [edge('e1', 'n4', 'n1', 'supports'), edge('e2', 'n6', 'n3', 'causes'), edge('e3', 'n7', 'n2', 'causes')],
    );
    const gaps = findGaps(analyzerContext(historyOf([g])));
    expect(gaps.unsupported.sort()).toEqual(['n2', 'n3']);
    expect(gaps['no-premise']).toEqual(['n5']);
    // n7 is defined by the definition's text; n6 is used in a relation and never defined.
    expect(gaps['undefined-concept']).toEqual(['n6']);
  });

  it('counts a claim whose reason is stated by another statement as supported, not one "caused" by a bare concept', () => {
    const g = graph(
      [...claims, node('n9', 'fact', 'Imports got cheaper.', { section: 's3' })],
      [edge('e1', 'n4', 'n1', 'supports'), edge('e2', 'n9', 'n3', 'causes')],
    );
    expect(findGaps(analyzerContext(historyOf([g]))).unsupported).toEqual(['n2']);
  });

  it('reports gaps that recur across sections or chains, quoting examples', () => {
    const found = gapAggregation(analyzerContext(historyOf([graph(claims, [edge('e1', 'n4', 'n1', 'supports')])])));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: 'gap-aggregation:unsupported', severity: 'info' });
    expect(found[0].references.nodeIds!.sort()).toEqual(['n2', 'n3']);
    expect(found[0].detail.en).toMatch(/2 of 3 claims and rules/);
    expect(found[0].detail.en).toMatch(/Governments must lower tariffs|Protectionism always fails/);
  });

  it('warns when most claims stand unsupported', () => {
    const found = gapAggregation(analyzerContext(historyOf([graph(claims)])));
    expect(found[0].severity).toBe('warn');
  });

  it('is silent for a gap confined to one section and one chain', () => {
    const local = claims.filter((n) => n.type === 'claim').map((n) => ({ ...n, sectionId: 's1' }));
    expect(gapAggregation(analyzerContext(historyOf([graph(local)])))).toEqual([]);
  });
});
