import { describe, expect, it } from 'vitest';
import { sharedTokens, tokenSet } from '../text/tokens';
import { displayTerms } from './tokens';

describe('insight tokens', () => {
  it('names shared terms as words: Han bigram runs joined back', () => {
    const a = '自动抽取可能产生错误的关系。';
    const b = '自动抽取的错误关系需要核对。';
    const shared = sharedTokens(tokenSet(a), tokenSet(b));
    expect(displayTerms(a, shared)).toEqual(['自动抽取', '错误', '关系']);
    expect(displayTerms('Sea walls fail', ['sea', 'wall'])).toEqual(['sea', 'wall']);
  });
});
