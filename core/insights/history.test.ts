import { describe, expect, it } from 'vitest';
import { edge, graph, node, sections } from './__fixtures__/graphs';
import { indexGraph } from './graph-index';
import { confidenceSeries, diffStates, indexHistory, nodeStates, roundStats } from './history';

const secs = sections('s1', 's2');
const states = (g: ReturnType<typeof graph>) => nodeStates(indexGraph(g, secs));

describe('history', () => {
  const a = node('n1', 'claim', 'Rates rise.', { confidence: 0.8 });
  const b = node('n2', 'claim', 'Interest rates are rising.', { confidence: 0.7 });
  const c = node('n3', 'fact', 'Inflation hit 6%.', { confidence: 0.9 });

  it('keeps a compact state per node: hashes, not text', () => {
    const s = states(graph([a])).get('n1')!;
    expect(s).toMatchObject({
      type: 'claim',
      section: 's1',
      family: 'evidential',
      confidence: 0.8,
      grounding: 'grounded',
    });
    expect(s.textHash).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(s)).not.toContain('Rates rise');
  });

  it('logs nothing for an unchanged revision', () => {
    expect(diffStates(states(graph([a, c])), states(graph([a, c])), 2)).toEqual([]);
  });

  it('logs additions, changes and removals, and detects a merge by the quotes the survivor gained', () => {
    const merged = { ...a, evidence: [...a.evidence, ...b.evidence] };
    const changes = diffStates(
      states(graph([a, b, c])),
      states(graph([merged, { ...c, confidence: 0.5 }, node('n4', 'fact', 'New.')])),
      2,
    );
    const byId = new Map(changes.map((ch) => [ch.nodeId, ch]));
    expect(byId.get('n2')).toMatchObject({ next: null, mergedInto: 'n1' });
    expect(byId.get('n3')!.next!.confidence).toBe(0.5);
    expect(byId.get('n4')!.prev).toBeNull();
    // A removal whose quotes nobody gained is a plain removal.
    const removed = diffStates(states(graph([a, b])), states(graph([a])), 3);
    expect(removed).toEqual([expect.objectContaining({ nodeId: 'n2', next: null })]);
    expect(removed[0].mergedInto).toBeUndefined();
  });

  it('indexes births, merges, removals and revisions across rounds', () => {
    const r1 = states(graph([a, b, c]));
    const r2 = states(graph([{ ...a, text: 'Rates rise fast.' }, c, node('n4', 'fact', 'New.')]));
    const past = indexHistory(diffStates(r1, r2, 2));
    expect(past.bornRound.get('n4')).toBe(2);
    expect(past.removed.get('n2')).toBe(2);
    expect(past.revised.get('n1')).toEqual([2]);
  });

  it("rebuilds a node's confidence per round from its changes", () => {
    const r = [1, 2, 3, 4].map((i) => states(graph([{ ...a, confidence: [0.8, 0.8, 0.6, 0.5][i - 1] }])));
    const changes = [diffStates(r[0], r[1], 2), diffStates(r[1], r[2], 3), diffStates(r[2], r[3], 4)].flat();
    expect(confidenceSeries([1, 2, 3, 4], changes)).toEqual([
      { round: 1, confidence: 0.8 },
      { round: 2, confidence: 0.8 },
      { round: 3, confidence: 0.6 },
      { round: 4, confidence: 0.5 },
    ]);
  });

  it('counts grounding and chain families per round', () => {
    const g = graph(
      [a, c, node('n5', 'claim', 'Odd.', { grounding: 'unsupported' })],
      [edge('e1', 'n3', 'n1', 'causes')],
    );
    const s = roundStats(indexGraph(g, secs));
    expect(s).toMatchObject({ nodes: 3, edges: 1, grounded: 2, unsupported: 1 });
    expect(s.families.causal).toEqual({ nodes: 2, edges: 1, confidence: 0.85 });
    expect(s.families.evidential).toEqual({ nodes: 1, edges: 0, confidence: null });
  });
});
