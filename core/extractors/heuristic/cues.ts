// The cue lexicon of the heuristic extractor, English and Chinese. A relation is only ever emitted where one of
// these cue words sits inside the quoted span; this file is the one place that says which words carry which link.
import type { NodeType, Relation } from '../../schema';
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
import { CORRECTING_EN, CORRECTING_ZH, REPORTING_VERBS_EN, REPORTING_VERBS_ZH } from '../../text/reported-positions';

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

function lookup(table: Record<string, LinkCue>, word: string): LinkCue | undefined {
  return table[word.toLowerCase().replace(/\s+/g, ' ')];
}

// --- Sentence-initial connectives: link this sentence to the previous one (same unit only). -------------------

/** "…被丢在河里。这会增加维护成本": 这 and a modal of what it brings about (not 这会儿, "right now"). */
const THIS_WILL_ZH = '这(?=(?:会|将|就会|将会|势必)(?!儿))';

/** Matches at the start of a sentence body (sticky); group 1 is the cue. */
export const LEAD_EN = new RegExp(
  String.raw`(therefore|thus|hence|consequently|accordingly|so(?!\s+(?:far|much|many|long|called|to speak|too|do|does|did|is|are|was|were|can|will|would|have|has|had)\b)|as a result|as a consequence|because of this|for this reason|for example|for instance|e\.g\.|to illustrate|however|but|yet|nevertheless|nonetheless|on the other hand|in contrast|by contrast|by comparison|in comparison|conversely|others(?=\s+${REPORTING_VERBS_EN}\b)|similarly|likewise|in the same way|(?:this|that) is why|this explains why|this (?:shows|demonstrates|proves|confirms|indicates|means)(?: that)?|this suggests(?: that)?|(?:this|that) is (?:a|one) (?:clear |good |sure |strong |first )?(?:sign|signal|indication) (?:that|of)|in (?:that|this|which) case|${OWING_TO_THIS}(?:\s+[a-z-]+){0,2}(?=,)|${THIS_CAUSES_EN}|${RESTATING_EN.join('|')}|${CORRECTING_EN.join('|')})(?![A-Za-z0-9'-])[,:]?\s*`,
  'iy',
);
export const LEAD_ZH = new RegExp(
  String.raw`(因此|所以|因而|故而|由此可见|这意味着|${BECAUSE_OF_THIS_ZH}|${RESTATING_ZH.join('|')}|${CORRECTING_ZH.join('|')}|于是|${THIS_CAUSES_ZH}|${THIS_WILL_ZH}|例如|比如|譬如|举例来说|举个例子|但是|然而|可是|不过|与此相反|与之相反|与此不同|与之不同|相比之下|相反|反之|但|这也?(?:说明|表明|证明)了?|这(?:是|就是)(?:一个)?(?:明显的|清楚的)?(?:迹象|信号|标志)(?:，|,)?(?:说明|表明)?|同理|类似地|(?:结果|同样|故|可见)(?=[，,]))[，,：:]?\s*`,
  'y',
);

/**
 * A conclusion adverb inside the sentence, without a comma ("Restoring wetlands may therefore slow…", "人们因此…"):
 * it links the sentence to the previous one like a sentence-opening "Therefore" (the cue stays in the node text).
 */
export const MID_LEAD_EN = new RegExp(String.raw`^[^,;:.!?]{2,60}?\s(${CONCLUDING_EN.join('|')})\s`, 'i');
export const MID_LEAD_ZH = new RegExp(`^[^，,；;。：:]{1,12}?(${CONCLUDING_ZH.join('|')})(?![，,])`);

/** A sentence that calls itself an example: the pattern is the edge grounding rule's (it must refer back there too). */
export { SELF_EXAMPLE_EN, SELF_EXAMPLE_ZH } from '../../extract/edge-grounding';
export const SELF_EXAMPLE: LinkCue = { ...EXAMPLE, keepInText: true };

