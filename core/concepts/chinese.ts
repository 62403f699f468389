// Chinese anchors: words of Intl.Segmenter and compounds of 2–3 adjacent segments (茶 + 多 + 酚, 再生 + 制动),
// read in each Han run of a quote. The quote is segmented once (one call per run costs half as much again); the
// segments' offsets are the quote's own.
import { zhSegmenter } from '../extractors/heuristic/terms';
import { isHan } from '../units/chars';
import type { TermHit } from './terms';
import { canEdgeCompound, canJoinCompound, isChineseTermWord } from './words';

/** Two words of three characters make a term (再生制动, 地下水位); three words of two are a phrase (形式组织事实). */
const MAX_COMPOUND = [0, 0, 6, 5];

interface Part {
  text: string;
  at: number;
}

export function chineseHits(text: string): TermHit[] {
  const seg = zhSegmenter();
  // Without a segmenter (an old runtime) there are no words: Chinese then has no anchors, never wrong ones.
  if (!seg) return [];
  const hits: TermHit[] = [];
  let run: Part[] = [];
  for (const s of seg.segment(text)) {
    const word = s.segment;
    if (isHan(word.charCodeAt(0)) && isHan(word.charCodeAt(word.length - 1))) {
      // Segments that touch belong to one Han run; a gap (a space, punctuation) ends it.
      if (run.length > 0) {
        const last = run[run.length - 1];
        if (last.at + last.text.length !== s.index) run = [];
      }
      run.push({ text: word, at: s.index });
      runHits(run, hits);
    } else run = [];
  }
  return hits;
}

/** The hits that end with the run's last segment: the word itself, and the compounds of 2–3 segments ending in it. */
function runHits(run: readonly Part[], hits: TermHit[]): void {
  const add = (han: string, start: number) => {
    const key = `zh:${han}`;
    hits.push({ group: key, key, form: { han }, surface: han, start });
  };
  const k = run.length - 1;
  const last = run[k].text;
  if (isChineseTermWord(last)) add(last, run[k].at);
  if (!canEdgeCompound(last)) return;
  let compound = last;
  for (let n = 1; n <= 2 && k - n >= 0; n++) {
    const part = run[k - n].text;
    compound = part + compound;
    if (compound.length > MAX_COMPOUND[n + 1]) return;
    if (canEdgeCompound(part) && compound.length >= 3) add(compound, run[k - n].at);
    if (!canJoinCompound(part)) return;
  }
}
