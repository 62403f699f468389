// A question's verdict is shown only when the answer carries one of the four (never a made-up verdict).
import { describe, expect, it } from 'vitest';
import { readQuestionResult } from './question-box';

describe('question results', () => {
  it('shows a verdict only when the answer has one of the four (never a made-up verdict)', () => {
    expect(readQuestionResult({ verdict: 'maybe', answer: 'a' })).toBeNull();
    expect(readQuestionResult(undefined)).toBeNull();
    const r = readQuestionResult({
      verdict: 'contradicted',
      answer: 'no',
      evidence: [{ paragraph: 1, quote: '' }],
      proposedFix: { action: 'delete_node', nodePatch: { id: 'n1' } },
    })!;
    expect(r).toMatchObject({
      verdict: 'contradicted',
      evidence: [{ paragraph: 1, quote: '' }],
      proposedFix: { action: 'delete_node' },
    });
  });
});
