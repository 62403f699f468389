import { describe, expect, it } from 'vitest';
import { deepFreeze, edge, graph, historyOf, node, sections } from './__fixtures__/graphs';
import { analyzerContext, ANALYZERS } from './analyzers';
import { attributeInsight, collectNodeEvidence, type AttributionContext } from './attribution';
import { rationaleOf, scoreBreakdownOf, scoreParts } from './score';
import { indexGraph } from './graph-index';
import { indexHistory, type NodeChange } from './history';
import type { KgGraph } from '../schema';
import type { InsightDraft, InsightReferences } from './types';

const SECS = sections('s1', 's2', 's3');

function ctxFor(g: KgGraph, changes: NodeChange[] = []): AttributionContext {
  return { index: indexGraph(g, SECS), past: indexHistory(changes), scopeEvidenceLimit: 5 };
}

const insight = (references: InsightReferences, id = 'i1') => ({ id, references });

describe('attribution: node evidence and score', () => {
  it('scores a single strong node high', () => {
    const g = graph([node('n1', 'fact', 'Water boils at 100 degrees at sea level.', { confidence: 0.92 })]);
    const p = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(g));
    expect(p.nodeEvidence).toEqual([{ nodeId: 'n1', role: 'primary', weight: 1, confidence: 0.92 }]);
    expect(p.edgeEvidence).toEqual([]);
    expect(p.contradictingEvidence).toEqual([]);
    expect(p.attributionScore).toBeCloseTo(0.92, 5);
    expect(p.attributionScore).toBeGreaterThanOrEqual(0.8);
  });

  it('scores more nodes and edges higher than one node', () => {
    const nodes = [
      node('n1', 'claim', 'Glaciers are retreating.', { confidence: 0.8 }),
      node('n2', 'fact', 'Glacier length shrank by 2 km since 1950.', { confidence: 0.9 }),
      node('n3', 'concept', 'glacier', { confidence: 0.85 }),
    ];
    const one = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(graph(nodes)));
    const g = graph(nodes, [edge('e1', 'n2', 'n1', 'supports'), edge('e2', 'n1', 'n3', 'is_a')]);
    const more = attributeInsight(insight({ nodeIds: ['n1', 'n2', 'n3'] }), ctxFor(g));
    expect(more.nodeEvidence).toHaveLength(3);
    expect(more.edgeEvidence.length).toBeGreaterThanOrEqual(1);
    expect(more.attributionScore).toBeGreaterThan(one.attributionScore);
  });

  it('applies the four-step formula exactly', () => {
    // newest first: n3 primary (1.0 × 0.5), n2 and n1 supporting (0.6 × 0.9, 0.6 × 0.7).
    const nodes = [
      node('n1', 'claim', 'Prices rise.', { confidence: 0.7 }),
      node('n2', 'fact', 'Demand doubled.', { confidence: 0.9 }),
      node('n3', 'claim', 'Supply lags.', { confidence: 0.5, section: 's2' }),
    ];
    const g = graph(nodes, [edge('e1', 'n2', 'n1', 'causes'), edge('e2', 'n3', 'n1', 'causes')]);
    const p = attributeInsight(insight({ nodeIds: ['n1', 'n2', 'n3'] }), ctxFor(g));
    expect(p.nodeEvidence.map((n) => [n.nodeId, n.role, n.weight])).toEqual([
      ['n3', 'primary', 1],
      ['n2', 'supporting', 0.6],
      ['n1', 'supporting', 0.6],
    ]);
    const base = (1 * 0.5 + 0.6 * 0.9 + 0.6 * 0.7) / 2.2;
    // e2 joins sections s2 → s1: one cross-chain-link; nothing else is structural evidence here.
    expect(p.edgeEvidence.map((e) => e.kind)).toEqual(['cross-chain-link']);
    expect(p.attributionScore).toBeCloseTo(Math.round((base + 0.1) * 1000) / 1000, 5);
    expect(scoreParts(p).base).toBeCloseTo(base, 10);
  });

  it('turns confidence 0 into a confidence-decay contradiction and a lower score', () => {
    const strong = graph([node('n1', 'claim', 'The bridge is safe.', { confidence: 0.8 })]);
    const zero = graph([node('n1', 'claim', 'The bridge is safe.', { confidence: 0 })]);
    const a = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(strong));
    const b = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(zero));
    expect(b.contradictingEvidence).toEqual([
      { kind: 'confidence-decay', refId: 'n1', strength: 0.7, note: 'confidence 0' },
    ]);
    expect(b.attributionScore).toBe(0);
    expect(b.attributionScore).toBeLessThan(a.attributionScore);
  });

  it('treats an unknown confidence as a weaker decay (0.3)', () => {
    const g = graph([node('n1', 'claim', 'Unverified statement here.', { grounding: 'unsupported' })]);
    const p = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(g));
    expect(p.nodeEvidence[0].confidence).toBeUndefined();
    expect(p.contradictingEvidence).toEqual([expect.objectContaining({ kind: 'confidence-decay', strength: 0.3 })]);
    expect(p.attributionScore).toBeCloseTo(0.5 - 0.06, 5);
  });

  it('gives score 0 with no-support when nothing backs the insight', () => {
    const g = graph([node('n1', 'fact', 'Something unrelated.', { confidence: 0.9 })]);
    const p = attributeInsight(insight({ nodeIds: ['n404'] }, 'gap'), ctxFor(g));
    expect(p.nodeEvidence).toEqual([]);
    expect(p.contradictingEvidence).toEqual(
      expect.arrayContaining([{ kind: 'no-support', refId: 'gap', strength: 1 }]),
    );
    expect(p.attributionScore).toBe(0);
    const noRefs = attributeInsight(insight({}, 'bare'), ctxFor(g));
    expect(noRefs.contradictingEvidence).toEqual([{ kind: 'no-support', refId: 'bare', strength: 1 }]);
    expect(noRefs.attributionScore).toBe(0);
  });

  it('handles an empty graph: no evidence, no-support, score 0', () => {
    const p = attributeInsight(insight({ scopeKey: 'chain:causal' }), ctxFor(graph([])));
    expect(p).toMatchObject({ nodeEvidence: [], edgeEvidence: [], attributionScore: 0 });
    expect(p.contradictingEvidence.map((c) => c.kind)).toEqual(['no-support']);
  });

  it('takes the newest matching nodes of a scope, newest first, up to the limit', () => {
    const nodes = Array.from({ length: 8 }, (_, i) =>
      node(`n${i + 1}`, 'claim', `Claim number ${i + 1} about trade.`, {
        confidence: 0.8,
        section: i < 4 ? 's1' : 's2',
      }),
    );
    const { evidence } = collectNodeEvidence(
      { scopeKey: 'type:claim&section:s2' },
      { ...ctxFor(graph(nodes)), scopeEvidenceLimit: 3 },
    );
    expect(evidence.map((e) => [e.nodeId, e.role])).toEqual([
      ['n8', 'primary'],
      ['n7', 'supporting'],
      ['n6', 'supporting'],
    ]);
    expect(collectNodeEvidence({ scopeKey: 'colour:blue' }, ctxFor(graph(nodes))).evidence).toEqual([]);
  });

  it('rises with evidence: each added supporting node with its edge raises the score', () => {
    const scores: number[] = [];
    for (let k = 1; k <= 4; k++) {
      const nodes = [node('n1', 'claim', 'Cities adapt to floods.', { confidence: 0.4 })];
      const edges = [];
      for (let i = 2; i <= k; i++) {
        nodes.push(node(`n${i}`, 'fact', `Fact ${i} about flood walls.`, { confidence: 0.5 }));
        edges.push(edge(`e${i}`, `n${i}`, 'n1', 'contains'));
      }
      const ids = nodes.map((n) => n.id);
      scores.push(attributeInsight(insight({ nodeIds: ids }), ctxFor(graph(nodes, edges))).attributionScore);
    }
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1]);
    expect(scores[scores.length - 1]).toBeLessThan(1);
  });
});

