// Names of people, places and organisations in English text: runs of capitalised words ("Rhone Glacier",
// "Yosemite"). A capital at the start of a sentence says nothing, so such a word counts only when the text also
// writes it capitalised mid-sentence (the document-wide set `midCaps`).
import { adjacent, type TermHit, type Word } from './terms';
import { isEnglishStopWord } from './words';

/** Folded words the statements write with a capital in mid-sentence. */
export function midSentenceCapitals(wordLists: readonly (readonly Word[])[]): Set<string> {
  const out = new Set<string>();
  for (const words of wordLists) for (const w of words) if (w.capital && !w.sentenceStart) out.add(w.fold);
  return out;
}

/** Which words are name words, and the name hits (one per run). */
export function nameHits(
  text: string,
  words: readonly Word[],
  midCaps: ReadonlySet<string>,
): { hits: TermHit[]; isName: boolean[] } {
  const isName = words.map(
    (w) => w.capital && !isEnglishStopWord(w) && (!w.sentenceStart || midCaps.has(w.fold)) && w.surface.length > 1,
  );
  const hits: TermHit[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!isName[i]) continue;
    let j = i;
    for (;;) {
      if (j + 1 < words.length && isName[j + 1] && adjacent(text, words[j], words[j + 1])) j++;
      else if (joinsNames(text, words, isName, j) > 0) j += joinsNames(text, words, isName, j);
      else break;
    }
    const run = words.slice(i, j + 1);
    const latin = run.map((w) => w.fold);
    const group = `name:${latin.join(' ')}`;
    hits.push({
      group,
      key: group,
      form: { latin },
      surface: text.slice(run[0].start, run[j - i].end),
      start: run[0].start,
    });
    i = j;
  }
  return { hits, isName };
}

/** "War of the Worlds", "Bank of England": how many words after `j` an "of" or "of the" joins to the next name word. */
function joinsNames(text: string, words: readonly Word[], isName: readonly boolean[], j: number): number {
  const at = (k: number, lower: string) =>
    k < words.length && words[k].surface === lower && adjacent(text, words[k - 1], words[k]);
  if (!at(j + 1, 'of')) return 0;
  const k = at(j + 2, 'the') ? j + 3 : j + 2;
  return k < words.length && isName[k] && adjacent(text, words[k - 1], words[k]) ? k - j : 0;
}
