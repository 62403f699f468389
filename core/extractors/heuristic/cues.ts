// The cue lexicon of the heuristic extractor, English and Chinese. A relation is only ever emitted where one of
// these cue words sits inside the quoted span; this file is the one place that says which words carry which link.
// The tables are the truth: each pattern below is built from its table (cue-table.ts), never written beside it.
import { REPORTING_VERBS_EN, REPORTING_VERBS_ZH, CORRECTING_EN, CORRECTING_ZH } from '../../text/reported-positions';
import {
  BECAUSE_OF_THIS_ZH,
  CONCLUDING_EN,
  CONCLUDING_ZH,
  OWING_TO_THIS,
  RESTATING_EN,
  RESTATING_ZH,
  THIS_CAUSES_EN,
  THIS_CAUSES_ZH,
} from '../../text/connectives';
import { alternation, type CueTable, cueLookup, type LinkCue, type PatternCue, withForm } from './cue-table';

export type { LinkCue } from './cue-table';

const CAUSE: LinkCue = { relation: 'causes', direction: 'backward' };
const INFER: LinkCue = { relation: 'infers', direction: 'forward', introduces: 'inference' };
const RESULT: LinkCue = { relation: 'causes', direction: 'forward' };
const CONTRAST: LinkCue = { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' };
const EXAMPLE: LinkCue = { relation: 'example', direction: 'backward', introduces: 'example' };
const PURPOSE: LinkCue = { relation: 'aims_at', direction: 'forward', keepInText: true };
const ANALOGY: LinkCue = { relation: 'analogy', direction: 'forward' };
const LIKEWISE: LinkCue = { relation: 'analogy', direction: 'backward' };
const EVIDENCE: LinkCue = { relation: 'supports', direction: 'forward', introduces: 'claim' };
const POSITION: LinkCue = { relation: 'counter_example', direction: 'backward', keepInText: true };
const HEDGED_EVIDENCE: LinkCue = { ...EVIDENCE, keepInText: true };
/** "In other words, Y", 也就是说Y: Y is what the sentence before amounts to (as "This means that Y"). */
const RESTATE: LinkCue = { relation: 'infers', direction: 'forward' };
const CORRECTION: LinkCue = { relation: 'counter_example', direction: 'backward', answersPosition: true };

/** Each word of a list with the same link (a vocabulary kept elsewhere, spread into a table). */
const all = (words: readonly string[], link: LinkCue) => Object.fromEntries(words.map((w) => [w, link]));

/** Words that state an analogy in Chinese, opening a clause or between two terms (phrases.ts). */
export const ANALOGY_ZH = ['就像', '好比', '如同', '犹如'] as const;

/** "…被丢在河里。这会增加维护成本": 这 and a modal of what it brings about (not 这会儿, "right now"). */
const THIS_WILL_ZH = withForm(RESULT, { before: '(?:会|将|就会|将会|势必)(?!儿)' });
/** "Others point out that …", "…; others warn that": a second position, only before a reporting verb. */
const OTHERS = withForm(POSITION, { before: String.raw`\s+${REPORTING_VERBS_EN}\b` });
/** 结果，… / 同样，…: these open a linked sentence only before a comma. */
const beforeComma = (link: LinkCue) => withForm(link, { before: '[，,]' });

// --- Sentence-initial connectives: link this sentence to the previous one (same unit only). -------------------

const LEAD_WORDS_EN: CueTable = {
  ...all(CONCLUDING_EN, INFER),
  accordingly: INFER,
  so: withForm(INFER, {
    notBefore: String.raw`\s+(?:far|much|many|long|called|to speak|too|do|does|did|is|are|was|were|can|will|would|have|has|had)\b`,
  }),
  'as a result': RESULT,
  'as a consequence': RESULT,
  'because of this': RESULT,
  'for this reason': RESULT,
  'for example': EXAMPLE,
  'for instance': EXAMPLE,
  'e.g.': EXAMPLE,
  'to illustrate': EXAMPLE,
  however: CONTRAST,
  but: CONTRAST,
  yet: CONTRAST,
  nevertheless: CONTRAST,
  nonetheless: CONTRAST,
  'on the other hand': CONTRAST,
  'in contrast': CONTRAST,
  'by contrast': CONTRAST,
  'by comparison': CONTRAST,
  'in comparison': CONTRAST,
  conversely: CONTRAST,
  // "Some historians regret this change. Others point out that …": a second position on the same question.
  others: OTHERS,
  similarly: LIKEWISE,
  likewise: LIKEWISE,
  'in the same way': LIKEWISE,
  'this is why': EVIDENCE,
  'that is why': EVIDENCE,
  'this explains why': EVIDENCE,
  'this shows that': EVIDENCE,
  'this shows': EVIDENCE,
  'this demonstrates that': EVIDENCE,
  'this demonstrates': EVIDENCE,
  'this proves that': EVIDENCE,
  'this proves': EVIDENCE,
  'this confirms that': EVIDENCE,
  'this confirms': EVIDENCE,
  'this indicates that': EVIDENCE,
  'this indicates': EVIDENCE,
  'this means that': INFER,
  'this means': INFER,
  'this suggests that': HEDGED_EVIDENCE,
  'this suggests': HEDGED_EVIDENCE,
  // "In that case the starter must be thrown away": what follows is what the case just stated calls for.
  'in that case': INFER,
  'in this case': INFER,
  'in which case': INFER,
  ...all(RESTATING_EN, RESTATE),
  ...all(CORRECTING_EN, CORRECTION),
};

const LEAD_PATTERNS_EN: readonly PatternCue[] = [
  // "That is a sign that the yeast is active": what was just said is the evidence.
  {
    pattern: '(?:this|that) is (?:a|one) (?:clear |good |sure |strong |first )?(?:sign|signal|indication) (?:that|of)',
    link: EVIDENCE,
  },
  // "Due to such monitoring, …", "This led to …" (core/text/connectives.ts): what was just said brought this about.
  { pattern: String.raw`${OWING_TO_THIS}(?:\s+[a-z-]+){0,2}`, before: ',', link: RESULT },
  { pattern: THIS_CAUSES_EN, link: RESULT },
];

const LEAD_WORDS_ZH: CueTable = {
  ...all(CONCLUDING_ZH, INFER),
  所以: INFER,
  故而: INFER,
  // "It can be seen that": the sentence before is the evidence for what follows (issue 17: 可见 → supports).
  由此可见: EVIDENCE,
  这意味着: INFER,
  ...all(RESTATING_ZH, RESTATE),
  ...all(CORRECTING_ZH, CORRECTION),
  // "大量资本涌入。于是，街头出现了成片的单车": what happened next, because of it. "…被丢在河里。这会增加维护成本":
  // 这 stands for what was just said and 会 says what it brings about (the modal stays in the node text).
  于是: RESULT,
  这: THIS_WILL_ZH,
  例如: EXAMPLE,
  比如: EXAMPLE,
  譬如: EXAMPLE,
  举例来说: EXAMPLE,
  举个例子: EXAMPLE,
  但是: CONTRAST,
  然而: CONTRAST,
  可是: CONTRAST,
  不过: CONTRAST,
  与此相反: CONTRAST,
  与之相反: CONTRAST,
  与此不同: CONTRAST,
  与之不同: CONTRAST,
  相比之下: CONTRAST,
  相反: CONTRAST,
  反之: CONTRAST,
  但: CONTRAST,
  这也说明了: EVIDENCE,
  这也说明: EVIDENCE,
  这也表明了: EVIDENCE,
  这也表明: EVIDENCE,
  这也证明了: EVIDENCE,
  这也证明: EVIDENCE,
  这说明了: EVIDENCE,
  这说明: EVIDENCE,
  这表明了: EVIDENCE,
  这表明: EVIDENCE,
  这证明了: EVIDENCE,
  这证明: EVIDENCE,
  同理: LIKEWISE,
  类似地: LIKEWISE,
  结果: beforeComma(RESULT),
  同样: beforeComma(LIKEWISE),
  故: beforeComma(INFER),
  可见: beforeComma(EVIDENCE),
};

const LEAD_PATTERNS_ZH: readonly PatternCue[] = [
  // 正因如此, 这使得… (core/text/connectives.ts): what was just said brought this about.
  { pattern: BECAUSE_OF_THIS_ZH, link: RESULT },
  { pattern: THIS_CAUSES_ZH, link: RESULT },
  // "这是一个信号，说明…": what was just said is the evidence.
  { pattern: '这(?:是|就是)(?:一个)?(?:明显的|清楚的)?(?:迹象|信号|标志)(?:，|,)?(?:说明|表明)?', link: EVIDENCE },
];

/** Matches at the start of a sentence body (sticky); group 1 is the cue. */
export const LEAD_EN = new RegExp(
  String.raw`(${alternation(LEAD_WORDS_EN, LEAD_PATTERNS_EN)})(?![A-Za-z0-9'-])[,:]?\s*`,
  'iy',
);
export const LEAD_ZH = new RegExp(String.raw`(${alternation(LEAD_WORDS_ZH, LEAD_PATTERNS_ZH)})[，,：:]?\s*`, 'y');

/**
 * A conclusion adverb inside the sentence, without a comma ("Restoring wetlands may therefore slow…", "人们因此…"):
 * it links the sentence to the previous one like a sentence-opening "Therefore" (the cue stays in the node text).
 */
export const MID_LEAD_EN = new RegExp(String.raw`^[^,;:.!?]{2,60}?\s(${CONCLUDING_EN.join('|')})\s`, 'i');
export const MID_LEAD_ZH = new RegExp(`^[^，,；;。：:]{1,12}?(${CONCLUDING_ZH.join('|')})(?![，,])`);

/** A sentence that calls itself an example (core/text/connectives.ts: the grounding rule reads it as referring back). */
export { SELF_EXAMPLE_EN, SELF_EXAMPLE_ZH } from '../../text/connectives';
export const SELF_EXAMPLE: LinkCue = { ...EXAMPLE, keepInText: true };

/** Discourse markers that carry no relation: dropped from the node text only. */
export const NEUTRAL_LEAD =
  /(?:in conclusion|in summary|to sum up|overall|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|in addition|additionally|moreover|furthermore|also|besides|meanwhile|此外|另外|而且|首先|其次|再次|最后|总之|综上所述|总而言之|同时|一方面|另一方面)(?![A-Za-z])[,，]\s*/iy;

/** Every lead word: a quote opening on one refers back (core/extract/edge-grounding.ts). */
export const LEAD_WORDS = [...Object.keys(LEAD_WORDS_EN), ...Object.keys(LEAD_WORDS_ZH)];

export const leadCue = cueLookup({ ...LEAD_WORDS_EN, ...LEAD_WORDS_ZH }, [...LEAD_PATTERNS_EN, ...LEAD_PATTERNS_ZH]);

// --- Subordinate clause first ("Because X, Y"): split at the first comma after the cue. -----------------------

/** "Because X, Y": the clause the cue opens is the cause. */
const CAUSE_FIRST: LinkCue = { relation: 'causes', direction: 'forward' };
const PURPOSE_FIRST: LinkCue = { relation: 'aims_at', direction: 'backward', keepInText: true };
const NOT_BECAUSE_OF = String.raw`\s+of\b`;

const PREFIX_WORDS_EN: CueTable = {
  because: withForm(CAUSE_FIRST, { notBefore: NOT_BECAUSE_OF }),
  although: CONTRAST,
  'even though': CONTRAST,
  though: CONTRAST,
  'in order to': PURPOSE_FIRST,
  'so as to': PURPOSE_FIRST,
  'just as': LIKEWISE,
  // "To slow inflation, a central bank raises interest rates": an infinitive opening the sentence states its purpose.
  to: withForm(PURPOSE_FIRST, {
    before: String.raw`\s+(?!(?:be|sum|conclude|begin|start|illustrate|put|say|summari[sz]e|me|us|them|him|her|his|their|my|our|your|its|you|this|that|the|a|an|some|many|most|date|this\s+day)\b)[a-z]+\s`,
  }),
};

const PREFIX_WORDS_ZH: CueTable = {
  // "之所以X，是因为Y": the clause it opens is the effect, the one after the comma its cause.
  之所以: CAUSE,
  因为: CAUSE_FIRST,
  由于: CAUSE_FIRST,
  虽然: CONTRAST,
  尽管: CONTRAST,
  虽说: CONTRAST,
  为了: PURPOSE_FIRST,
  ...all(ANALOGY_ZH, LIKEWISE),
};

export const PREFIX_EN = new RegExp(String.raw`(${alternation(PREFIX_WORDS_EN)})(?![A-Za-z])\s*`, 'iy');
export const PREFIX_ZH = new RegExp(String.raw`(${alternation(PREFIX_WORDS_ZH)})\s*`, 'y');
/** Correlatives that open the main clause after a Chinese subordinate clause (因为…，所以…); stripped from the text. */
export const CORRELATIVE_ZH = /(?:是因为|是由于|所以|因此|因而|但是|可是|然而|但|却|也|那么|就)\s*/y;

export const prefixCue = cueLookup({ ...PREFIX_WORDS_EN, ...PREFIX_WORDS_ZH });

// --- Mid-sentence cues ("X because Y", "X，因此Y"). Group 1: cue after punctuation; group 2: cue after a space. ---

/** After a comma, semicolon, colon or dash (", therefore", "; others warn that"). */
const INFIX_WORDS_EN: CueTable = {
  ...all(CONCLUDING_EN, INFER),
  so: withForm(INFER, {
    notBefore: String.raw`\s+(?:that|much|many|far|long|as|on|forth|called|to|too|do|does|did|is|are|was|were|can|will|would|have|has|had)\b`,
  }),
  but: withForm(CONTRAST, { notBefore: String.raw`\s+also\b` }),
  yet: CONTRAST,
  whereas: CONTRAST,
  however: CONTRAST,
  although: CONTRAST,
  'even though': CONTRAST,
  though: CONTRAST,
  'for example': EXAMPLE,
  'for instance': EXAMPLE,
  'e.g.': EXAMPLE,
  'just as': ANALOGY,
  'just like': ANALOGY,
  'much like': ANALOGY,
  'which is why': EVIDENCE,
  'in contrast': CONTRAST,
  'by contrast': CONTRAST,
  'by comparison': CONTRAST,
  'in comparison': CONTRAST,
  'on the other hand': CONTRAST,
  // "X, which shows how quickly sailors valued it": what was just said is the evidence.
  'which shows that': withForm(EVIDENCE, { anySpace: true }),
  'which shows': withForm(EVIDENCE, { anySpace: true }),
  'which suggests that': withForm(HEDGED_EVIDENCE, { anySpace: true }),
  'which suggests': withForm(HEDGED_EVIDENCE, { anySpace: true }),
  'which proves that': withForm(EVIDENCE, { anySpace: true }),
  'which proves': withForm(EVIDENCE, { anySpace: true }),
  'which demonstrates that': withForm(EVIDENCE, { anySpace: true }),
  'which demonstrates': withForm(EVIDENCE, { anySpace: true }),
  'which indicates that': withForm(EVIDENCE, { anySpace: true }),
  'which indicates': withForm(EVIDENCE, { anySpace: true }),
  'which confirms that': withForm(EVIDENCE, { anySpace: true }),
  'which confirms': withForm(EVIDENCE, { anySpace: true }),
  // "Thick magma traps the bubbles, which means that pressure builds": what the clause before amounts to.
  'which means that': withForm(INFER, { anySpace: true }),
  'which means': withForm(INFER, { anySpace: true }),
  // Two positions on one question: "some argue X, while others argue Y" (the second keeps who holds it: the reader
  // must see it is a position, not the author's claim); "Some economists argue X; others warn that Y".
  while: withForm(CONTRAST, {
    before: String.raw`\s+(?:others|other\s+[a-z]+|some)\s+${REPORTING_VERBS_EN}\b`,
  }),
  others: OTHERS,
  ...all(RESTATING_EN, RESTATE),
  // "X ferments faster, which makes it useful": the relative clause states what X brings about (not "which allows":
  // enabling is not causing, and the sentence stays whole).
  which: withForm(RESULT, { before: String.raw`\s+(?:makes|made|leads\s+to|led\s+to|causes|caused|helps|helped)\b` }),
  // ", since a new antibiotic earns far less": after a comma and not before a time, "since" gives the reason.
  since: withForm(CAUSE, {
    notBefore: String.raw`\s+(?:(?:then|last|early|ancient|childhood|birth)\b|\d|the\s+\d|the\s+(?:early|late|mid|beginning|end|start)\b)`,
  }),
  'in that case': withForm(INFER, { anySpace: true }),
  'in this case': withForm(INFER, { anySpace: true }),
  'in which case': withForm(INFER, { anySpace: true }),
  because: withForm(CAUSE, { notBefore: NOT_BECAUSE_OF }),
};

/** After a bare space ("X because Y", "X so that Y"). */
const INFIX_AFTER_SPACE_EN: CueTable = {
  because: withForm(CAUSE, { notBefore: NOT_BECAUSE_OF }),
  'in order to': PURPOSE,
  'so as to': PURPOSE,
  'in order that': PURPOSE,
  'so that': PURPOSE,
};

const INFIX_WORDS_ZH: CueTable = {
  是因为: CAUSE,
  是由于: CAUSE,
  因为: CAUSE,
  由于: CAUSE,
  ...all(CONCLUDING_ZH, INFER),
  所以: INFER,
  故而: INFER,
  从而: INFER,
  由此可见: EVIDENCE,
  可见: EVIDENCE,
  这也说明: EVIDENCE,
  这也表明: EVIDENCE,
  这说明: EVIDENCE,
  这表明: EVIDENCE,
  // "文字有白色条纹，通常说明喷头部分堵塞": the sign, then what it usually indicates.
  通常说明: EVIDENCE,
  通常表明: EVIDENCE,
  往往说明: EVIDENCE,
  往往表明: EVIDENCE,
  一般说明: EVIDENCE,
  一般表明: EVIDENCE,
  多半说明: EVIDENCE,
  多半表明: EVIDENCE,
  ...all(RESTATING_ZH, RESTATE),
  // "…，这会增加维护成本", "车辆投放过多，随之出现了乱停乱放的现象", "录取人数大大增加，科举的影响也随之扩大": the
  // clause before brings this one about (随之 may follow the clause's own subject, which stays in the node text).
  这: THIS_WILL_ZH,
  随之: withForm(RESULT, { subjectBefore: '[^，,。；;：:！!？?\\s]{0,12}?' }),
  相比之下: CONTRAST,
  但是: CONTRAST,
  然而: CONTRAST,
  可是: CONTRAST,
  不过: CONTRAST,
  但: CONTRAST,
  却: CONTRAST,
  例如: EXAMPLE,
  比如: EXAMPLE,
  譬如: EXAMPLE,
  以便: PURPOSE,
  以求: PURPOSE,
  是为了: PURPOSE,
  为了: PURPOSE,
  目的是: PURPOSE,
  旨在: PURPOSE,
  ...all(ANALOGY_ZH, ANALOGY),
  // "有人认为X，也有人认为Y": a second position (it keeps who holds it).
  也有人: withForm(POSITION, { before: `则?${REPORTING_VERBS_ZH}` }),
  还有人: withForm(POSITION, { before: `则?${REPORTING_VERBS_ZH}` }),
  另有人: withForm(POSITION, { before: `则?${REPORTING_VERBS_ZH}` }),
  另一些人: withForm(POSITION, { before: `则?${REPORTING_VERBS_ZH}` }),
};

export const INFIX_EN = new RegExp(
  String.raw`(?:[,;:\u2014\u2013]\s*(?:and\s+)?(${alternation(INFIX_WORDS_EN)})|\s(${alternation(INFIX_AFTER_SPACE_EN)}))(?![A-Za-z0-9'-])[,:]?\s*`,
  'gi',
);
export const INFIX_ZH = new RegExp(String.raw`[，,；;：:]\s*(${alternation(INFIX_WORDS_ZH)})[，,：:]?\s*`, 'g');

export const infixCue = cueLookup({ ...INFIX_WORDS_EN, ...INFIX_AFTER_SPACE_EN, ...INFIX_WORDS_ZH });

/** Every table with the pattern built from it: for the test that each word takes effect, and for the semantic check
 * (cue-words.ts). */
export const CUE_TABLES = {
  LEAD_EN: { table: LEAD_WORDS_EN, lang: 'en', patterns: LEAD_PATTERNS_EN, re: LEAD_EN, lookup: leadCue },
  LEAD_ZH: { table: LEAD_WORDS_ZH, lang: 'zh', patterns: LEAD_PATTERNS_ZH, re: LEAD_ZH, lookup: leadCue },
  PREFIX_EN: { table: PREFIX_WORDS_EN, lang: 'en', patterns: [], re: PREFIX_EN, lookup: prefixCue },
  PREFIX_ZH: { table: PREFIX_WORDS_ZH, lang: 'zh', patterns: [], re: PREFIX_ZH, lookup: prefixCue },
  INFIX_EN: { table: INFIX_WORDS_EN, lang: 'en', patterns: [], re: INFIX_EN, lookup: infixCue },
  INFIX_AFTER_SPACE_EN: { table: INFIX_AFTER_SPACE_EN, lang: 'en', patterns: [], re: INFIX_EN, lookup: infixCue },
  INFIX_ZH: { table: INFIX_WORDS_ZH, lang: 'zh', patterns: [], re: INFIX_ZH, lookup: infixCue },
} as const;

// --- Clause typing cues. -------------------------------------------------------------------------------------

export const RULE_EN =
  /\b(?:must|mustn't|should|shouldn't|shall|ought to|have to|has to|need to|needs to|(?:is|are) required|(?:is|are) (?:prohibited|forbidden)|not allowed|may not)\b|^\W*(?:if|unless|whenever)\b[^,]{2,},|\bif\b.{2,}\bthen\b/i;
export const RULE_ZH =
  /必须|应当|应该|务必|不得|禁止|不准|不许|严禁|(?:如果|假如|倘若|若|要是|只要|一旦|只有).{1,60}?(?:就|则|那么|便|才|都)|^\W*(?:如果|假如|倘若|要是|只要|一旦)[^，。]{1,40}，/;

/** Hedges, one home: a hedged clause is a claim (classify.ts) and each hedge lowers its confidence (confidence.ts). */
export const HEDGE_WORDS_EN =
  'may|might|could|perhaps|possibly|probably|likely|unlikely|usually|often|generally|typically|sometimes|tends? to|seems?|appears? to|arguably|presumably|apparently|I think|we think|I believe|we believe|suggests?';
export const HEDGE_WORDS_ZH =
  '可能|也许|或许|大概|通常|往往|一般|常常|经常|似乎|好像|看来|认为|觉得|估计|未必|不一定|大多|多数';
/** Typing also reads "in my opinion / view" and 相信 as hedges; confidence.ts does not count them (a drift, kept). */
export const HEDGE_EN = new RegExp(String.raw`\b(?:${HEDGE_WORDS_EN}|in my (?:opinion|view))\b`, 'i');
export const HEDGE_ZH = new RegExp(`${HEDGE_WORDS_ZH}|相信`);

export const EVALUATIVE_EN =
  /\b(?:important|crucial|essential|vital|significant|remarkable|fascinating|beautiful|amazing|incredible|interesting|wonderful|best|worst|better|worse|excellent|valuable|beneficial|harmful|critical|great|good|bad|effective|powerful|impressive|fundamental|magnificent|intricate)\b/i;
export const EVALUATIVE_ZH = /重要|关键|有益|有害|优秀|美丽|有效|最好|更好|值得|令人|显著|伟大|宝贵|必要|神奇|迷人/;

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
// Specific reported statements: numbers, dates, past-tense reporting, or a name followed by a past-tense verb.
const PAST =
  'was|were|had|did|said|reported|announced|discovered|invented|founded|established|published|recorded|measured|observed|found|' +
  'became|began|wrote|won|lost|led|died|born|built|fought|launched|signed|elected|ruled|released|introduced|developed|created';
export const FACT_EN = new RegExp(`\\d|\\b(?:${MONTHS})\\b|\\b(?:${PAST})\\b|\\b[A-Z][a-z]+\\s+[a-z]{2,}ed\\b`);
export const FACT_ZH =
  /[0-9０-９]|[零一二三四五六七八九十百千万亿两]{2,}(?:年|月|日|次|人|个|岁|米|公里|吨)|据(?:报道|统计|调查|悉|称)|报道|记载|发现|曾经|了(?!解)/;
