// What the reader has been told so far in the current section, for cues that point back past the sentence just
// before: an example is linked to the claim, rule or definition it illustrates (the nearest in its paragraph, or the
// one it names: most content tokens shared), a contrast to the clause of the previous sentence it answers. Only
// targets the edge grounding rule accepts are offered (core/extract/edge-grounding.ts): the same unit, the unit just
// before in the same paragraph, or a node the cue sentence names; adjacency alone never makes an edge.
import type { ContentUnit, NodeType } from '../../schema';
import { REPORTED_POSITION } from '../../text/reported-positions';
import { tokenSet } from '../../text/tokens';

export interface Said {
  handle: number;
  type: NodeType;
  text: string;
  /** Unit number, and where the clause's quote starts in that unit. */
  n: number;
  quoteStart: number;
  paragraph: number;
  sentence: number;
  tokens?: Set<string>;
  /** The proposition a pronoun subject stands for ("They collect nectar" after "The workers are sterile females"). */
  antecedent?: Said;
  /** What the proposition names: its own tokens, and its antecedent's when its subject is a pronoun. */
  naming?: Set<string>;
}

/** Types an example can illustrate (not another example, a bare term, or a single reported fact). */
const ILLUSTRABLE = new Set<NodeType>(['claim', 'rule', 'definition', 'inference', 'counter_example']);
/** How far back in a paragraph an example may look, in propositions. */
const PARAGRAPH_WINDOW = 8;
/** Earlier paragraphs of the section are searched only for a proposition the example names this strongly. */
const SECTION_WINDOW = 16;
const SECTION_MIN_SHARED = 2;
/** A farther proposition wins over the nearest only when it is named by this many more shared tokens. */
const NAMED_MARGIN = 1;
/** A contrast that names nothing in the sentence before it goes to an earlier proposition naming this many tokens. */
const CONTRAST_NAMED = 1;
/**
 * The text's topic words (发酵 in a text about fermentation) name nothing in particular: a token found in more than
 * this share of the last TOPIC_WINDOW propositions (once there are TOPIC_MIN_SEEN of them) does not count.
 */
const TOPIC_SHARE = 0.25;
const TOPIC_MIN_SEEN = 8;
const TOPIC_WINDOW = 48;
/** Han bigrams that hold a function character (的酸 in 东北的酸菜) say nothing about what a sentence names. */
const FUNCTION_HAN = /[的了着过是在和与也都就而并但我你他她它们这那其之被把让呢吗吧啊或及即会能可要有一个为以对从]/;

export class Discourse {
  private said: Said[] = [];
  private section: string | undefined;
  private paragraph = 0;
  private sentence = 0;
  private unitN = 0;
  private continues = false;
  /**
   * Every proposition of the text in order, for topic words over the last TOPIC_WINDOW of them: counts are kept
   * incrementally (`counted` entries from `dropped` on), and tokens computed only when a cue asks.
   */
  private readonly all: Said[] = [];
  private readonly df = new Map<string, number>();
  private counted = 0;
  private dropped = 0;

  /** A new unit: a new paragraph unless it continues the previous one; a new section forgets everything. */
  enterUnit(unit: ContentUnit, continuesParagraph: boolean): void {
    if (unit.sectionId !== this.section) {
      this.said = [];
      this.section = unit.sectionId;
    }
    if (!continuesParagraph) this.paragraph++;
    this.unitN = unit.n;
    this.continues = continuesParagraph;
  }

  nextSentence(): number {
    return ++this.sentence;
  }

  note(entry: Omit<Said, 'paragraph' | 'sentence' | 'antecedent' | 'naming'>): void {
    const last = this.said[this.said.length - 1];
    const antecedent = last && last.sentence < this.sentence && PRONOUN_SUBJECT.test(entry.text) ? last : undefined;
    const said: Said = { ...entry, paragraph: this.paragraph, sentence: this.sentence, antecedent };
    this.said.push(said);
    this.all.push(said);
    if (this.said.length > 64) this.said.splice(0, this.said.length - 32);
  }

