import { describe, expect, it } from 'vitest';
import { displayTerms, jaccard, sharedTokens, tokenSet } from './tokens';

describe('insight tokens', () => {
  it('tokenises English and Chinese, folding full-width forms', () => {
    expect([...tokenSet('Coastal cities build walls')]).toEqual(['coastal', 'city', 'build', 'wall']);
    expect([...tokenSet('冰川融化')]).toEqual(['冰川', '川融', '融化']);
    expect(tokenSet('ＡＢＣＤ trade')).toEqual(tokenSet('abcd trade'));
  });

  it('measures overlap with Jaccard', () => {
    expect(jaccard(tokenSet('冰川融化加速'), tokenSet('冰川融化'))).toBeCloseTo(3 / 5, 10);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('names shared terms as words: Han bigram runs joined back', () => {
    const a = '自动抽取可能产生错误的关系。';
    const b = '自动抽取的错误关系需要核对。';
    const shared = sharedTokens(tokenSet(a), tokenSet(b));
    expect(displayTerms(a, shared)).toEqual(['自动抽取', '错误', '关系']);
    expect(displayTerms('Sea walls fail', ['sea', 'wall'])).toEqual(['sea', 'wall']);
  });
});
