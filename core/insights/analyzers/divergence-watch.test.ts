import { describe, expect, it } from 'vitest';
import { edge, graph, historyOf, node } from '../__fixtures__/graphs';
import { analyzerContext } from './context';
import { divergenceWatch } from './divergence-watch';

const claim = node('n1', 'claim', 'Sea walls protect coastal homes.', { section: 's1' });
const counter = node('n2', 'counter_example', 'Sea walls fail in strong storms.', { section: 's2' });

describe('divergence-watch', () => {
  it('warns about an unresolved counter-example between two propositions', () => {
    const found = divergenceWatch(
      analyzerContext(historyOf([graph([claim, counter], [edge('e1', 'n2', 'n1', 'counter_example')])])),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: 'divergence-watch:n2~n1',
      severity: 'warn',
      references: { nodeIds: ['n2', 'n1'] },
    });
    expect(found[0].title.en).toContain('Sea walls fail in strong storms.');
    expect(found[0].detail.en).toContain('Part s1');
  });

  it('is silent once a third statement relates to both sides', () => {
    const bridge = node('n3', 'rule', 'Walls must be paired with wetlands.', { section: 's2' });
    const g = graph(
      [claim, counter, bridge],
      [edge('e1', 'n2', 'n1', 'counter_example'), edge('e2', 'n3', 'n1', 'supports'), edge('e3', 'n3', 'n2', 'infers')],
    );
    expect(divergenceWatch(analyzerContext(historyOf([g])))).toEqual([]);
  });

  it('does not set a statement against a bare term: a counter-example to a concept is no divergence', () => {
    const term = node('n3', 'concept', 'sea walls', { section: 's1' });
    expect(
      divergenceWatch(
        analyzerContext(historyOf([graph([term, counter], [edge('e1', 'n2', 'n3', 'counter_example')])])),
      ),
    ).toEqual([]);
  });

  it('treats a not_is between terms as an informational distinction', () => {
    const g = graph(
      [node('n1', 'concept', 'glacier'), node('n2', 'concept', 'sea')],
      [edge('e1', 'n1', 'n2', 'not_is')],
    );
    expect(divergenceWatch(analyzerContext(historyOf([g])))).toEqual([expect.objectContaining({ severity: 'info' })]);
  });

  it('counts a merge of the two sides as convergence', () => {
    const r1 = graph([claim, counter], [edge('e1', 'n2', 'n1', 'counter_example')]);
    const absorbed = { ...claim, evidence: [...claim.evidence, ...counter.evidence] };
    const third = node('n3', 'claim', 'Storm surges are rising.', { section: 's3' });
    const r2 = graph([absorbed, third], [edge('e9', 'n3', 'n1', 'counter_example')]);
    const ctx = analyzerContext(historyOf([r1, r2]));
    expect(ctx.past.absorbed.get('n1')).toEqual(['n2']);
    // The new divergence n3 → n1 is open; nothing is reported about the merged pair.
    expect(divergenceWatch(ctx).map((f) => f.id)).toEqual(['divergence-watch:n3~n1']);
  });

  it('reads "not X but Y" as the author correcting X, not as an open divergence', () => {
    const withQuote = (e: ReturnType<typeof edge>, quote: string) => ({
      ...e,
      evidence: [{ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph: 1, quote }],
    });
    const whale = node('w1', 'concept', '鲸鱼');
    const fish = node('w2', 'concept', '鱼');
    const zh = graph([whale, fish], [withQuote(edge('e1', 'w1', 'w2', 'not_is'), '鲸鱼不是鱼，而是哺乳动物。')]);
    expect(divergenceWatch(analyzerContext(historyOf([zh])))).toEqual([]);
    const en = graph(
      [claim, counter],
      [
        withQuote(
          edge('e1', 'n2', 'n1', 'counter_example'),
          'The problem is not the walls but the storms that outgrow them.',
        ),
      ],
    );
    expect(divergenceWatch(analyzerContext(historyOf([en])))).toEqual([]);
    // The same edge stating a plain contrast stays open.
    const open = graph(
      [claim, counter],
      [withQuote(edge('e1', 'n2', 'n1', 'counter_example'), 'However, sea walls fail in strong storms.')],
    );
    expect(divergenceWatch(analyzerContext(historyOf([open])))).toHaveLength(1);
  });

  it('reads a contrast the author settles in the same sentence as resolved', () => {
    const withQuote = (quote: string) => [
      {
        ...edge('e1', 'n2', 'n1', 'counter_example'),
        evidence: [{ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph: 1, quote }],
      },
    ];
    expect(
      divergenceWatch(
        analyzerContext(
          historyOf([graph([claim, counter], withQuote('但是海堤在强风暴中会失效，因此必须与湿地配合。'))]),
        ),
      ),
    ).toEqual([]);
    expect(
      divergenceWatch(
        analyzerContext(
          historyOf([
            graph(
              [claim, counter],
              withQuote('But sea walls fail in strong storms, so they must be paired with wetlands.'),
            ),
          ]),
        ),
      ),
    ).toEqual([]);
  });
});