/** Discourse markers that carry no relation: dropped from the node text only. */
export const NEUTRAL_LEAD =
  /(?:in conclusion|in summary|to sum up|overall|finally|first(?:ly)?|second(?:ly)?|third(?:ly)?|lastly|in addition|additionally|moreover|furthermore|also|besides|meanwhile|此外|另外|而且|首先|其次|再次|最后|总之|综上所述|总而言之|同时|一方面|另一方面)(?![A-Za-z])[,，]\s*/iy;

const LEAD_TABLE: Record<string, LinkCue> = {
  therefore: INFER,
  thus: INFER,
  hence: INFER,
  consequently: INFER,
  accordingly: INFER,
  so: INFER,
  'this means': INFER,
  'this means that': INFER,
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
  conversely: CONTRAST,
  'by comparison': CONTRAST,
  'in comparison': CONTRAST,
  // "Some historians regret this change. Others point out that …": a second position on the same question.
  others: POSITION,
  similarly: LIKEWISE,
  likewise: LIKEWISE,
  'in the same way': LIKEWISE,
  'this shows': EVIDENCE,
  'this shows that': EVIDENCE,
  'this demonstrates': EVIDENCE,
  'this demonstrates that': EVIDENCE,
  'this proves': EVIDENCE,
  'this proves that': EVIDENCE,
  'this confirms': EVIDENCE,
  'this confirms that': EVIDENCE,
  'this indicates': EVIDENCE,
  'this indicates that': EVIDENCE,
  'this suggests': HEDGED_EVIDENCE,
  'this suggests that': HEDGED_EVIDENCE,
  'this is why': EVIDENCE,
  'that is why': EVIDENCE,
  'this explains why': EVIDENCE,
  // "In that case the starter must be thrown away": what follows is what the case just stated calls for.
  'in that case': INFER,
  'in this case': INFER,
  'in which case': INFER,
  ...Object.fromEntries([...RESTATING_EN, ...RESTATING_ZH].map((w) => [w, RESTATE])),
  ...Object.fromEntries([...CORRECTING_EN, ...CORRECTING_ZH].map((w) => [w, CORRECTION])),
  因此: INFER,
  所以: INFER,
  因而: INFER,
  故而: INFER,
  故: INFER,
  这意味着: INFER,
  // "It can be seen that": the sentence before is the evidence for what follows (issue 17: 可见 → supports).
  由此可见: EVIDENCE,
  可见: EVIDENCE,
  结果: RESULT,
  // "大量资本涌入。于是，街头出现了成片的单车": what happened next, because of it. "…被丢在河里。这会增加维护成本":
  // 这 stands for what was just said and 会 says what it brings about (the modal stays in the node text).
  于是: RESULT,
  这: RESULT,
  例如: EXAMPLE,
  比如: EXAMPLE,
  譬如: EXAMPLE,
  举例来说: EXAMPLE,
  举个例子: EXAMPLE,
  但是: CONTRAST,
  然而: CONTRAST,
  可是: CONTRAST,
  不过: CONTRAST,
  但: CONTRAST,
  相反: CONTRAST,
  与此相反: CONTRAST,
  相比之下: CONTRAST,
  与之相反: CONTRAST,
  与此不同: CONTRAST,
  与之不同: CONTRAST,
  反之: CONTRAST,
  这也说明: EVIDENCE,
  这也表明: EVIDENCE,
  这也证明: EVIDENCE,
  这也说明了: EVIDENCE,
  这也表明了: EVIDENCE,
  这也证明了: EVIDENCE,
  这说明: EVIDENCE,
  这表明: EVIDENCE,
  这证明: EVIDENCE,
  这说明了: EVIDENCE,
  这表明了: EVIDENCE,
  这证明了: EVIDENCE,
  同样: LIKEWISE,
  同理: LIKEWISE,
  类似地: LIKEWISE,
};

