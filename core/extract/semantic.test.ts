import { describe, expect, it } from 'vitest';
import { RELATION_CUE_WORDS } from '../extractors/heuristic/self-check';
import { RELATIONS, type WireBatch } from '../schema';
import { RELATION_WORDS, checkSemantics } from './semantic';

const batch = (over: Partial<WireBatch>): WireBatch => ({ summary: '', nodes: [], edges: [], ...over });

describe('checkSemantics', () => {
  it('flags a hedge dropped from the node text', () => {
    const report = checkSemantics(
      batch({ nodes: [{ id: 'n1', type: 'claim', text: 'Rain falls', paragraph: 1, quote: 'Rain may fall' }] }),
    );
    expect(report.feedback.map((f) => f.code)).toEqual(['hedge_dropped']);
    const kept = checkSemantics(
      batch({ nodes: [{ id: 'n1', type: 'claim', text: '雨可能会下', paragraph: 1, quote: '可能下雨' }] }),
    );
    expect(kept.feedback).toEqual([]);
  });

  it('flags a generalisation typed as a fact', () => {
    const report = checkSemantics(
      batch({
        nodes: [
          {
            id: 'n1',
            type: 'fact',
            text: 'Cats always land on their feet',
            paragraph: 1,
            quote: 'Cats always land on their feet',
          },
        ],
      }),
    );
    expect(report.feedback.map((f) => f.code)).toEqual(['generalisation_as_fact']);
  });

  it('finds edges whose quote does not state their relation', () => {
    const report = checkSemantics(
      batch({
        edges: [
          { fromNodeId: 'n1', toNodeId: 'n2', relation: 'causes', paragraph: 1, quote: 'Rain. Wet ground.' },
          {
            fromNodeId: 'n1',
            toNodeId: 'n2',
            relation: 'causes',
            paragraph: 1,
            quote: 'The ground is wet because it rained.',
          },
          { fromNodeId: 'n1', toNodeId: 'n2', relation: 'example', paragraph: 1, quote: '例如，麻雀是鸟。' },
        ],
      }),
    );
    expect(report.edgesWithoutRelationWords).toEqual([0]);
  });

  it('accepts every cue the built-in extractor uses for each relation', () => {
    for (const relation of RELATIONS) {
      for (const cue of RELATION_CUE_WORDS[relation].source.split('|')) {
        const sample = cue.replace(/\\b/g, '').replace(/\\\./g, '.');
        expect(RELATION_WORDS[relation].test(sample), `${relation}: ${sample}`).toBe(true);
      }
    }
  });
});
