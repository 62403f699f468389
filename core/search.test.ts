import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch, searchQuery } from './search';

describe('foldForSearch', () => {
  it('folds case over all of Unicode, not only ASCII', () => {
    expect(foldForSearch('ÉLAN Vital')).toBe('élan vital');
    expect(foldForSearch('ΣΟΦΙΑ')).toBe('σοφια');
  });
  it('folds compatibility forms (NFKC): full-width letters, composed and decomposed accents', () => {
    expect(foldForSearch('ＣＡＦÉ－ｂａｒ')).toBe('café-bar');
    expect(foldForSearch('Cafe\u0301')).toBe(foldForSearch('Café'));
  });
  it('leaves Chinese as it is', () => {
    expect(foldForSearch('量子纠缠')).toBe('量子纠缠');
  });
});

describe('matchesSearch', () => {
  const node = { id: 'n7', text: 'Le Café de Flore', type: 'fact', sectionId: 's2' };
  it('matches folded text, exact id, exact section and a node type', () => {
    expect(matchesSearch(node, searchQuery('  CAFÉ '))).toBe(true);
    expect(matchesSearch(node, searchQuery('n7'))).toBe(true);
    expect(matchesSearch(node, searchQuery('s2'))).toBe(true);
    expect(matchesSearch(node, searchQuery('fact'))).toBe(true);
  });
  it('does not match part of an id, a section or a type, nor a word that is not there', () => {
    expect(matchesSearch(node, searchQuery('n'))).toBe(false);
    expect(matchesSearch({ ...node, text: 'x' }, searchQuery('s'))).toBe(false);
    expect(matchesSearch({ ...node, text: 'x' }, searchQuery('fac'))).toBe(false);
    expect(matchesSearch(node, searchQuery('tea'))).toBe(false);
  });
});
