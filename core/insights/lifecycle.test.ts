import { describe, expect, it } from 'vitest';
import { updateInsights, updateTopics } from './lifecycle';
import type { StoredInsight, StoredTopic } from './types';

const item = (id: string, score: number, severity: 'info' | 'warn' = 'info', round = 1): StoredInsight => ({
  draft: {
    id,
    type: 'snapshot-trend',
    severity,
    title: { en: id, zh: id },
    detail: { en: '', zh: '' },
    references: {},
  },
  profile: { nodeEvidence: [], edgeEvidence: [], contradictingEvidence: [], attributionScore: score, rationale: '' },
  firstRound: round,
  lastSeenRound: round,
});
const cfg = { maxStaleRounds: 3, maxInsights: 20 };

describe('insight lifecycle', () => {
  it('refreshes a finding seen again and keeps its first round', () => {
    const out = updateInsights([item('a', 0.5)], [item('a', 0.7, 'info', 2)], 2, cfg);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ firstRound: 1, lastSeenRound: 2, profile: { attributionScore: 0.7 } });
  });

  it('evicts a finding unconfirmed for maxStaleRounds rounds', () => {
    let kept = updateInsights([], [item('a', 0.9)], 1, cfg);
    for (const round of [2, 3]) {
      kept = updateInsights(kept, [item('b', 0.1, 'info', round)], round, cfg);
      expect(kept.map((s) => s.draft.id)).toContain('a');
    }
    kept = updateInsights(kept, [item('b', 0.1, 'info', 4)], 4, cfg);
    expect(kept.map((s) => s.draft.id)).toEqual(['b']);
  });

  it('keeps at most maxInsights: stale first out, then lower evidence, then info before warn', () => {
    const stale = item('old', 1, 'warn', 1);
    const fresh = Array.from({ length: 21 }, (_, i) =>
      item(`f${i}`, i < 2 ? 0.3 : 0.5 + i / 100, i === 1 ? 'warn' : 'info', 2),
    );
    const out = updateInsights([stale], fresh, 2, cfg);
    expect(out).toHaveLength(20);
    const ids = out.map((s) => s.draft.id);
    expect(ids).not.toContain('old');
    // f0 and f1 tie at 0.3: the warning stays, the info goes.
    expect(ids).toContain('f1');
    expect(ids).not.toContain('f0');
  });
});

const topic = (key: string, nodeIds: string[] = ['n1'], round = 1): StoredTopic => ({
  key,
  kind: 'extension',
  question: { en: key, zh: key },
  rationale: { en: '', zh: '' },
  nodeIds,
  round,
});

describe('topic lifecycle', () => {
  const live = new Set(['n1', 'n2']);

  it('is a FIFO of at most maxTopics: the oldest round leaves first', () => {
    const old = ['a', 'b', 'c'].map((k) => topic(k));
    const out = updateTopics(old, [topic('d', ['n1'], 2), topic('e', ['n1'], 2)], live, 4);
    expect(out.map((t) => t.key)).toEqual(['b', 'c', 'd', 'e']);
  });

  it('deduplicates: a question met again moves to the back with its new wording', () => {
    const again = { ...topic('a', ['n1'], 2), question: { en: 'new words', zh: '新措辞' } };
    const out = updateTopics([topic('a'), topic('b')], [again, again], live, 10);
    expect(out.map((t) => [t.key, t.question.en])).toEqual([
      ['b', 'b'],
      ['a', 'new words'],
    ]);
  });

  it('drops questions about nodes that left the graph, and keeps the first of an oversized round', () => {
    expect(updateTopics([topic('gone', ['n9'])], [], live, 10)).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => topic(`t${i}`, ['n1'], 2));
    expect(updateTopics([], many, live, 10).map((t) => t.key)).toEqual(many.slice(0, 10).map((t) => t.key));
  });
});
