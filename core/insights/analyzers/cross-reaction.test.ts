import { describe, expect, it } from 'vitest';
import { edge, graph, historyOf, node, sections } from '../__fixtures__/graphs';
import { analyzerContext } from './context';
import { crossReaction, MIN_UNIT_DISTANCE } from './cross-reaction';

const A = node('n1', 'claim', 'Melting glaciers raise sea levels along coastal cities.', { section: 's1' });
const B = node('n2', 'rule', 'Coastal cities must plan for rising sea levels.', { section: 's2' });
const C = node('n3', 'fact', 'Wheat prices doubled in 2022.', { section: 's3' });

const run = (nodes = [A, B, C], edges: ReturnType<typeof edge>[] = [], config = {}) =>
  crossReaction(analyzerContext(historyOf([graph(nodes, edges)], undefined, config)));

describe('cross-reaction', () => {
  it('reports two overlapping nodes of different sections with no path between them', () => {
    const found = run();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: 'cross-reaction:n1~n2',
      type: 'cross-reaction',
      references: { nodeIds: ['n1', 'n2'] },
    });
    // The finding names the shared words and quotes both nodes.
    expect(found[0].detail.en).toMatch(/coastal|city|sea|level/);
    expect(found[0].title.en).toContain('Melting glaciers');
    expect(found[0].title.zh).toContain('Coastal cities must plan');
  });

  it('stays silent once a path joins them, even through a third node', () => {
    expect(run([A, B, C], [edge('e1', 'n1', 'n3', 'causes'), edge('e2', 'n3', 'n2', 'supports')])).toEqual([]);
  });

  it('needs different sections or different chains', () => {
    const sameSection = { ...B, sectionId: 's1', paragraph: (A.paragraph ?? 0) + 10 };
    // Both fall back to their type's chain: claim → evidential, rule → purposive: different chains still count.
    expect(run([A, sameSection, C])).toHaveLength(1);
    const sameChain = { ...B, sectionId: 's1', type: 'claim' as const, paragraph: (A.paragraph ?? 0) + 10 };
    expect(run([A, sameChain, C])).toEqual([]);
  });

  it('stays silent on sentences a reader reads together: nearby units of one section', () => {
    // Adjacent sentences of one paragraph (units 20 and 21), different chains: prose, not a missing link.
    const first = node('p1', 'claim', 'Melting glaciers raise sea levels along coastal cities.', {
      section: 's1',
      paragraph: 20,
    });
    const next = node('p2', 'rule', 'Coastal cities must plan for rising sea levels.', {
      section: 's1',
      paragraph: 21,
    });
    expect(run([first, next, C])).toEqual([]);
    // The same two sentences far apart in the section are two places that touch.
    expect(run([first, { ...next, paragraph: 20 + MIN_UNIT_DISTANCE }, C])).toHaveLength(1);
  });

  it('inside one section, does not count the words of its heading: every sentence there is about them', () => {
    const opening = node('r1', 'claim', 'Every rider feels the physics of roller coasters and their thrills.', {
      section: 's1',
      paragraph: 2,
    });
    const closing = node('r2', 'rule', 'The physics of roller coasters must keep every rider safe.', {
      section: 's1',
      paragraph: 9,
    });
    const titled = [{ id: 's1', title: 'The Physics of Roller Coasters', level: 1, firstUnit: 1, lastUnit: 10 }];
    const runIn = (secs: Parameters<typeof historyOf>[1]) =>
      crossReaction(analyzerContext(historyOf([graph([opening, closing, C])], secs)));
    expect(runIn(titled)).toEqual([]);
    // Under a heading that does not name them, the same shared words are a matter the two places share.
    const found = runIn([{ ...titled[0], title: 'Amusement parks' }]);
    expect(found).toHaveLength(1);
    expect(found[0].detail.en).toContain('physics');
  });

  it('does not pair stock phrasing: words spread over many sections are not a shared matter', () => {
    const secs = sections(...Array.from({ length: 12 }, (_, i) => `s${i + 1}`));
    const topics = ['music', 'sport', 'cooking', 'travel', 'gardening', 'reading'];
    // The document says "has become an integral part of daily life" about six other things.
    const stock = topics.map((t, i) =>
      node(`f${i}`, 'claim', `${t} has become an integral part of daily life for ${t} lovers.`, {
        section: `s${i + 2}`,
      }),
    );
    const zones = node('a', 'claim', 'Time zones have become an integral part of our daily life.', { section: 's1' });
    const coffee = node('b', 'claim', 'Coffee has become an integral part of daily life for many.', { section: 's9' });
    const glaciers = node('c', 'claim', 'Melting glaciers raise sea levels along coastal cities.', { section: 's10' });
    const cities = node('d', 'rule', 'Coastal cities must plan for rising sea levels.', { section: 's11' });
    const found = crossReaction(analyzerContext(historyOf([graph([...stock, zones, coffee, glaciers, cities])], secs)));
    expect(found.map((f) => f.references.nodeIds)).toEqual([['c', 'd']]);
  });

  it("leaves out the text's announcement of its plan, which every later part echoes", () => {
    const plan = node('p', 'claim', 'In this essay, we will explore glaciers, sea levels and coastal cities.', {
      section: 's1',
    });
    const later = node('q', 'rule', 'Coastal cities must plan for rising sea levels near glaciers.', { section: 's2' });
    expect(run([plan, later, C])).toEqual([]);
    expect(run([{ ...plan, text: 'Glaciers, sea levels and coastal cities are linked.' }, later, C])).toHaveLength(1);
  });

  it('respects similarityThreshold', () => {
    expect(run(undefined, undefined, { similarityThreshold: 0.9 })).toEqual([]);
  });

  it('handles Chinese text through Han bigrams', () => {
    const zh1 = node('n1', 'claim', '全球气候变暖导致冰川融化。', { section: 's1' });
    const zh2 = node('n2', 'fact', '冰川融化使海平面上升。', { section: 's2' });
    const zh3 = node('n3', 'fact', '小麦价格在去年翻了一倍。', { section: 's3' });
    const found = run([zh1, zh2, zh3]);
    expect(found.map((f) => f.references.nodeIds)).toEqual([['n1', 'n2']]);
    expect(found[0].detail.zh).toContain('冰川');
  });

  it('skips concepts and pairs each node at most once', () => {
    const concept = node('n4', 'concept', 'coastal cities sea levels', { section: 's3' });
    const twin = node('n5', 'claim', 'Rising sea levels threaten coastal cities everywhere.', { section: 's3' });
    const found = run([A, B, C, concept, twin]);
    expect(found.every((f) => !f.references.nodeIds!.includes('n4'))).toBe(true);
    const ids = found.flatMap((f) => f.references.nodeIds!);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
