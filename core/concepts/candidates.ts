// Tallies the term hits of every statement into groups (one possible anchor each): in how many statements, first
// where, and its canonical text and forms. Pure counting; which groups become anchors is select.ts's business.
import { chineseHits } from './chinese';
import { englishHits } from './english';
import { midSentenceCapitals, nameHits } from './names';
import { type Form, latinWords, type TermHit } from './terms';

export interface Group {
  key: string;
  /** Statement indices that name it, ascending. */
  statements: number[];
  /** Canonical text: the dominant two-word form or the head word (lower case, singular when the text has it). */
  text: string;
  forms: Form[];
  /** Order of first appearance, for stable ties. */
  order: number;
  isName: boolean;
}

interface FormTally {
  form: Form;
  statements: number;
  last: number;
  /** Its first spelling in the text, and whether the text also writes it plainly (singular, lower case). */
  first: string;
  plain: boolean;
}

interface Tally {
  group: Group;
  forms: Map<string, FormTally>;
}

export interface Candidates {
  groups: Map<string, Group>;
  /** Per statement, the group keys it names, in order of first hit. */
  byStatement: string[][];
}

export function collectCandidates(quotes: readonly string[]): Candidates {
  const words = quotes.map((q) => (/[A-Za-z]/.test(q) ? latinWords(q) : []));
  const midCaps = midSentenceCapitals(words);
  const tallies = new Map<string, Tally>();
  const byStatement: string[][] = [];
  quotes.forEach((quote, s) => {
    const names = nameHits(quote, words[s], midCaps);
    const hits: TermHit[] = [
      ...names.hits,
      ...englishHits(quote, words[s], (i) => names.isName[i]),
      ...(/[\u3400-\u9fff]/.test(quote) ? chineseHits(quote) : []),
    ];
    const mine: string[] = [];
    for (const hit of hits) {
      let t = tallies.get(hit.group);
      if (!t) {
        const group: Group = {
          key: hit.group,
          statements: [],
          text: '',
          forms: [],
          order: tallies.size,
          isName: hit.group.startsWith('name:'),
        };
        t = { group, forms: new Map() };
        tallies.set(hit.group, t);
      }
      if (t.group.statements[t.group.statements.length - 1] !== s) {
        t.group.statements.push(s);
        mine.push(hit.group);
      }
      let f = t.forms.get(hit.key);
      if (!f) {
        f = { form: hit.form, statements: 0, last: -1, first: hit.surface, plain: false };
        t.forms.set(hit.key, f);
      }
      if (f.last !== s) {
        f.statements++;
        f.last = s;
      }
      if (!f.plain && 'latin' in hit.form) f.plain = spelled(hit.surface) === hit.form.latin.join(' ');
    }
    byStatement.push(mine);
  });
  const groups = new Map<string, Group>();
  for (const [key, t] of tallies) {
    if (t.group.statements.length < 2) continue; // a term met in one statement is no anchor
    name(t);
    groups.set(key, t.group);
  }
  return { groups, byStatement };
}

/** Canonical text and forms: the head, plus the two-word form that dominates the group, which then names it. */
function name(t: Tally): void {
  const g = t.group;
  const head = t.forms.get(g.key);
  if (!head) throw new Error(`concept group ${g.key} without its head form`);
  const df = g.statements.length;
  const best = [...t.forms.values()]
    .filter((p) => p !== head && p.statements >= 2 && p.statements * 2 >= df)
    .sort((a, b) => b.statements - a.statements)[0];
  const chosen = best ?? head;
  g.forms = best ? [head.form, best.form] : [head.form];
  if (g.isName || 'han' in chosen.form) g.text = chosen.first;
  // The plain (singular, lower-case) spelling when the text writes it so; else its own first spelling, lower-cased
  // (a singular made up by rule would be wrong too often: "lens", "species", "series").
  else g.text = chosen.plain ? chosen.form.latin.join(' ') : spelled(chosen.first);
}

function spelled(surface: string): string {
  return surface.toLowerCase().replace(/['’]s$/, '');
}
