// A short, deterministic summary: the opening sentences of the first prose unit, as written (never presented as a
// model's summary; it is the document's own lead).
import type { ContentUnit } from '../../schema';
import { sentenceSpans } from '../../units/sentences';
import { clip } from './spans';

const MAX_SUMMARY = 280;

export function summarise(units: readonly ContentUnit[]): string {
  // Prefer a unit that reads like prose (ends like a sentence) over a stray title line.
  const prose = units.filter(
    (u) => u.kind === 'narrative' || u.kind === 'list' || u.kind === 'quote' || u.kind === 'dialogue',
  );
  const unit = prose.find((u) => u.kind === 'narrative' && /[.!?。！？]["”’)）]?$/.test(u.text.trim())) ?? prose[0];
  if (!unit) return '';
  let out = '';
  for (const s of sentenceSpans(unit.text, 0, Math.min(unit.text.length, 4 * MAX_SUMMARY))) {
    const next = (out ? `${out} ` : '') + unit.text.slice(s.start, s.end).replace(/\s+/g, ' ');
    if (out && next.length > MAX_SUMMARY) break;
    out = next;
    if (out.length >= MAX_SUMMARY / 2) break;
  }
  return clip(out, MAX_SUMMARY);
}
