// Finds anchors' forms in a quote: Latin forms word by word on folded words (so "Glaciers" names "glacier"), Han
// forms as substrings. Overlapping finds go to the longest ("heat islands" over "heat"); each anchor keeps its
// first place in the quote. The surface returned is always a slice of the quote.
import { adjacent, type Form, latinWords } from './terms';

export interface Found {
  anchor: number;
  start: number;
  surface: string;
}

export class FormMatcher {
  private readonly byWord = new Map<string, { anchor: number; latin: readonly string[] }[]>();
  private readonly byChar = new Map<string, { anchor: number; han: string }[]>();

  constructor(anchorForms: readonly (readonly Form[])[]) {
    anchorForms.forEach((forms, anchor) => {
      for (const form of forms) {
        if ('latin' in form) {
          if (form.latin.length === 0) continue;
          push(this.byWord, form.latin[0], { anchor, latin: form.latin });
        } else if (form.han) push(this.byChar, form.han[0], { anchor, han: form.han });
      }
    });
  }

  find(quote: string): Found[] {
    const spans: { anchor: number; start: number; end: number }[] = [];
    if (this.byWord.size > 0) {
      const words = latinWords(quote);
      words.forEach((w, i) => {
        for (const f of this.byWord.get(w.fold) ?? []) {
          let k = 1;
          while (
            k < f.latin.length &&
            i + k < words.length &&
            words[i + k].fold === f.latin[k] &&
            adjacent(quote, words[i + k - 1], words[i + k])
          )
            k++;
          if (k === f.latin.length) spans.push({ anchor: f.anchor, start: w.start, end: words[i + k - 1].end });
        }
      });
    }
    if (this.byChar.size > 0) {
      for (let i = 0; i < quote.length; i++) {
        for (const f of this.byChar.get(quote[i]) ?? []) {
          if (quote.startsWith(f.han, i)) spans.push({ anchor: f.anchor, start: i, end: i + f.han.length });
        }
      }
    }
    spans.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.anchor - b.anchor);
    const taken: { start: number; end: number }[] = [];
    const seen = new Set<number>();
    const out: Found[] = [];
    for (const s of spans) {
      if (seen.has(s.anchor) || taken.some((t) => s.start < t.end && t.start < s.end)) continue;
      taken.push(s);
      seen.add(s.anchor);
      out.push({ anchor: s.anchor, start: s.start, surface: quote.slice(s.start, s.end) });
    }
    return out.sort((a, b) => a.start - b.start);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
