// Confidence read from the text: hedges lower it, evidence cues raise it, in both languages.
import { describe, expect, it } from 'vitest';
import { segment } from '../../units';
import { confidenceOf } from './confidence';
import { extractUnits } from './index';

describe('confidence from the text', () => {
  it('lowers hedged statements and raises measured ones', () => {
    const plain = confidenceOf('Wetlands store carbon.', 'claim');
    expect(confidenceOf('Wetlands may store carbon.', 'claim')).toBeLessThan(plain);
    expect(confidenceOf('Wetlands may usually store carbon.', 'claim')).toBeLessThan(
      confidenceOf('Wetlands may store carbon.', 'claim'),
    );
    expect(confidenceOf('A 2019 study measured the carbon that wetlands store.', 'claim')).toBeGreaterThan(plain);
    expect(confidenceOf('午睡可能让人昏昏沉沉。', 'claim')).toBeLessThan(confidenceOf('午睡让人昏昏沉沉。', 'claim'));
    expect(confidenceOf('实验中回忆成绩高出约百分之二十。', 'claim')).toBeGreaterThan(
      confidenceOf('回忆成绩更高。', 'claim'),
    );
  });

  it('gives every node of an extraction a confidence that spreads', () => {
    const { units } = segment(
      'Peat usually forms in wetlands. A 2003 survey counted 70,000 deaths. 熬夜复习往往得不偿失。',
    );
    const values = extractUnits(units).nodes.map((n) => n.confidence);
    expect(values.every((c) => typeof c === 'number' && c >= 0.3 && c <= 0.95)).toBe(true);
    expect(Math.max(...(values as number[])) - Math.min(...(values as number[]))).toBeGreaterThanOrEqual(0.3);
  });
});