  /** The proposition an example sentence (`text`, in the current unit) illustrates, or undefined. */
  exampleTarget(text: string): Said | undefined {
    const here = contentTokens(text);
    const earlier = this.said.filter((s) => s.sentence < this.sentence && ILLUSTRABLE.has(s.type));
    const inParagraph = earlier.filter((s) => s.paragraph === this.paragraph).slice(-PARAGRAPH_WINDOW);
    let best: { s: Said; shared: number } | undefined;
    // Nearest first; a farther one only when the example names it clearly more.
    for (const s of [...inParagraph].reverse()) {
      const shared = this.shared(s, here);
      if (!this.reachable(s, shared)) continue;
      if (!best || shared >= best.shared + NAMED_MARGIN) best = { s, shared };
    }
    if (best || inParagraph.length > 0) return best?.s;
    // An example opening its paragraph: an earlier proposition of the section it clearly names.
    for (const s of earlier.slice(-SECTION_WINDOW)) {
      const shared = this.shared(s, here);
      if (shared >= SECTION_MIN_SHARED && (!best || shared >= best.shared)) best = { s, shared };
    }
    return best?.s;
  }

  /**
   * Of the previous sentence's clauses, the one a contrast answers: the one it names most, else the last; when it
   * names none of them, the nearest earlier proposition of its paragraph it does name ("A healthy starter doubles
   * after a feeding. That is a sign the yeast is active. In contrast, a starter that barely rises after a feeding…").
   * Between clauses named alike, an example clause ("…, such as redness") yields to the claim it illustrates.
   */
  contrastTarget(text: string, previous: readonly Said[]): Said | undefined {
    const here = contentTokens(text);
    let best: { s: Said; shared: number } | undefined;
    for (const s of previous) {
      const shared = this.shared(s, here);
      if (!this.reachable(s, shared)) continue;
      const tie = best !== undefined && shared === best.shared;
      if (!best || shared > best.shared || (tie && (s.type !== 'example' || best.s.type === 'example')))
        best = { s, shared };
    }
    // A second position ("Others point out …") answers the position just stated, named or not.
    if (best && (best.shared > 0 || REPORTED_POSITION.test(text))) return best.s;
    // Two subjects set side by side answer each other even on a topic word: "Thick magma traps the bubbles. Runny
    // magma, by contrast, …" (magma opens both, however often the text says it).
    const subject = subjectWords(text);
    const parallel = previous.find((s) => this.reachable(s, 0) && sharesSubject(s.text, subject));
    if (parallel) return parallel;
    // Past the sentence before only to the proposition it sets its own subject against ("A healthy starter doubles …
    // That is a sign … In contrast, a starter that barely rises …"), not to any that shares a word ("Luther's writings
    // were printed … Nevertheless, censorship never stopped the spread of printed ideas" answers the bans just before).
    const earlier = this.said.filter(
      (s) => s.sentence < this.sentence && s.paragraph === this.paragraph && !previous.includes(s),
    );
    for (const s of earlier.slice(-PARAGRAPH_WINDOW).reverse()) {
      if (s.type !== 'concept' && this.shared(s, here) >= CONTRAST_NAMED && sharesSubject(s.text, subject)) return s;
    }
    return best?.s;
  }

  /** The clauses noted for the sentence before the current one (in this section). */
  previousSentence(): Said[] {
    const before = this.said.filter((s) => s.sentence < this.sentence);
    const last = before[before.length - 1];
    return last ? before.filter((s) => s.sentence === last.sentence) : [];
  }

  /** Whether an edge quoted in the current unit may point at `s` (see the grounding rule). */
  private reachable(s: Said, shared: number): boolean {
    return s.n === this.unitN || (this.continues && s.n === this.unitN - 1) || shared > 0;
  }

