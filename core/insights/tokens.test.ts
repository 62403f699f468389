import { describe, expect, it } from 'vitest';
import { sharedTokens, tokenSet } from '../text/tokens';
import { displayTerms, leadingWord } from './tokens';

describe('insight tokens', () => {
  it('names shared terms as words: Han bigram runs joined back', () => {
    const a = '自动抽取可能产生错误的关系。';
    const b = '自动抽取的错误关系需要核对。';
    const shared = sharedTokens(tokenSet(a), tokenSet(b));
    expect(displayTerms(a, shared)).toEqual(['自动抽取', '错误', '关系']);
    // English tokens are folded (plural -s, -ing, …): the reader gets the word as the text writes it.
    expect(displayTerms('Sea walls fail', ['sea', 'wall'])).toEqual(['sea', 'walls']);
    const physics = sharedTokens(tokenSet('The physics of roller coasters'), tokenSet('Physics explains coasters'));
    expect(displayTerms('The physics of roller coasters', physics)).toEqual(['physics', 'coasters']);
  });

  it('never names a fragment: a shared run is trimmed to the whole words it covers', () => {
    // 可信度可以 / 可信度可能 share 可信, 信度 and 度可: the reader's term is 可信度, never 度可 or 可信度可.
    const a = '可信度可以提高。';
    const b = '可信度可能下降。';
    const shared = sharedTokens(tokenSet(a), tokenSet(b));
    expect(shared).toContain('度可');
    expect(displayTerms(a, shared)).toEqual(['可信度']);
    // A run inside one word names nothing rather than half of it.
    expect(displayTerms('数据库', ['据库'])).toEqual([]);
  });
});

describe('leadingWord', () => {
  it('is the first word that says what a statement is about, skipping stopwords and Han openers', () => {
    expect(leadingWord('In Paris most people commute by metro')).toBe('pari'); // folded like every token (plural -s)
    expect(leadingWord('The sea walls may fail')).toBe('sea');
    expect(leadingWord('Cool colours seem to recede')).toBe('cool');
    expect(leadingWord('暖色让物体显得更近。')).not.toBe(leadingWord('冷色让物体显得更远。'));
    expect(leadingWord('海堤可以保护沿海住宅。')).toBe(leadingWord('海堤在强风暴中可能失效。'));
    expect(leadingWord('在巴黎，大多数人乘地铁通勤')).toBe(leadingWord('巴黎的地铁'));
    expect(leadingWord('… the of —')).toBeNull();
  });
});
