// segment(): the one deterministic segmentation used by the worker, the browser and Node.
import type { ContentUnit, Section, Segmentation, UnitKind } from '../schema/units';
import { trimSpan } from './chars';
import { buildBlocks } from './blocks';
import { classifyBlocks, type Emitter } from './classify';
import { scanLines } from './lines';

/**
 * Split `text` into numbered content units and heading-driven sections. Offsets are UTF-16 indices into
 * `text` itself (no normalisation): for every unit, text.slice(unit.start, unit.end) === unit.text.
 */
export function segment(text: string): Segmentation {
  const units: ContentUnit[] = [];
  const sections: Section[] = [];
  let current: Section | null = null;
  let headings = 0;
  const push = (kind: UnitKind, s: number, e: number, section: Section): void => {
    const n = units.length + 1;
    units.push({ n, start: s, end: e, text: text.slice(s, e), kind, sectionId: section.id });
    section.lastUnit = n;
  };
  const em: Emitter = {
    unit(kind, start, end) {
      const [s, e] = trimSpan(text, start, end);
      if (e <= s) return;
      if (!current) {
        current = { id: 's0', title: '', level: 0, firstUnit: units.length + 1, lastUnit: units.length + 1 };
        sections.push(current);
      }
      push(kind, s, e, current);
    },
    heading(start, end, level) {
      const [s, e] = trimSpan(text, start, end);
      if (e <= s) return;
      const n = units.length + 1;
      current = { id: `s${++headings}`, title: text.slice(s, e), level, firstUnit: n, lastUnit: n };
      sections.push(current);
      push('heading', s, e, current);
    },
  };
  if (text.length > 0) {
    const lines = scanLines(text);
    classifyBlocks(text, lines, buildBlocks(text, lines), em);
  }
  return { units, sections };
}