  private shared(s: Said, here: ReadonlySet<string>): number {
    s.tokens ??= contentTokens(s.text);
    if (!s.naming) {
      if (s.antecedent) s.antecedent.tokens ??= contentTokens(s.antecedent.text);
      const inherited = s.antecedent?.tokens;
      s.naming = inherited ? new Set([...s.tokens, ...inherited]) : s.tokens;
    }
    const size = this.updateCounts();
    const topical = size >= TOPIC_MIN_SEEN ? size * TOPIC_SHARE : Infinity;
    // The cue sentence's own propositions are already counted: they do not make its words topical.
    const own = this.ownCounts();
    let n = 0;
    for (const t of s.naming) if (here.has(t) && (this.df.get(t) ?? 0) - (own.get(t) ?? 0) <= topical) n++;
    return n;
  }

  private own: { sentence: number; counts: Map<string, number> } | undefined;

  /** How many propositions of the current sentence hold each token. */
  private ownCounts(): Map<string, number> {
    if (this.own?.sentence === this.sentence) return this.own.counts;
    const counts = new Map<string, number>();
    for (let i = this.all.length - 1; i >= 0 && this.all[i].sentence === this.sentence; i--) {
      const said = this.all[i];
      said.tokens ??= contentTokens(said.text);
      for (const t of said.tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    this.own = { sentence: this.sentence, counts };
    return counts;
  }

  /** Brings the topic counts to the last TOPIC_WINDOW propositions; returns the window's size. */
  private updateCounts(): number {
    const start = Math.max(0, this.all.length - TOPIC_WINDOW);
    for (; this.dropped < start; this.dropped++) {
      if (this.dropped >= this.counted) continue; // never counted: nothing to take back
      for (const t of this.all[this.dropped].tokens ?? []) this.df.set(t, this.df.get(t)! - 1);
    }
    this.counted = Math.max(this.counted, start);
    for (; this.counted < this.all.length; this.counted++) {
      const w = this.all[this.counted];
      w.tokens ??= contentTokens(w.text);
      for (const t of w.tokens) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    }
    return this.all.length - start;
  }
}

/** The content words a text opens on (its first SUBJECT_WORDS): where its subject is. */
const SUBJECT_WORDS = 3;
function subjectWords(text: string): string[] {
  return [...contentTokens(text.replace(CONTRAST_OPENING, ''))].slice(0, SUBJECT_WORDS);
}
/** Whether `text` opens on one of these subject words: the two share their subject. */
function sharesSubject(text: string, subject: readonly string[]): boolean {
  const own = subjectWords(text);
  return subject.some((t) => own.includes(t));
}
/** The connective that opens a contrast ("In contrast, …", ", by contrast,") is not part of its subject. */
const CONTRAST_OPENING =
  /^\s*(?:however|but|yet|in contrast|by contrast|on the other hand|conversely|by comparison|in comparison)\s*,?\s*|,\s*(?:however|by contrast|in contrast|on the other hand|by comparison|in comparison)\s*,/gi;

/** A sentence whose subject is a pronoun: it speaks of what the sentence before it spoke of. */
const PRONOUN_SUBJECT = /^(?:(?:they|it|these|those|he|she)\b|它们|他们|她们|这些|它)/i;
/** Quantities say how many, not what: "several hundred flowers" does not name "a few hundred drones". */
const QUANTITY_WORDS = new Set([
  'hundred',
  'thousand',
  'million',
  'billion',
  'dozen',
  'several',
  'few',
  'percent',
  'half',
  'couple',
]);

/** core/text tokens without single Han characters, function-character bigrams and quantity words. */
function contentTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokenSet(text)) {
    if (QUANTITY_WORDS.has(t)) continue;
    if (!/^[\u4e00-\u9fff]/.test(t) || (t.length > 1 && !FUNCTION_HAN.test(t))) out.add(t);
  }
  return out;
}
