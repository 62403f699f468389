// Appending text to a document: the base units stay exactly as they are (nodes and evidence cite them) and the new
// text is segmented on its own, its units numbered after the base and its offsets shifted into the combined text.
// Text before the appended part's first heading continues the base's last section.
import type { ContentUnit, Section, Segmentation } from '../schema/units';
import { segment } from './segment';

/** What separates the base text from the appended text in the combined source. */
export const APPEND_SEPARATOR = '\n\n';

export function combineTexts(base: string, appended: string): { text: string; appendFrom: number } {
  if (!base) return { text: appended, appendFrom: 0 };
  return { text: base + APPEND_SEPARATOR + appended, appendFrom: base.length + APPEND_SEPARATOR.length };
}

/**
 * Units and sections of `combined`, given the base segmentation of combined.slice(0, appendFrom) (whitespace aside)
 * and where the appended text starts.
 */
export function appendSegmentation(base: Segmentation, combined: string, appendFrom: number): Segmentation {
  const added = segment(combined.slice(appendFrom));
  const unitOffset = base.units.length;
  const lastBase = base.sections[base.sections.length - 1];
  const numbered = base.sections.map((s) => Number(s.id.slice(1))).filter(Number.isFinite);
  const sectionOffset = numbered.length ? Math.max(...numbered) : 0;
  const renamed = new Map<string, string>();
  for (const s of added.sections) {
    // The appended preamble ("s0") belongs to the section the base ended in.
    renamed.set(s.id, s.id === 's0' && lastBase ? lastBase.id : `s${Number(s.id.slice(1)) + sectionOffset}`);
  }
  const units: ContentUnit[] = [
    ...base.units,
    ...added.units.map((u) => ({
      ...u,
      n: u.n + unitOffset,
      start: u.start + appendFrom,
      end: u.end + appendFrom,
      sectionId: renamed.get(u.sectionId) ?? u.sectionId,
    })),
  ];
  const sections: Section[] = base.sections.map((s) => ({ ...s }));
  for (const s of added.sections) {
    const id = renamed.get(s.id)!;
    const shifted = { ...s, id, firstUnit: s.firstUnit + unitOffset, lastUnit: s.lastUnit + unitOffset };
    const existing = sections.find((x) => x.id === id);
    if (existing) existing.lastUnit = shifted.lastUnit;
    else sections.push(shifted);
  }
  return { units, sections };
}