describe('attribution: edge evidence', () => {
  it('yields diverged-from for a not_is / counter_example pair, and reverse-divergence while unresolved', () => {
    const nodes = [
      node('n1', 'claim', 'Sea walls protect coastal homes.', { confidence: 0.8 }),
      node('n2', 'counter_example', 'Sea walls fail in strong storms.', { confidence: 0.8 }),
    ];
    const open = attributeInsight(
      insight({ nodeIds: ['n1', 'n2'] }),
      ctxFor(graph(nodes, [edge('e1', 'n2', 'n1', 'counter_example')])),
    );
    expect(open.edgeEvidence).toContainEqual({
      kind: 'diverged-from',
      fromNodeId: 'n2',
      toNodeId: 'n1',
      edgeId: 'e1',
      strength: 1,
    });
    expect(open.contradictingEvidence).toContainEqual(
      expect.objectContaining({ kind: 'reverse-divergence', refId: 'e1' }),
    );

    // A third statement relating to both resolves it.
    const resolved = graph(
      [...nodes, node('n3', 'rule', 'Walls must be combined with wetlands.', { confidence: 0.8 })],
      [edge('e1', 'n2', 'n1', 'counter_example'), edge('e2', 'n3', 'n1', 'supports'), edge('e3', 'n3', 'n2', 'infers')],
    );
    const p = attributeInsight(insight({ nodeIds: ['n1', 'n2'] }), ctxFor(resolved));
    expect(p.edgeEvidence.some((e) => e.kind === 'diverged-from')).toBe(true);
    expect(p.contradictingEvidence.some((c) => c.kind === 'reverse-divergence')).toBe(false);
  });

  it('adds counter-nodes as contradicting evidence (weight 0.4)', () => {
    const g = graph(
      [node('n1', 'concept', 'glacier', { confidence: 0.9 }), node('n2', 'concept', 'sea', { confidence: 0.6 })],
      [edge('e1', 'n1', 'n2', 'not_is')],
    );
    const p = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(g));
    expect(p.nodeEvidence).toEqual([
      { nodeId: 'n1', role: 'primary', weight: 1, confidence: 0.9 },
      { nodeId: 'n2', role: 'contradicting', weight: 0.4, confidence: 0.6 },
    ]);
  });

  it('yields converged-into (and supersede) for a merge found in the history', () => {
    const a = node('n1', 'claim', 'Glaciers melt faster.', { confidence: 0.8 });
    const b = node('n2', 'claim', 'Glaciers are melting faster now.', { confidence: 0.7, paragraph: 40 });
    const merged = { ...a, evidence: [...a.evidence, ...b.evidence] };
    const input = historyOf([graph([a, b]), graph([merged])]);
    const ctx = analyzerContext(input);
    expect(ctx.past.mergedInto.get('n2')).toEqual({ into: 'n1', round: 2 });
    const actx = { index: ctx.index, past: ctx.past, scopeEvidenceLimit: 5 };

    const onSurvivor = attributeInsight(insight({ nodeIds: ['n1'] }), actx);
    expect(onSurvivor.edgeEvidence).toContainEqual({
      kind: 'converged-into',
      fromNodeId: 'n2',
      toNodeId: 'n1',
      strength: 1,
    });

    // An insight that still names the merged-away node is carried by its successor, with the supersede recorded.
    const onGone = attributeInsight(insight({ nodeIds: ['n2'] }), actx);
    expect(onGone.nodeEvidence.map((n) => n.nodeId)).toEqual(['n1']);
    expect(onGone.edgeEvidence).toContainEqual({ kind: 'supersede', fromNodeId: 'n2', toNodeId: 'n1', strength: 1 });
    expect(onGone.contradictingEvidence).toContainEqual({
      kind: 'superseded',
      refId: 'n2',
      strength: 0.3,
      note: 'merged into n1',
    });
  });

  it('records a removed node as supersede with no successor', () => {
    const a = node('n1', 'claim', 'Old claim.', { confidence: 0.8 });
    const b = node('n2', 'fact', 'Unrelated fact.', { confidence: 0.8 });
    const input = historyOf([graph([a, b]), graph([b])]);
    const ctx = analyzerContext(input);
    const p = attributeInsight(insight({ nodeIds: ['n1'] }), {
      index: ctx.index,
      past: ctx.past,
      scopeEvidenceLimit: 5,
    });
    expect(p.edgeEvidence).toEqual([{ kind: 'supersede', fromNodeId: 'n1', toNodeId: null, strength: 1 }]);
    expect(p.contradictingEvidence).toContainEqual(
      expect.objectContaining({ kind: 'superseded', refId: 'n1', strength: 0.6 }),
    );
  });

  it('yields cross-chain-link for an edge between two sections', () => {
    const g = graph(
      [
        node('n1', 'claim', 'Trade grows.', { section: 's1', confidence: 0.8 }),
        node('n2', 'claim', 'Ports expand.', { section: 's2', confidence: 0.8 }),
      ],
      [edge('e1', 'n1', 'n2', 'causes')],
    );
    const p = attributeInsight(insight({ nodeIds: ['n1'] }), ctxFor(g));
    expect(p.edgeEvidence).toEqual([
      { kind: 'cross-chain-link', fromNodeId: 'n1', toNodeId: 'n2', edgeId: 'e1', strength: 0.7 },
    ]);
  });

  it('yields parent-child for contains / is_a / defines and revision for a changed text', () => {
    const before = [
      node('n1', 'concept', 'ice sheet', { confidence: 0.9 }),
      node('n2', 'concept', 'glacier', { confidence: 0.9 }),
    ];
    const after = [{ ...before[0], text: 'continental ice sheet' }, before[1]];
    const input = historyOf([
      graph(before, [edge('e1', 'n1', 'n2', 'contains')]),
      graph(after, [edge('e1', 'n1', 'n2', 'contains')]),
    ]);
    const ctx = analyzerContext(input);
    const p = attributeInsight(insight({ nodeIds: ['n1'] }), {
      index: ctx.index,
      past: ctx.past,
      scopeEvidenceLimit: 5,
    });
    expect(p.edgeEvidence.map((e) => e.kind).sort()).toEqual(['parent-child', 'revision']);
  });
});

