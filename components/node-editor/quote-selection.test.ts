// The quote of a hand-added relation: the selected text, whitespace folded, and the unit that holds it verbatim —
// looked for around the nodes' own units first, then in the document's first pages; null when no unit holds it.
import { describe, expect, it } from 'vitest';
import type { UnitsPage } from '../shared/api-client';
import { findQuoteUnit, selectedText } from './quote-selection';

const units = Array.from({ length: 40 }, (_, i) => ({
  n: i + 1,
  start: 0,
  end: 0,
  text: i === 34 ? 'Rivers carry water\nto the sea.' : `Unit ${i + 1} says nothing much.`,
  kind: 'narrative',
  sectionId: 's1',
}));

function loader() {
  const calls: Array<[number, number]> = [];
  const load = async (offset: number, limit: number): Promise<UnitsPage> => {
    calls.push([offset, limit]);
    return { units: units.slice(offset, offset + limit) as UnitsPage['units'], total: units.length };
  };
  return { load, calls };
}

describe('the quote of a relation added by hand', () => {
  it('folds the selection’s whitespace', () => {
    expect(selectedText({ toString: () => '  Rivers carry\n water ' })).toBe('Rivers carry water');
    expect(selectedText(null)).toBe('');
  });

  it('finds the unit near the nodes first, then anywhere; none when no unit holds the quote', async () => {
    const near = loader();
    expect(await findQuoteUnit(near.load, 'carry water to the', [33])).toBe(35);
    expect(near.calls).toEqual([[22, 21]]);
    const far = loader();
    expect(await findQuoteUnit(far.load, 'Rivers carry water', [2])).toBe(35);
    expect(far.calls).toEqual([
      [0, 21],
      [0, 2000],
    ]);
    expect(await findQuoteUnit(loader().load, 'not in the text', [2])).toBeNull();
    expect(await findQuoteUnit(null, 'Rivers', [2])).toBeNull();
  });
});
