// English anchors: noun phrases, grouped by their head word with plurals folded ("heat islands", "islands" and
// "island" are one group, "en:island"). Every word that can head a phrase is a hit of its group; the head of a
// run of content words with the word before it is also a two-word form, the group's name when it dominates.
import { adjacent, type TermHit, type Word } from './terms';
import { canHead, canModify, isEnglishStopWord } from './words';

/** `nameWord(i)`: whether word i belongs to a name (names.ts), which is never part of a common noun phrase. */
export function englishHits(text: string, words: readonly Word[], nameWord: (i: number) => boolean): TermHit[] {
  const hits: TermHit[] = [];
  const content = (i: number) => !nameWord(i) && !isEnglishStopWord(words[i]);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (!content(i) || !canHead(w)) continue;
    const group = `en:${w.fold}`;
    hits.push({ group, key: group, form: { latin: [w.fold] }, surface: w.surface, start: w.start });
    // The last head of a run ("islands" in "urban heat islands form") with its modifier.
    const next = i + 1 < words.length && adjacent(text, w, words[i + 1]) && content(i + 1) ? words[i + 1] : null;
    if (next && canHead(next)) continue;
    const prev = i > 0 && adjacent(text, words[i - 1], w) && content(i - 1) ? words[i - 1] : null;
    if (!prev || !canModify(prev)) continue;
    hits.push({
      group,
      key: `en:${prev.fold} ${w.fold}`,
      form: { latin: [prev.fold, w.fold] },
      surface: text.slice(prev.start, w.end),
      start: prev.start,
    });
  }
  return hits;
}