/** "That is a sign that the yeast is active", "这是一个信号，说明…": what was just said is the evidence. */
const SIGN_OF = /^(?:this|that) is (?:a|one) (?:\w+ )?(?:sign|signal|indication) (?:that|of)$|^这(?:是|就是)/i;
/** A lead cue matched by one of the back-referring causes (core/text/connectives.ts): what was just said brought
 * this about. */
const OWING_TO = new RegExp(
  `^(?:${OWING_TO_THIS}\\b|(?:${THIS_CAUSES_EN}|${THIS_CAUSES_ZH}|${BECAUSE_OF_THIS_ZH})$)`,
  'i',
);

export function leadCue(word: string): LinkCue | undefined {
  const w = word.replace(/\s+/g, ' ');
  return lookup(LEAD_TABLE, word) ?? (SIGN_OF.test(w) ? EVIDENCE : OWING_TO.test(w) ? RESULT : undefined);
}

// --- Subordinate clause first ("Because X, Y"): split at the first comma after the cue. -----------------------

export const PREFIX_EN =
  /(because(?!\s+of\b)|although|even though|though|in order to|so as to|just as|to(?=\s+(?!(?:be|sum|conclude|begin|start|illustrate|put|say|summari[sz]e|me|us|them|him|her|his|their|my|our|your|its|you|this|that|the|a|an|some|many|most|date|this\s+day)\b)[a-z]+\s))(?![A-Za-z])\s*/iy;
export const PREFIX_ZH = /(之所以|因为|由于|虽然|尽管|虽说|为了|就像|好比|如同|犹如)\s*/y;
/** Correlatives that open the main clause after a Chinese subordinate clause (因为…，所以…); stripped from the text. */
export const CORRELATIVE_ZH = /(?:是因为|是由于|所以|因此|因而|但是|可是|然而|但|却|也|那么|就)\s*/y;

