// Chinese anchors: words of Intl.Segmenter and compounds of 2–3 adjacent segments (茶 + 多 + 酚, 再生 + 制动),
// read in each Han run of a quote. Segment boundaries are only used inside the run; offsets stay the quote's own.
import { zhSegmenter } from '../extractors/heuristic/terms';
import { isHan } from '../units/chars';
import type { TermHit } from './terms';
import { canEdgeCompound, canJoinCompound, isChineseTermWord } from './words';

const MAX_COMPOUND = 6;

export function chineseHits(text: string): TermHit[] {
  const seg = zhSegmenter();
  const hits: TermHit[] = [];
  const add = (han: string, start: number) =>
    hits.push({ group: `zh:${han}`, key: `zh:${han}`, form: { han }, surface: han, start });
  for (let i = 0; i < text.length; i++) {
    if (!isHan(text.charCodeAt(i))) continue;
    let j = i + 1;
    while (j < text.length && isHan(text.charCodeAt(j))) j++;
    const run = text.slice(i, j);
    // Without a segmenter (an old runtime) the run is no words: Chinese then has no anchors, never wrong ones.
    const parts = seg ? [...seg.segment(run)].map((s) => ({ text: s.segment, at: i + s.index })) : [];
    for (let k = 0; k < parts.length; k++) {
      if (isChineseTermWord(parts[k].text)) add(parts[k].text, parts[k].at);
      if (!canEdgeCompound(parts[k].text)) continue;
      let compound = parts[k].text;
      for (let n = 1; n <= 2 && k + n < parts.length; n++) {
        const part = parts[k + n].text;
        compound += part;
        if (compound.length > MAX_COMPOUND || !canJoinCompound(part)) break;
        if (compound.length >= 3 && canEdgeCompound(part)) add(compound, parts[k].at);
      }
    }
    i = j - 1;
  }
  return hits;
}
