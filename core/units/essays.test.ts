// The MINE essays (test/fixtures/mine/essays.json) carry stray ``` fences around titles and bodies.
import { mineEssays } from '../../test/support/fixtures';
import { describe, expect, it } from 'vitest';
import type { Segmentation } from '../schema/units';
import { checkSegmentation, segment } from './index';

function seg(text: string): Segmentation {
  const s = segment(text);
  expect(checkSegmentation(text, s)).toEqual([]);
  return s;
}

describe('segment: MINE essays with stray fences', () => {
  const essays = mineEssays();

  it('turns "```Title\\n\\n…```" into a heading and narrative units, never code', () => {
    const e = essays[0];
    expect(e.content.startsWith('```The Life Cycle of a Butterfly\n\n')).toBe(true);
    const s = seg(e.content);
    expect(s.units[0]).toMatchObject({ n: 1, kind: 'heading', text: 'The Life Cycle of a Butterfly', start: 3 });
    expect(s.units.slice(1).every((u) => u.kind === 'narrative')).toBe(true);
    expect(s.units.at(-1)!.text.endsWith('grace.')).toBe(true);
    expect(s.sections).toEqual([
      { id: 's1', title: 'The Life Cycle of a Butterfly', level: 2, firstUnit: 1, lastUnit: s.units.length },
    ]);
  });

  it('does not treat a matched ``` … ``` around prose as code', () => {
    const e = essays.find((x) => x.content.startsWith('```\nThe Role of Dreams'))!;
    const s = seg(e.content);
    expect(s.units[0]).toMatchObject({ kind: 'heading', text: 'The Role of Dreams in Psychology' });
    expect(s.units.filter((u) => u.kind === 'code')).toEqual([]);
  });

  it('finds the inner section headings of structured essays', () => {
    const e = essays.find((x) => x.content.includes('Introduction:\nThe sense of smell'))!;
    const titles = seg(e.content).sections.map((x) => x.title);
    expect(titles).toEqual([
      'The Science of Smell',
      'Introduction',
      'How Smell Works',
      'Evolutionary Significance',
      'Impact on Emotions and Memories',
      'Applications in Psychology and Therapy',
      'Cultural and Social Significance',
      'Conclusion',
    ]);
  });

  it('segments all 105 essays into sensible narrative units with the title as a heading', () => {
    for (const e of essays) {
      const s = seg(e.content);
      const body = s.units.filter((u) => u.kind !== 'heading');
      expect(body.every((u) => u.kind === 'narrative')).toBe(true);
      const lens = body.map((u) => u.text.length).sort((a, b) => a - b);
      expect(lens[lens.length >> 1]).toBeGreaterThan(80);
      expect(lens[lens.length - 1]).toBeLessThanOrEqual(240);
      expect(s.units.every((u) => !u.text.includes('```'))).toBe(true);
      const first = e.content
        .replace(/^[`\s]+/, '')
        .split('\n')[0]
        .replace(/`+\s*$/, '');
      if (first.length <= 80) expect(s.units[0]).toMatchObject({ kind: 'heading', text: first });
      else expect(s.units[0].kind).toBe('narrative');
    }
  });
});
