// The shapes the term finders (english.ts, names.ts, chinese.ts) and the matcher share, and the Latin word
// tokenizer all of them read English with.
import { foldPlural } from '../units/tokens';

/** How a term is found again in other quotes: folded Latin words in sequence, or a Han string as it is written. */
export type Form = { latin: readonly string[] } | { han: string };

/** One place a statement's quote names a possible anchor. */
export interface TermHit {
  /** The anchor this hit would name: English terms share their head word's group ("en:island"). */
  group: string;
  /** The form within the group ("en:heat island" or "en:island"). */
  key: string;
  form: Form;
  /** Verbatim as it stands in the quote. */
  surface: string;
  start: number;
}

export interface Word {
  start: number;
  end: number;
  surface: string;
  /** Lower case, possessive dropped. */
  lower: string;
  /** `lower` with its plural folded (core/units' fold, plus "-xes", "-ches", "-sses": "hoaxes" is "hoax"). */
  fold: string;
  capital: boolean;
  /** First word of a sentence, heading or list item, where a capital says nothing about a name. */
  sentenceStart: boolean;
}

const WORD = /[A-Za-z][A-Za-z0-9]*(?:['’-][A-Za-z0-9]+)*/g;
const OPENERS = /["'“‘([*_`]/;
const ENDERS = /[.!?:;#•\-–—\d]/;

export function lowerWord(surface: string): string {
  return surface.toLowerCase().replace(/['’]s$/, '');
}

function fold(lower: string): string {
  return lower.length > 4 && /(?:[xz]|ch|sh|ss)es$/.test(lower) ? lower.slice(0, -2) : foldPlural(lower);
}

export function latinWords(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    const surface = m[0];
    const c = surface.charCodeAt(0);
    const lower = lowerWord(surface);
    out.push({
      start,
      end: start + surface.length,
      surface,
      lower,
      fold: fold(lower),
      capital: c >= 65 && c <= 90,
      sentenceStart: startsSentence(text, start),
    });
  }
  return out;
}

function startsSentence(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === '\n') return true;
    if (ch === ' ' || ch === '\t' || OPENERS.test(ch)) continue;
    return ENDERS.test(ch);
  }
  return true;
}

/** Whether only spaces stand between two words, so they can be one term. */
export function adjacent(text: string, a: Word, b: Word): boolean {
  for (let i = a.end; i < b.start; i++) if (text[i] !== ' ') return false;
  return b.start - a.end === 1;
}

export function formKey(form: Form): string {
  return 'latin' in form ? `l:${form.latin.join(' ')}` : `h:${form.han}`;
}
