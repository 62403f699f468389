// Intl.Segmenter (word granularity) inside workerd, as the built-in extractor's key terms use it (issue 17): the
// same whole-word check that runs in Node must run in the Worker, or a Chinese document would get other terms there.
import { describe, expect, it } from 'vitest';
import { recurringTerms } from '../../core/extractors/heuristic/terms';
import type { ContentUnit } from '../../core/schema';

const units = (texts: string[]): ContentUnit[] => {
  let at = 0;
  return texts.map((text, i) => {
    const u: ContentUnit = { n: i + 1, start: at, end: at + text.length, text, kind: 'narrative', sectionId: 's0' };
    at += text.length + 2;
    return u;
  });
};

describe('Chinese word segmentation in workerd', () => {
  it('has Intl.Segmenter with Chinese word boundaries', () => {
    expect(typeof Intl.Segmenter).toBe('function');
    const words = [...new Intl.Segmenter('zh', { granularity: 'word' }).segment('市场价格上涨了。')]
      .filter((s) => s.isWordLike)
      .map((s) => s.segment);
    expect(words.slice(0, 2)).toEqual(['市场', '价格']);
  });

  it('keeps whole-word key terms and drops an n-gram that straddles two words', () => {
    expect(
      recurringTerms(units(['市场价格上涨了。', '商场价值很高。', '广场价位合理。']), 5).map((t) => t.surface),
    ).not.toContain('场价');
    const terms = recurringTerms(
      units(['知识图谱能表示事实。', '我们用知识图谱组织概念。', '每个知识图谱都有节点和边。']),
      5,
    );
    expect(terms.map((t) => t.surface)).toContain('知识图谱');
  });
});
