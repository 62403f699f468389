import { describe, expect, it } from 'vitest';
import { coverageWarning } from './coverage';
import { describeTaskWarning, droppedEdgeWarning } from './warning-words';

const CODE = /\b[a-z]+(?:_[a-z]+)+\b/;
const HAN = /\p{Script=Han}/u;

describe('a task’s warnings in a reader’s words', () => {
  const written = [
    droppedEdgeWarning(3, 'counter_example', 'edge_without_relation_words'),
    droppedEdgeWarning(1, 'causes', 'edge_ungrounded'),
    coverageWarning(2, { eligible: 9, missed: [3, 4, 5, 9], stillMissed: [] }),
    coverageWarning(2, { eligible: 9, missed: [3], stillMissed: [3] }),
    coverageWarning(4, { eligible: 9, missed: [3, 4], stillMissed: [3, 4], retryError: 'model_timeout' }),
    'review_resumed:12',
    'entailment_not_written:2',
    'wikipedia_unavailable:zh:network',
    'fact_claims_capped:80:40',
    'some_new_code:7',
  ];

  it('says each line the pipeline and the runners write as a sentence with no code, in both languages', () => {
    for (const w of written) {
      const en = describeTaskWarning(w, 'en');
      const zh = describeTaskWarning(w, 'zh');
      expect(en, w).not.toMatch(CODE);
      expect(zh, w).not.toMatch(CODE);
      expect(zh, w).toMatch(HAN);
      expect(en, w).not.toMatch(HAN);
      expect(en, w).not.toBe(w);
    }
  });

  it('names the relation by its word and the batch, and keeps what happened to the units', () => {
    expect(describeTaskWarning(written[0] as string, 'en')).toBe(
      'Batch 3: a “counter-example to” relation was left out because its quote holds no word for that relation.',
    );
    expect(describeTaskWarning(written[1] as string, 'zh')).toContain('第 1 批');
    expect(describeTaskWarning(written[2] as string, 'en')).toContain('units 3-5, 9');
    expect(describeTaskWarning(written[2] as string, 'en')).toMatch(/every one now holds a node\.$/);
    expect(describeTaskWarning(written[3] as string, 'en')).toMatch(/1 still hold none\.$/);
    expect(describeTaskWarning(written[4] as string, 'zh')).toContain('重试失败');
  });

  it('shows a sentence it does not know as it is', () => {
    expect(describeTaskWarning('The model ignored JSON mode: retried without it.', 'en')).toBe(
      'The model ignored JSON mode: retried without it.',
    );
  });
});
