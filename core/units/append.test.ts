import { describe, expect, it } from 'vitest';
import { appendSegmentation, combineTexts } from './append';
import { segment } from './segment';
import { checkSegmentation } from './validate';

describe('appendSegmentation', () => {
  const base =
    '# Rivers\n\nRivers carry water to the sea. Deltas form at their mouths.\n\n## Floods\n\nFloods come in spring.';
  const appended = 'Farms move uphill.\n\n# Lakes\n\nLakes store water. 湖泊可以调节洪水。';

  it('keeps the base units exactly and numbers the appended ones after them', () => {
    const before = segment(base);
    const { text, appendFrom } = combineTexts(base, appended);
    const after = appendSegmentation(before, text, appendFrom);
    expect(after.units.slice(0, before.units.length)).toEqual(before.units);
    expect(checkSegmentation(text, after)).toEqual([]);
    const added = after.units.slice(before.units.length);
    expect(added[0]).toMatchObject({ n: before.units.length + 1, text: 'Farms move uphill.', sectionId: 's2' });
    expect(added.find((u) => u.text === 'Lakes')).toMatchObject({ kind: 'heading', sectionId: 's3' });
  });

  it("extends the base's last section over the appended preamble and adds new sections after it", () => {
    const before = segment(base);
    const { text, appendFrom } = combineTexts(base, appended);
    const { sections, units } = appendSegmentation(before, text, appendFrom);
    expect(sections.map((s) => [s.id, s.title])).toEqual([
      ['s1', 'Rivers'],
      ['s2', 'Floods'],
      ['s3', 'Lakes'],
    ]);
    expect(sections[1].lastUnit).toBe(before.units.length + 1);
    expect(sections[2]).toMatchObject({ firstUnit: before.units.length + 2, lastUnit: units.length });
  });

  it('treats appending to an empty document as a plain segmentation', () => {
    const { text, appendFrom } = combineTexts('', appended);
    expect(appendFrom).toBe(0);
    expect(appendSegmentation({ units: [], sections: [] }, text, appendFrom)).toEqual(segment(appended));
  });
});
