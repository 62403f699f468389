// Whether two units are consecutive pieces of one narrative paragraph. The segmenter (core/units) starts a new
// unit at topic-shift markers ("Therefore, …", "例如…"), so a sentence-opening connective usually begins its own
// unit; the extractor may then link it back to the previous unit, but only inside one paragraph.
import type { ContentUnit } from '../../schema';

/**
 * Most characters allowed between two units of one paragraph: none (Chinese) or one (a space, or a single line
 * break inside a paragraph). The extractor sees units, not the text between them, and two characters may already
 * be a blank line ("\n\n"), so two is refused (a double space after a full stop is lost to this, rarely).
 */
export const MAX_PARAGRAPH_GAP = 1;

/**
 * True when `unit` directly continues `prev` in the same paragraph: both narrative (never a heading, list, table,
 * code, quote or dialogue unit), the same section, consecutive numbers, and at most MAX_PARAGRAPH_GAP characters
 * between them (so no blank line, heading, fence or thematic break lies in between).
 */
export function continuesParagraph(prev: ContentUnit | undefined, unit: ContentUnit): boolean {
  if (!prev || prev.kind !== 'narrative' || unit.kind !== 'narrative') return false;
  if (prev.sectionId !== unit.sectionId || unit.n !== prev.n + 1) return false;
  const gap = unit.start - prev.end;
  return gap >= 0 && gap <= MAX_PARAGRAPH_GAP;
}
