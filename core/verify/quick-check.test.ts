import { describe, expect, it } from 'vitest';
import type { ContentUnit, KgEdge, KgGraph, KgNode } from '../schema';
import { quickCheck } from './quick-check';
import { similarPairs } from './similar-pairs';
import { tokenSet, jaccard } from '../text/tokens';

const TEXTS = [
  'Rules of grammar constrain sentences.',
  'For example, a sentence without a verb is ungrammatical.',
  'Most rivers may flood in spring because snow melts.',
  '多数河流在春季可能泛滥。',
  'Deltas form at river mouths.',
  'Deltas form at the river mouths.',
  'Rivers carry water to the sea.',
  'Rivers do not carry water to the sea.',
  'An unrelated closing remark.',
];
const units: ContentUnit[] = TEXTS.map((text, i) => ({
  n: i + 1,
  start: 0,
  end: text.length,
  text,
  kind: 'narrative',
  sectionId: i < 4 ? 's1' : 's2',
}));
const ev = (paragraph: number, quote: string) => ({ documentId: 'd', sourceId: 's', chunkId: 'c', paragraph, quote });
const node = (id: string, type: KgNode['type'], paragraph: number, text: string, quote = text): KgNode => ({
  id,
  type,
  text,
  paragraph,
  quote,
  evidence: [ev(paragraph, quote)],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
});
const edge = (
  id: string,
  from: string,
  to: string,
  relation: KgEdge['relation'],
  paragraph: number,
  quote: string,
): KgEdge => ({
  id,
  fromNodeId: from,
  toNodeId: to,
  relation,
  evidence: [ev(paragraph, quote)],
});

function graph(): KgGraph {
  return {
    summary: 'Rivers and grammar.',
    nodes: [
      node('rule-1', 'rule', 1, 'Rules of grammar constrain sentences.'),
      node(
        'fact-1',
        'fact',
        2,
        'A sentence without a verb is ungrammatical.',
        'a sentence without a verb is ungrammatical',
      ),
      node('n3', 'claim', 3, 'Most rivers may flood in spring.', 'Most rivers may flood in spring'),
      node('n4', 'claim', 4, '多数河流在春季可能泛滥。'),
      node('n5', 'fact', 5, 'Deltas form at river mouths.'),
      node('n6', 'fact', 6, 'Deltas form at the river mouths.'),
      node('n7', 'fact', 7, 'Rivers carry water to the sea.'),
      node('n8', 'fact', 8, 'Rivers do not carry water to the sea.'),
    ],
    edges: [
      edge('e1', 'rule-1', 'fact-1', 'example', 2, 'For example, a sentence without a verb is ungrammatical.'),
      edge('e2', 'n3', 'n4', 'supports', 3, 'Most rivers may flood in spring because snow melts.'),
      edge('e3', 'n5', 'n6', 'supports', 5, 'Deltas form at river mouths.'),
      edge('e4', 'n7', 'n8', 'not_is', 7, 'Rivers carry water to the sea.'),
    ],
  };
}
const check = (g: KgGraph, scope?: { sectionIds?: string[]; units?: number[] }) =>
  quickCheck({ documentId: 'd', revision: 3, graph: g, units, scope, now: 1, reportId: 'vq_test' });
const codesOf = (r: ReturnType<typeof check>) => r.issues.map((i) => i.invariantCode);

