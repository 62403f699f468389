// How a cue table becomes a pattern. The tables of cues.ts (word → link) are the truth: every regex that finds
// their words is built here from them, so a word added to a table takes effect wherever that table is read
// (cue-table.test.ts checks that each key is found by its pattern and looks up to its own link).
import type { NodeType, Relation } from '../../schema';
import { escapeRegex } from '../../text/word-patterns';

/**
 * A cue that links two clauses. `forward`: the earlier clause is the edge's source (X therefore Y: X → Y);
 * `backward`: the later clause is the source (X because Y: Y → X).
 */
export interface LinkCue {
  relation: Relation;
  direction: 'forward' | 'backward';
  /** Type suggested for the clause the cue introduces (kept only when no stronger cue types it). */
  introduces?: NodeType;
  /** Keep the cue in the node text (purpose clauses and hedged verbs read wrongly without it). */
  keepInText?: boolean;
  /**
   * Links only when the sentence before opens on a position someone holds ("Some fear X. In fact, Y", 有人担心X。事实上，Y;
   * HELD_POSITION): there the cue corrects it; elsewhere "in fact" only insists, and links nothing.
   */
  answersPosition?: boolean;
}

/** How a word of a table is matched, when not simply as written. Lookarounds are regex source. */
export interface CueForm {
  /** The word is a cue only when this follows ("others" before a reporting verb). */
  before?: string;
  /** The word is no cue when this follows ("so far", "because of"). */
  notBefore?: string;
  /** Any whitespace between its words (else exactly the single spaces it is written with). */
  anySpace?: boolean;
  /** What may stand in front of the word as part of the cue (a clause's own subject before 随之); found with it, the
   * cue keeps it in the node text. */
  subjectBefore?: string;
}

/** A table word whose match needs a form. */
export interface FormedCue {
  link: LinkCue;
  form: CueForm;
}

/**
 * Words (lower case, single spaces) and the link each carries. A pattern tries them in table order, so where one
 * word begins another (但是 and 但, "this shows that" and "this shows") the longer comes first.
 */
export type CueTable = Readonly<Record<string, LinkCue | FormedCue>>;

/** A cue no word list can hold ("This is a clear sign that", 正因如此): tried after the table's words. */
export interface PatternCue {
  pattern: string;
  link: LinkCue;
  /** Lookahead after the pattern (not part of the cue). */
  before?: string;
}

export const withForm = (link: LinkCue, form: CueForm): FormedCue => ({ link, form });

export const linkOf = (entry: LinkCue | FormedCue): LinkCue => ('link' in entry ? entry.link : entry);
const formOf = (entry: LinkCue | FormedCue): CueForm => ('form' in entry ? entry.form : {});

/** `\b` where a Latin word begins or ends on a letter or digit ("e.g." ends on a dot; Chinese has no word edges). */
const edge = (ch: string | undefined) => (ch && /\w/.test(ch) ? String.raw`\b` : '');

/** A table word as regex source: as a cue (after its subject, if it takes one) or inside a quote (a Latin word whole). */
function wordSource(word: string, form: CueForm, inQuote = false): string {
  const spaced = escapeRegex(word).replace(/ /g, form.anySpace ? String.raw`\s+` : ' ');
  return (
    (inQuote ? edge(word[0]) + spaced + edge(word.at(-1)) : (form.subjectBefore ?? '') + spaced) +
    (form.before ? `(?=${form.before})` : '') +
    (form.notBefore ? `(?!${form.notBefore})` : '')
  );
}

const patternSource = (p: PatternCue) => p.pattern + (p.before ? `(?=${p.before})` : '');

/** The table's words, then its pattern cues, as one regex alternation (to be put in a capture group). */
export function alternation(table: CueTable, patterns: readonly PatternCue[] = []): string {
  return [
    ...Object.entries(table).map(([word, entry]) => wordSource(word, formOf(entry))),
    ...patterns.map(patternSource),
  ].join('|');
}

/**
 * Looks up a word that a pattern built by `alternation(table, patterns)` found (case and runs of whitespace
 * folded): its table entry, else the pattern cue it matches whole, else a table word it ends with after a subject.
 */
export function cueLookup(
  table: CueTable,
  patterns: readonly PatternCue[] = [],
): (word: string) => LinkCue | undefined {
  const whole = patterns.map((p) => ({ re: new RegExp(`^(?:${p.pattern})$`, 'i'), link: p.link }));
  const afterSubject = Object.entries(table).flatMap(([word, entry]) => {
    const subject = formOf(entry).subjectBefore;
    return subject ? [{ re: new RegExp(`^${subject}${escapeRegex(word)}$`), link: linkOf(entry) }] : [];
  });
  return (word) => {
    const folded = word.toLowerCase().replace(/\s+/g, ' ');
    const entry = Object.hasOwn(table, folded) ? table[folded] : undefined;
    if (entry) return linkOf(entry);
    const pattern = whole.find((p) => p.re.test(folded));
    if (pattern) return pattern.link;
    const subject = afterSubject.find((p) => p.re.test(folded));
    return subject ? { ...subject.link, keepInText: true } : undefined;
  };
}

/**
 * The table's words and pattern cues that carry `relation`, each as regex source that finds it inside a quote (a Latin
 * word whole, its form's lookarounds kept): what the semantic check reads.
 */
export function relationSources(
  relation: Relation,
  table: CueTable,
  patterns: readonly PatternCue[],
  lang: 'en' | 'zh',
): string[] {
  return [
    ...Object.entries(table)
      .filter(([, entry]) => linkOf(entry).relation === relation)
      .map(([word, entry]) => wordSource(word, formOf(entry), true)),
    ...patterns
      .filter((p) => p.link.relation === relation)
      .map((p) => (lang === 'en' ? String.raw`\b` : '') + patternSource(p)),
  ];
}
