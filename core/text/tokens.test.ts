import { describe, expect, it } from 'vitest';
import { jaccard, sharedTokens, tokenSet } from './tokens';

describe('token sets', () => {
  it('tokenises English and Chinese, folding full-width forms', () => {
    expect([...tokenSet('Coastal cities build walls')]).toEqual(['coastal', 'city', 'build', 'wall']);
    expect([...tokenSet('冰川融化')]).toEqual(['冰川', '川融', '融化']);
    expect(tokenSet('ＡＢＣＤ trade')).toEqual(tokenSet('abcd trade'));
    expect(tokenSet('Ｋｎｏｗｌｅｄｇｅ ｇｒａｐｈｓ')).toEqual(tokenSet('knowledge graph'));
  });

  it('measures overlap with Jaccard', () => {
    expect(jaccard(tokenSet('冰川融化加速'), tokenSet('冰川融化'))).toBeCloseTo(3 / 5, 10);
    expect(jaccard(new Set(), new Set())).toBe(0);
    expect(jaccard(new Set(['a']), new Set())).toBe(0);
  });

  it('lists the shared tokens in the order of the first set', () => {
    expect(sharedTokens(tokenSet('sea walls fail'), tokenSet('walls hold the sea'))).toEqual(['sea', 'wall']);
  });
});
