// A unit's page: the last page that starts at or before the unit's first character (pages are offsets in the text).
import type { ContentUnit } from '../schema/units';

export function pageOf(pages: readonly number[], offset: number): number | undefined {
  if (pages.length === 0) return undefined;
  let lo = 0;
  let hi = pages.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pages[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The units of a PDF's text with their page numbers (no pages: the units as they are). */
export function withPages(units: readonly ContentUnit[], pages: readonly number[] | undefined): ContentUnit[] {
  if (!pages?.length) return [...units];
  return units.map((u) => ({ ...u, page: pageOf(pages, u.start) }));
}
