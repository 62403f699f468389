// The quote of a relation added by hand: the text the reader selected in the source pane, and the unit it lies in
// (the commit gate authenticates it there, so it must be that unit's own characters).
import type { UnitLoader } from '../source-pane/unit-pages';

/** Units read around each unit the nodes cite, looking for the selected quote. */
const AROUND = 10;

/** The page's selected text (the source pane's selection is the page's: one selection per document), trimmed. */
export function selectedText(selection: Pick<Selection, 'toString'> | null = document.getSelection()): string {
  return (selection?.toString() ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The number of a unit whose text holds `quote` verbatim: first among the units around `near` (the nodes' own
 * units), then among the document's first 2000. Null when no unit holds it.
 */
export async function findQuoteUnit(
  loader: UnitLoader | null,
  quote: string,
  near: readonly number[],
): Promise<number | null> {
  if (!loader || !quote) return null;
  const wanted = quote.replace(/\s+/g, ' ');
  const holds = (text: string) => text.replace(/\s+/g, ' ').includes(wanted);
  const seen = new Set<number>();
  for (const n of near) {
    const first = Math.max(1, n - AROUND);
    const page = await loader(first - 1, 2 * AROUND + 1);
    for (const unit of page.units) {
      if (seen.has(unit.n)) continue;
      seen.add(unit.n);
      if (holds(unit.text)) return unit.n;
    }
  }
  const page = await loader(0, 2000);
  return page.units.find((u) => !seen.has(u.n) && holds(u.text))?.n ?? null;
}
