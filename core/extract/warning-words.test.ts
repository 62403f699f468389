import { describe, expect, it } from 'vitest';
import { coverageWarning } from './coverage';
import { modelEventWarning } from './model-event-words';
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
    modelEventWarning(0, { kind: 'reasoning_set_aside' }),
    modelEventWarning(0, { kind: 'prose_set_aside' }),
    modelEventWarning(1, { kind: 'reasoning_only' }),
    modelEventWarning(2, { kind: 'json_mode_refused' }),
    modelEventWarning(3, { kind: 'provider_wait', status: 429, waitMs: 1000, asked: true }),
    modelEventWarning(3, { kind: 'provider_wait', status: 0, waitMs: 500, asked: false }),
    modelEventWarning(4, {
      kind: 'split',
      cause: 'length',
      units: [1, 3],
      halves: [
        [1, 1],
        [2, 3],
      ],
    }),
    modelEventWarning(5, {
      kind: 'split',
      cause: 'context',
      units: [4, 7],
      halves: [
        [4, 5],
        [6, 7],
      ],
    }),
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

  it('says what a real model did and what was done about it', () => {
    const say = (i: number, lang: 'en' | 'zh' = 'en') => describeTaskWarning(written[i] as string, lang);
    expect(say(13)).toBe(
      'Batch 2: the model ignored JSON mode: it was asked again without it, and is no longer asked for JSON mode.',
    );
    expect(say(14)).toBe(
      'Batch 3: the model service answered 429 (too many requests); it was asked again after 1 s, as it requested.',
    );
    expect(say(14, 'zh')).toBe('第 3 批：模型服务返回 429（请求过多），按其要求等待 1 秒后已重试。');
    expect(say(16)).toBe(
      "Batch 4: the answer for units 1-3 stopped at the model's output limit, so it was split into unit 1 and units 2-3, each asked on its own.",
    );
    expect(say(17, 'zh')).toBe('第 5 批：第 4–7 段的提示超出了模型的上下文长度，已拆成第 4–5 段和第 6–7 段分别请求。');
  });

  it('shows a sentence it does not know as it is', () => {
    expect(describeTaskWarning('The model ignored JSON mode: retried without it.', 'en')).toBe(
      'The model ignored JSON mode: retried without it.',
    );
  });
});
