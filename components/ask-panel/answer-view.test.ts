// Reading an answer defensively, what a citation selects, and the answerer's label (the offline answerer is
// "extractive", never a model).
import { describe, expect, it } from 'vitest';
import { readAnswer } from './ask-types';
import { answererLabel, citationTarget } from './answer-view';

describe('answers', () => {
  it('refuses what is not an answer and keeps only well-formed parts and citations', () => {
    expect(readAnswer(null)).toBeNull();
    expect(readAnswer({ status: 'maybe' })).toBeNull();
    const answer = readAnswer({
      status: 'answered',
      parts: [{ id: 'part-1', text: 'A', evidenceIds: ['ev1', 7] }, { text: 3 }],
      citations: [
        { id: 'ev1', targetKind: 'node', targetId: 'n9', nodeId: 'n9', paragraph: 12, quote: 'q' },
        { targetKind: 'node' },
      ],
      followUps: ['f', 1],
      model: 'builtin:extractive',
      answerer: 'extractive',
    })!;
    expect(answer.parts).toEqual([{ id: 'part-1', text: 'A', evidenceIds: ['ev1'] }]);
    expect(answer.citations.map((c) => c.id)).toEqual(['ev1']);
    expect(answer.followUps).toEqual(['f']);
  });

  it('selects a node, a relation by its ends, or a unit alone', () => {
    const base = { id: 'ev', nodeIds: [] as string[], quote: 'q', paragraph: 4 };
    expect(citationTarget({ ...base, targetKind: 'node', targetId: 'n1', nodeId: 'n1' })).toEqual({
      target: 'node',
      nodeId: 'n1',
      paragraph: 4,
    });
    expect(
      citationTarget({
        ...base,
        targetKind: 'edge',
        targetId: 'e1',
        fromNodeId: 'a',
        toNodeId: 'b',
        relation: 'causes',
      }),
    ).toMatchObject({
      target: 'edge',
      edgeId: 'e1',
      fromNodeId: 'a',
      toNodeId: 'b',
    });
    expect(citationTarget({ ...base, targetKind: 'source', targetId: 'paragraph:4' })).toEqual({
      target: 'unit',
      paragraph: 4,
    });
  });

  it('labels the offline answerer as extractive in both languages, and a model as a model', () => {
    expect(answererLabel({ model: 'builtin:extractive', answerer: 'extractive' }, 'en')).toBe(
      'by the extractive answerer (offline, not a model)',
    );
    expect(answererLabel({ model: 'builtin:extractive', answerer: null }, 'zh')).toBe(
      '回答方式：抽取式（离线，非模型）',
    );
    expect(answererLabel({ model: 'deepseek-chat', answerer: 'model' }, 'en')).toBe('by model deepseek-chat');
  });
});