describe('quickCheck', () => {
  it('a rule --example--> fact edge is a source-type mismatch on the edge, with no automatic fix', () => {
    const r = check(graph());
    const issue = r.issues.find((i) => i.invariantCode === 'edge_source_type_mismatch');
    expect(issue).toMatchObject({
      targetKind: 'edge',
      targetId: 'e1',
      edgeKey: 'rule-1>fact-1',
      severity: 'error',
      blocking: true,
      titleZh: '关系与源节点类型不匹配',
      proposedFix: { action: 'none' },
      // Two remedies to pick by hand, no model: retype the source to what the relation needs, or delete the relation.
      remedies: [
        { action: 'update_node', nodePatch: { id: 'rule-1', patch: { type: 'example' } } },
        {
          action: 'delete_edge',
          edgePatch: { fromNodeId: 'rule-1', toNodeId: 'fact-1', relation: 'example', edgeId: 'e1' },
        },
      ],
    });
    // Making the source an example clears it.
    const g = graph();
    g.nodes[0].type = 'example';
    expect(codesOf(check(g))).not.toContain('edge_source_type_mismatch');
  });

  it('a relation without relation evidence is reported; an endpoint quote alone is not relation evidence', () => {
    const r = check(graph());
    // e3's only quote is n5's own quote and says nothing about "supports"; e4's is n7's own quote without "not".
    const missing = r.issues.filter((i) => i.invariantCode === 'edge_relation_evidence_missing').map((i) => i.targetId);
    expect(missing).toEqual(['e3', 'e4']);
    expect(r.issues.find((i) => i.targetId === 'e3')).toMatchObject({
      titleZh: '关系边缺少直接原文证据',
      blocking: true,
    });
    const g = graph();
    g.edges[1].evidence = [];
    expect(
      check(g)
        .issues.filter((i) => i.invariantCode === 'edge_relation_evidence_missing')
        .map((i) => i.targetId),
    ).toContain('e2');
  });

  it('a quote found in another unit is a paragraph mismatch with a safe update_node fix', () => {
    const g = graph();
    g.nodes[4].paragraph = 7;
    const issue = check(g).issues.find((i) => i.invariantCode === 'node_paragraph_mismatch');
    expect(issue).toMatchObject({
      targetId: 'n5',
      safeRepairable: true,
      proposedFix: { action: 'update_node', nodePatch: { id: 'n5', patch: { paragraph: 5 } } },
    });
  });

  it('semantic-strength drift: English and Chinese qualifiers dropped from the text', () => {
    const g = graph();
    g.nodes[2].text = 'Rivers flood in spring.';
    g.nodes[3].text = '河流在春季泛滥。';
    const drift = check(g)
      .issues.filter((i) => i.invariantCode === 'node_semantic_strength_drift')
      .map((i) => i.targetId);
    expect(drift).toEqual(['n3', 'n4']);
    expect(codesOf(check(graph()))).not.toContain('node_semantic_strength_drift');
  });

  it('suspected duplicates carry a merge_nodes fix; similar facts with one negation are a suspected contradiction', () => {
    const r = check(graph());
    const dup = r.issues.find((i) => i.invariantCode === 'node_duplicate_suspected');
    expect(dup).toMatchObject({
      proposedFix: { action: 'merge_nodes', nodePatch: { id: 'n6' }, mergeIntoId: 'n5' },
      remedies: [{ action: 'merge_nodes', nodePatch: { id: 'n5' }, mergeIntoId: 'n6' }],
    });
    const contra = r.issues.find((i) => i.invariantCode === 'node_contradiction_suspected');
    expect(contra?.title).toContain('“Rivers carry water to the sea” / “Rivers do not carry water to the sea”');
  });

  it('a concept anchor named by a mention is not isolated; a statement linked only by mentions still is', () => {
    const g = graph();
    g.nodes.push(node('anchor', 'concept', 7, 'Rivers', 'Rivers'));
    g.nodes.push(node('lonely', 'fact', 9, 'An unrelated closing remark.'));
    const isolatedIds = (r: ReturnType<typeof check>) =>
      r.issues.filter((i) => i.invariantCode === 'node_isolated').map((i) => i.targetId);
    expect(isolatedIds(check(g))).toEqual(expect.arrayContaining(['anchor', 'lonely']));
    g.mentions = [{ id: 'm1', nodeId: 'lonely', conceptId: 'anchor', term: 'remark', evidence: [ev(9, 'remark')] }];
    const r = check(g);
    expect(isolatedIds(r)).not.toContain('anchor');
    expect(isolatedIds(r)).toContain('lonely');
  });

  it('isolated nodes, fragmentation, uncovered units, non-atomic text, counter-examples without a target, no summary', () => {
    const g = graph();
    g.summary = '';
    g.nodes.push({ ...node('n9', 'counter_example', 9, 'An unrelated closing remark.') });
    g.nodes.push({
      ...node(
        'n10',
        'claim',
        3,
        'Most rivers may flood in spring; snow melts, which leads to high water, and as a result the banks break and farms are lost.',
        'Most rivers may flood',
      ),
    });
    const r = check(g);
    for (const code of [
      'node_isolated',
      'graph_fragmented',
      'node_non_atomic_suspected',
      'counter_example_without_target',
      'summary_missing',
    ]) {
      expect(codesOf(r)).toContain(code);
    }
    const g2 = graph();
    g2.nodes = g2.nodes.filter((n) => n.paragraph !== 2 && n.id !== 'rule-1');
    g2.edges = g2.edges.filter((e) => e.id !== 'e1');
    const uncovered = check(g2).issues.find((i) => i.invariantCode === 'paragraph_uncovered');
    expect(uncovered?.units).toEqual([1, 2, 9]);
  });

  it('metrics: counts and coverage', () => {
    const r = check(graph());
    expect(r.metrics).toMatchObject({
      checkedNodes: 8,
      checkedEdges: 4,
      connectedComponents: 4,
      isolatedNodes: 0,
      anchorCoverage: 100,
      evidenceCoverage: 100,
      entailmentCoverage: 0,
    });
    expect(r.metrics.paragraphCoverage).toBeCloseTo((8 / 9) * 100, 0);
    expect(r.metrics.errorCount).toBe(r.issues.filter((i) => i.severity === 'error').length);
    expect(r.summaryZh).toMatch(/^快速体检完成：确定性错误 \d+ 个；质量警告 \d+ 个，建议 \d+ 条。$/);
  });

  it('the integrity gate runs inside: a dangling edge is a blocking error', () => {
    const g = graph();
    g.edges.push(edge('e9', 'n5', 'ghost', 'supports', 5, 'Deltas form'));
    // A dangling edge is out of any scope check but the full check sees it.
    expect(codesOf(check(g))).toContain('dangling_edge');
    // Its remedy deletes that relation; a self loop's too.
    g.edges.push(edge('e10', 'n7', 'n7', 'supports', 7, 'Rivers carry water to the sea.'));
    const r = check(g);
    for (const [code, id] of [
      ['dangling_edge', 'e9'],
      ['self_loop', 'e10'],
    ]) {
      const issue = r.issues.find((i) => i.invariantCode === code);
      expect(issue?.remedies).toEqual([
        expect.objectContaining({ action: 'delete_edge', edgePatch: expect.objectContaining({ edgeId: id }) }),
      ]);
    }
  });

  it('scoped by section or by units: only those nodes and the relations inside them', () => {
    const bySection = check(graph(), { sectionIds: ['s2'] });
    expect(bySection.scope).toEqual({ kind: 'sections', ids: ['s2'] });
    expect(bySection.metrics).toMatchObject({ checkedNodes: 4, checkedEdges: 2, checkedUnits: 5 });
    const byUnits = check(graph(), { units: [2, 7] });
    expect(byUnits.scope).toEqual({ kind: 'units', ids: [2, 7] });
    // fact-1 (unit 2) and n7 (unit 7); e1's source rule-1 and e4's target n8 are outside.
    expect(byUnits.metrics).toMatchObject({ checkedNodes: 2, checkedEdges: 0 });
    expect(byUnits.issues.every((i) => i.targetId === null || ['fact-1', 'n7'].includes(i.targetId))).toBe(true);
  });
});

describe('similarPairs', () => {
  it('finds exactly the pairs a full comparison finds', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const words = Array.from(
      { length: 40 },
      (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    const texts = Array.from({ length: 300 }, () =>
      Array.from({ length: 2 + Math.floor(rand() * 5) }, () => words[Math.floor(rand() * words.length)]).join(' '),
    );
    const sets = texts.map(tokenSet);
    for (const t of [0.3, 0.75]) {
      const expected: string[] = [];
      for (let a = 0; a < sets.length; a++)
        for (let b = a + 1; b < sets.length; b++) if (jaccard(sets[a], sets[b]) >= t) expected.push(`${a}-${b}`);
      const found = similarPairs(sets, t, { maxPosting: Infinity }).map((p) => `${p.a}-${p.b}`);
      expect(found.sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThan(0);
    }
  });
});
