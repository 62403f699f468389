// Invariant checks for a segmentation (used by tests; cheap enough to run in production guards).
import { UNIT_KINDS, type Segmentation } from '../schema/units';
import { isWs } from './chars';

/** Problems with `seg` as a segmentation of `text`; an empty list means every invariant holds. */
export function checkSegmentation(text: string, seg: Segmentation): string[] {
  const problems: string[] = [];
  const kinds = new Set<string>(UNIT_KINDS);
  const sectionIds = new Set(seg.sections.map((s) => s.id));
  let prevEnd = 0;
  seg.units.forEach((u, i) => {
    const at = `unit ${i + 1}`;
    if (u.n !== i + 1) problems.push(`${at}: n is ${u.n}`);
    if (!(u.start < u.end)) problems.push(`${at}: empty span ${u.start}..${u.end}`);
    if (u.start < prevEnd) problems.push(`${at}: starts at ${u.start} before previous end ${prevEnd}`);
    if (u.end > text.length) problems.push(`${at}: ends past the text`);
    if (text.slice(u.start, u.end) !== u.text) problems.push(`${at}: text differs from the slice`);
    if (isWs(u.text.charCodeAt(0)) || isWs(u.text.charCodeAt(u.text.length - 1))) problems.push(`${at}: untrimmed`);
    if (!kinds.has(u.kind)) problems.push(`${at}: bad kind ${u.kind}`);
    if (!sectionIds.has(u.sectionId)) problems.push(`${at}: unknown section ${u.sectionId}`);
    prevEnd = u.end;
  });
  let expected = 1;
  seg.sections.forEach((s, i) => {
    if (s.firstUnit !== expected) problems.push(`section ${s.id}: firstUnit ${s.firstUnit}, expected ${expected}`);
    if (s.lastUnit < s.firstUnit) problems.push(`section ${s.id}: lastUnit before firstUnit`);
    for (let n = s.firstUnit; n <= s.lastUnit; n++) {
      if (seg.units[n - 1]?.sectionId !== s.id) problems.push(`section ${s.id}: unit ${n} not in it`);
    }
    const wantId = i === 0 && s.id === 's0' ? 's0' : `s${seg.sections[0]?.id === 's0' ? i : i + 1}`;
    if (s.id !== wantId) problems.push(`section ${i}: id ${s.id}, expected ${wantId}`);
    if (s.id !== 's0' && seg.units[s.firstUnit - 1]?.kind !== 'heading') problems.push(`section ${s.id}: no heading`);
    expected = s.lastUnit + 1;
  });
  if (seg.units.length > 0 && expected !== seg.units.length + 1) problems.push('sections do not cover all units');
  return problems;
}