const PREFIX_TABLE: Record<string, LinkCue> = {
  because: { relation: 'causes', direction: 'forward' },
  因为: { relation: 'causes', direction: 'forward' },
  由于: { relation: 'causes', direction: 'forward' },
  // "之所以X，是因为Y": the clause it opens is the effect, the one after the comma its cause.
  之所以: { relation: 'causes', direction: 'backward' },
  although: { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' },
  'even though': { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' },
  though: { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' },
  虽然: { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' },
  尽管: { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' },
  虽说: { relation: 'counter_example', direction: 'backward', introduces: 'counter_example' },
  'in order to': { relation: 'aims_at', direction: 'backward', keepInText: true },
  // "To slow inflation, a central bank raises interest rates": an infinitive opening the sentence states its purpose.
  to: { relation: 'aims_at', direction: 'backward', keepInText: true },
  'so as to': { relation: 'aims_at', direction: 'backward', keepInText: true },
  为了: { relation: 'aims_at', direction: 'backward', keepInText: true },
  'just as': { relation: 'analogy', direction: 'backward' },
  就像: { relation: 'analogy', direction: 'backward' },
  好比: { relation: 'analogy', direction: 'backward' },
  如同: { relation: 'analogy', direction: 'backward' },
  犹如: { relation: 'analogy', direction: 'backward' },
};

export function prefixCue(word: string): LinkCue | undefined {
  return lookup(PREFIX_TABLE, word);
}

// --- Mid-sentence cues ("X because Y", "X，因此Y"). Group 1: cue after punctuation; group 2: cue after a space. ---

export const INFIX_EN = new RegExp(
  String.raw`(?:[,;:\u2014\u2013]\s*(?:and\s+)?(therefore|thus|hence|consequently|so(?!\s+(?:that|much|many|far|long|as|on|forth|called|to|too|do|does|did|is|are|was|were|can|will|would|have|has|had)\b)|but(?!\s+also\b)|yet|whereas|however|although|even though|though|for example|for instance|e\.g\.|just as|just like|much like|which is why|in contrast|by contrast|by comparison|in comparison|on the other hand|which\s+(?:shows|suggests|proves|demonstrates|indicates|confirms)(?:\s+that)?|which\s+means(?:\s+that)?|while(?=\s+(?:others|other\s+[a-z]+|some)\s+${REPORTING_VERBS_EN}\b)|others(?=\s+${REPORTING_VERBS_EN}\b)|${RESTATING_EN.join('|')}|which(?=\s+(?:makes|made|leads\s+to|led\s+to|causes|caused|helps|helped)\b)|since(?!\s+(?:(?:then|last|early|ancient|childhood|birth)\b|\d|the\s+\d|the\s+(?:early|late|mid|beginning|end|start)\b))|in\s+(?:that|this|which)\s+case|because(?!\s+of\b))|\s(because(?!\s+of\b)|in order to|so as to|in order that|so that))(?![A-Za-z0-9'-])[,:]?\s*`,
  'gi',
);
export const INFIX_ZH = new RegExp(
  String.raw`[，,；;：:]\s*(是因为|是由于|因为|由于|因此|所以|因而|故而|从而|由此可见|可见|这也?(?:说明|表明)|(?:通常|往往|一般|多半)(?:说明|表明)|${RESTATING_ZH.join('|')}|${THIS_WILL_ZH}|[^，,。；;：:！!？?\s]{0,12}?随之|相比之下|但是|然而|可是|不过|但|却|例如|比如|譬如|以便|以求|是为了|为了|目的是|旨在|就像|好比|如同|犹如|(?:也|还|另)有人(?=则?${REPORTING_VERBS_ZH})|另一些人(?=则?${REPORTING_VERBS_ZH}))[，,：:]?\s*`,
  'g',
);

const INFIX_TABLE: Record<string, LinkCue> = {
  because: CAUSE,
  因为: CAUSE,
  由于: CAUSE,
  是因为: CAUSE,
  是由于: CAUSE,
  // ", since a new antibiotic earns far less": after a comma and not before a time, "since" gives the reason.
  since: CAUSE,
  therefore: INFER,
  thus: INFER,
  hence: INFER,
  consequently: INFER,
  so: INFER,
  因此: INFER,
  所以: INFER,
  因而: INFER,
  故而: INFER,
  从而: INFER,
  由此可见: EVIDENCE,
  可见: EVIDENCE,
  这说明: EVIDENCE,
  这表明: EVIDENCE,
  这也说明: EVIDENCE,
  这也表明: EVIDENCE,
  // "文字有白色条纹，通常说明喷头部分堵塞": the sign, then what it usually indicates.
  通常说明: EVIDENCE,
  往往说明: EVIDENCE,
  一般说明: EVIDENCE,
  多半说明: EVIDENCE,
  通常表明: EVIDENCE,
  往往表明: EVIDENCE,
  一般表明: EVIDENCE,
  多半表明: EVIDENCE,
  'which is why': EVIDENCE,
  'in contrast': CONTRAST,
  'by contrast': CONTRAST,
  'on the other hand': CONTRAST,
  相比之下: CONTRAST,
  'by comparison': CONTRAST,
  'in comparison': CONTRAST,
  // "X, which shows how quickly sailors valued it": what was just said is the evidence.
  'which shows': EVIDENCE,
  'which suggests': HEDGED_EVIDENCE,
  'which proves': EVIDENCE,
  'which demonstrates': EVIDENCE,
  'which indicates': EVIDENCE,
  'which confirms': EVIDENCE,
  'which shows that': EVIDENCE,
  'which suggests that': HEDGED_EVIDENCE,
  'which proves that': EVIDENCE,
  'which demonstrates that': EVIDENCE,
  'which indicates that': EVIDENCE,
  'which confirms that': EVIDENCE,
  // "Thick magma traps the bubbles, which means that pressure builds": what the clause before amounts to.
  'which means': INFER,
  'which means that': INFER,
  but: CONTRAST,
  yet: CONTRAST,
  whereas: CONTRAST,
  however: CONTRAST,
  although: CONTRAST,
  'even though': CONTRAST,
  though: CONTRAST,
  但是: CONTRAST,
  然而: CONTRAST,
  可是: CONTRAST,
  不过: CONTRAST,
  但: CONTRAST,
  却: CONTRAST,
  'for example': EXAMPLE,
  'for instance': EXAMPLE,
  'e.g.': EXAMPLE,
  例如: EXAMPLE,
  比如: EXAMPLE,
  譬如: EXAMPLE,
  // Two positions on one question: "some argue X, while others argue Y", "有人认为X，也有人认为Y" (the second keeps
  // who holds it: the reader must see it is a position, not the author's claim).
  while: CONTRAST,
  也有人: POSITION,
  还有人: POSITION,
  另有人: POSITION,
  另一些人: POSITION,
  // "X ferments faster, which makes it useful": the relative clause states what X brings about (not "which allows":
  // enabling is not causing, and the sentence stays whole).
  which: RESULT,
  // "Some economists argue X; others warn that Y": a second position after a semicolon.
  others: POSITION,
  ...Object.fromEntries([...RESTATING_EN, ...RESTATING_ZH].map((w) => [w, RESTATE])),
  // "车辆投放过多，随之出现了乱停乱放的现象", "…，这会增加维护成本": the clause before brings this one about.
  随之: RESULT,
  这: RESULT,
  'in that case': INFER,
  'in this case': INFER,
  'in which case': INFER,
  'in order to': PURPOSE,
  'so as to': PURPOSE,
  'in order that': PURPOSE,
  'so that': PURPOSE,
  以便: PURPOSE,
  以求: PURPOSE,
  为了: PURPOSE,
  是为了: PURPOSE,
  目的是: PURPOSE,
  旨在: PURPOSE,
  'just as': ANALOGY,
  'just like': ANALOGY,
  'much like': ANALOGY,
  就像: ANALOGY,
  好比: ANALOGY,
  如同: ANALOGY,
  犹如: ANALOGY,
};

/** "录取人数大大增加，科举的影响也随之扩大": 随之 after the clause's own subject; the subject stays in the node text. */
const SUBJECT_THEN = /^[^，,。；;：:！!？?\s]+随之$/;

export function infixCue(word: string): LinkCue | undefined {
  return lookup(INFIX_TABLE, word) ?? (SUBJECT_THEN.test(word) ? { ...RESULT, keepInText: true } : undefined);
}

// --- Clause typing cues. -------------------------------------------------------------------------------------

export const RULE_EN =
  /\b(?:must|mustn't|should|shouldn't|shall|ought to|have to|has to|need to|needs to|(?:is|are) required|(?:is|are) (?:prohibited|forbidden)|not allowed|may not)\b|^\W*(?:if|unless|whenever)\b[^,]{2,},|\bif\b.{2,}\bthen\b/i;
export const RULE_ZH =
  /必须|应当|应该|务必|不得|禁止|不准|不许|严禁|(?:如果|假如|倘若|若|要是|只要|一旦|只有).{1,60}?(?:就|则|那么|便|才|都)|^\W*(?:如果|假如|倘若|要是|只要|一旦)[^，。]{1,40}，/;

export const HEDGE_EN =
  /\b(?:may|might|could|perhaps|possibly|probably|likely|unlikely|usually|often|generally|typically|sometimes|tends? to|seems?|appears? to|arguably|presumably|apparently|I think|we think|I believe|we believe|in my (?:opinion|view)|suggests?)\b/i;
export const HEDGE_ZH =
  /可能|也许|或许|大概|通常|往往|一般|常常|经常|似乎|好像|看来|认为|觉得|相信|估计|未必|不一定|大多|多数/;

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