describe('attribution: purity, rationale, per-type profiles', () => {
  it('never changes its inputs', () => {
    const g = deepFreeze(
      graph(
        [
          node('n1', 'claim', 'A holds.', { confidence: 0.8 }),
          node('n2', 'counter_example', 'But not here.', { confidence: 0 }),
        ],
        [edge('e1', 'n2', 'n1', 'counter_example')],
      ),
    );
    const ctx = ctxFor(g);
    const item = deepFreeze(insight({ nodeIds: ['n1', 'n2'] }));
    const before = structuredClone({ g, item, fam: ctx.index.family, comp: ctx.index.component, past: ctx.past });
    const first = attributeInsight(item, ctx);
    const second = attributeInsight(item, ctx);
    expect(second).toEqual(first);
    expect({ g, item, fam: ctx.index.family, comp: ctx.index.component, past: ctx.past }).toEqual(before);
  });

  it("writes the rationale in the reader's language", () => {
    const g = graph(
      [node('n1', 'fact', 'x', { confidence: 0.78 }), node('n2', 'fact', 'y', { confidence: 0.78 })],
      [edge('e1', 'n1', 'n2', 'contains')],
    );
    const p = attributeInsight(insight({ nodeIds: ['n1', 'n2'] }), ctxFor(g));
    expect(p.rationale).toBe(
      'Based on 2 statements of the text and 1 relation between them; nothing in the text points the other way.',
    );
    expect(rationaleOf(p, 'zh')).toBe('依据原文中的 2 条陈述及连接它们的 1 条关系；原文中没有与之相反的陈述。');
    // The numbers are kept apart, for the card's details.
    expect(scoreBreakdownOf(p, 'en')).toBe(
      'node evidence 2 (base 0.78); edge evidence 1 (+0.10); contradictions 0; score 0.88',
    );
    expect(scoreBreakdownOf(p, 'zh')).toBe(
      '节点证据 2 条（基础分 0.78）；边证据 1 条（+0.10）；反证 0 条；综合可信度 0.88',
    );
    expect(
      rationaleOf(
        {
          nodeEvidence: p.nodeEvidence.slice(0, 1),
          edgeEvidence: [],
          contradictingEvidence: p.nodeEvidence.slice(0, 1) as never,
        },
        'en',
      ),
    ).toBe('Based on 1 statement of the text; 1 statement points the other way.');
  });

  it('gives different insight types different profiles on the same graph', () => {
    const secs = sections('s1', 's2');
    const g = graph(
      [
        node('n1', 'claim', 'Coastal cities must build higher sea walls soon.', { section: 's1', confidence: 0.8 }),
        node('n2', 'counter_example', 'Sea walls fail in strong storms.', { section: 's1', confidence: 0.7 }),
        node('n3', 'claim', 'Higher sea walls around coastal cities cost billions.', {
          section: 's2',
          confidence: 0.6,
        }),
        node('n4', 'claim', 'Insurance markets will price flood risk.', { section: 's2', confidence: 0.9 }),
      ],
      [edge('e1', 'n2', 'n1', 'counter_example')],
    );
    const input = { ...historyOf([g], secs) };
    const ctx = analyzerContext(input);
    const actx = { index: ctx.index, past: ctx.past, scopeEvidenceLimit: 5 };
    const drafts: InsightDraft[] = [
      ...ANALYZERS['cross-reaction'](ctx),
      ...ANALYZERS['divergence-watch'](ctx),
      ...ANALYZERS['gap-aggregation'](ctx),
      ...ANALYZERS['snapshot-trend'](ctx),
    ];
    const types = new Set(drafts.map((d) => d.type));
    expect(types.size).toBe(4);
    const profiles = new Map(drafts.map((d) => [d.type, attributeInsight(d, actx)]));
    const signatures = [...profiles.values()].map((p) =>
      JSON.stringify([p.nodeEvidence, p.edgeEvidence, p.contradictingEvidence]),
    );
    expect(new Set(signatures).size).toBe(signatures.length);
    // The divergence is backed by its diverged-from edge; the overlap by two unlinked nodes.
    expect(profiles.get('divergence-watch')!.edgeEvidence.map((e) => e.kind)).toContain('diverged-from');
    expect(profiles.get('cross-reaction')!.nodeEvidence.map((n) => [n.nodeId, n.role])).toEqual([
      ['n3', 'primary'],
      ['n1', 'supporting'],
      ['n2', 'contradicting'],
    ]);
  });
});
