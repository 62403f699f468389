import { describe, expect, it } from 'vitest';
import { fixContext } from '../operations/sanitize';
import type { ContentUnit, KgGraph, KgNode } from '../schema';
import { normaliseQuestionAnswer } from './answer';
import { questionContext } from './context';

const units: ContentUnit[] = ['One.', 'Two says water flows.', 'Three.', 'Four.', 'Five.'].map((text, i) => ({
  n: i + 1,
  start: 0,
  end: text.length,
  text,
  kind: 'narrative',
  sectionId: 's1',
}));
const node = (id: string, paragraph: number | null, quote: string): KgNode => ({
  id,
  type: 'fact',
  text: quote,
  paragraph,
  quote,
  evidence: [],
  groundingStatus: 'grounded',
  entailmentStatus: 'unverified',
});
const graph: KgGraph = {
  summary: '',
  nodes: [node('a', 2, 'water flows'), node('b', 5, 'Five.'), node('c', null, 'Three.')],
  edges: [{ id: 'e1', fromNodeId: 'a', toNodeId: 'b', relation: 'supports', evidence: [] }],
};

describe('question context', () => {
  it('shows a node its own unit and the two beside it, and a relation the units of its ends', () => {
    const ctx = questionContext(graph, units, { kind: 'node', id: 'a' });
    expect(ctx.units.map((u) => u.n)).toEqual([1, 2, 3]);
    expect(ctx.nodes.map((n) => n.id)).toEqual(['a', 'c']);
    const rel = questionContext(graph, units, { kind: 'edge', id: 'a>b' });
    expect(rel.units.map((u) => u.n)).toEqual([2, 5]);
    expect(rel.edge?.id).toBe('e1');
    expect(rel.edges.map((e) => e.id)).toEqual(['e1']);
    expect(() => questionContext(graph, units, { kind: 'node', id: 'zz' })).toThrow(/No node/);
  });
});

describe('question answer', () => {
  const ctx = questionContext(graph, units, { kind: 'node', id: 'a' });
  const fixes = fixContext(graph, units);
  const fix = { action: 'update_node', nodePatch: { id: 'a', patch: { text: 'water flows fast' } } };

  it('never keeps a fix with a supported or out_of_scope verdict', () => {
    for (const verdict of ['supported', 'out_of_scope'] as const) {
      const out = normaliseQuestionAnswer({ verdict, answer: 'ok', evidence: [], proposedFix: fix }, ctx, units, fixes);
      expect(out.proposedFix).toEqual({ action: 'none' });
      expect(out.warnings).toContain(`question_fix_dropped:verdict_${verdict}`);
    }
    const kept = normaliseQuestionAnswer(
      { verdict: 'contradicted', answer: 'no', evidence: [], proposedFix: fix },
      ctx,
      units,
      fixes,
    );
    expect(kept.proposedFix.action).toBe('update_node');
  });

  it('turns an unknown verdict into insufficient and blanks quotes that do not authenticate', () => {
    const out = normaliseQuestionAnswer(
      {
        verdict: 'maybe',
        answer: 'x'.repeat(3000),
        evidence: [
          { paragraph: 2, quote: 'water flows' },
          { paragraph: 2, quote: 'fire burns' },
        ],
      },
      ctx,
      units,
      fixes,
    );
    expect(out.verdict).toBe('insufficient');
    expect(out.answer.length).toBe(2000);
    expect(out.evidence).toEqual([
      { paragraph: 2, quote: 'water flows' },
      { paragraph: 2, quote: '' },
    ]);
  });
});
