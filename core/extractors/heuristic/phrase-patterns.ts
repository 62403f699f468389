// The phrase cues: relations between terms inside one clause ("X is a kind of Y", "X includes A, B and C", "X是指…",
// "所谓X"), each a pattern and where its two terms are (phrases.ts finds them). Where the cue is a list of words the
// list is the truth: the pattern is a frame built around it, and the semantic check reads the words too.
import type { Lang } from '../../i18n/lang';
import type { Relation } from '../../schema';
import { CAUSING_EN } from '../../text/connectives';
import { anyOf } from '../../text/word-patterns';
import { ANALOGY_ZH, EVALUATIVE_EN } from './cues';

/** A pattern around its cue words: `frame` gets them as one alternation. */
const cued = (words: readonly string[], frame: (alternation: string) => string, flags: string) => ({
  words,
  re: new RegExp(frame(anyOf(words)), flags),
});

/** The verbs of causing after a subject (core/text/connectives.ts), and their base forms ("can cause"). */
const CAUSING_VERBS_EN = [...CAUSING_EN, 'cause', 'result in', 'give rise to', 'trigger'];
const CAUSING_ZH = ['导致', '引起', '造成', '引发', '致使'];
/** 由…引起 / 由…导致 (not 由…致使, no Chinese). */
const CAUSED_BY_ZH = CAUSING_ZH.filter((w) => w !== '致使');

export type Side = 'left' | 'right' | 'group';
export interface Pattern {
  re: RegExp;
  /** The words that carry the relation, when the pattern is a frame around a word list (`re` is built from them). */
  words?: readonly string[];
  relation: Relation;
  lang: Lang;
  /** Where the source and target terms are: left of the cue, right of it, or in the cue's capture group. */
  from: Side | 'clause';
  to: Side | 'clause';
  /** The right side is a list (A, B and C / A、B和C): one edge per item. */
  list?: boolean;
  definition?: boolean;
  /** The clause counts as a definition only when the defined term was found (a copula is too common otherwise). */
  termRequired?: boolean;
  /** List items of at most this many words; the list stops at the first longer one (where the verb begins). */
  shortItems?: number;
  /** Where the right-hand term ends, when the default clause boundary is not enough. */
  stop?: RegExp;
  /** Trimmed from the end of the left-hand term (卡纸多半是|由…引起: the adverb and copula before 由). */
  leftTail?: RegExp;
  /** Trimmed from the start of the left-hand term (居民需要把|垃圾分为…: the whole is what 把 / 将 takes). */
  leftHead?: RegExp;
  /** No link when what follows the right-hand term matches (it was not the whole object). */
  notBeforeRight?: RegExp;
  /** After "are" (no article) the kind must be a plural ("Whales are mammals", not "Whales are large"). */
  pluralAfterAre?: boolean;
}

const BE = '(?:is|are|was|were)';
export const PATTERNS: readonly Pattern[] = [
  // Definitions: the clause defines the term on the left ("X is defined as…") or on the right ("…is called X").
  {
    re: /\s(?:(?:is|are|can be|may be)\s+defined\s+as|refers?\s+to|denotes)\s+/gi,
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
  },
  {
    ...cued(['called', 'termed', 'named', 'known as'], (w) => String.raw`\s(?:is|are)\s+(?:${w})\s+`, 'gi'),
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'right',
    definition: true,
  },
  // "Entropy means disorder": a short term opening the sentence, then what it means ("This means that …" is a cue).
  {
    ...cued(
      ['means', 'meant'],
      (w) => String.raw`(?<=^[A-Z][A-Za-z-]*(?:\s+[a-z][a-z-]*){0,2})\s(?:${w})\s+(?!that\b|to\b)`,
      'g',
    ),
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  {
    ...cued(['所谓'], (w) => String.raw`(?:${w})\s*`, 'g'),
    relation: 'defines',
    lang: 'zh',
    from: 'clause',
    to: 'right',
    definition: true,
    stop: /[，,。；;：:！!？?”"」》\s]|就是|是指|指的是|是/,
  },
  {
    ...cued(['是指', '指的是', '就是指', '被定义为', '定义为', '的定义是'], (w) => `(?:${w})`, 'g'),
    relation: 'defines',
    lang: 'zh',
    from: 'clause',
    to: 'left',
    definition: true,
  },
  {
    ...cued(
      [
        '被称为',
        '被称作',
        '称为',
        '称作',
        '被叫做',
        '被叫作',
        '叫做',
        '叫作',
        '又称',
        '也称',
        '亦称',
        '又叫',
        '也叫',
        '简称',
      ],
      (w) => `(?:${w})`,
      'g',
    ),
    relation: 'defines',
    lang: 'zh',
    from: 'clause',
    to: 'right',
    definition: true,
  },
  // "A keystone species is a species whose removal…", "An urban heat island is a city area that…", "A sourdough
  // starter is a mixture of flour and water in which…": a copula with a relative clause defines the subject, when the
  // subject is a short noun phrase.
  {
    re: /\s(?:is|are)\s+(?:an?|the)\s+(?=(?:[A-Za-z'-]+\s+){1,3}?(?:that|which|whose|where|who)\s|(?:[A-Za-z'-]+\s+){1,6}?(?:in|by|of|through|during|from|with|under|on|at)\s+which\s)/gi,
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  // "Pollination is the transfer of pollen …", "Erosion is the wearing away of …": a bare term opening the sentence
  // (no article or pronoun: "The result is the loss of …" names nothing) set equal to "the N of …" defines it; an
  // evaluation or a part ("is an integral part of", "is a reflection of") says something of it, not what it is.
  {
    re: /(?<=^(?!(?:The|A|An|This|That|These|Those|It|Its|They|Their|There|Here|Our|His|Her|Some|Many|Each|Every|One|Such|Most|All|What|Which|Who|Another|Other|Gone)\b)[A-Z][A-Za-z-]*(?:\s+[a-z][a-z-]*){0,2})\s(?:is|are)\s+(?:the|an?)\s+(?!(?:integral|essential|important|crucial|vital|key|major|main|powerful|significant|great|good|bad|reflection|backbone|part|aspect|result|cornerstone|heart)\b)(?=(?:[A-Za-z'-]+\s+){0,2}?[A-Za-z'-]+\s+(?:of|by\s+which|in\s+which|through\s+which|whereby)\s)/g,
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  // "A shield volcano is a broad, gently sloping volcano built from runny lava flows": a kind and a participle phrase
  // saying what sets it apart (genus and differentia) define the subject.
  // An evaluation ("a wondrous journey filled with …", "a remarkable feat achieved by …") says something of it, not
  // what it is.
  {
    re: new RegExp(
      String.raw`\s(?:is|are)\s+(?:an?)\s+(?!(?:[A-Za-z'-]+,?\s+){0,3}?(?:${EVALUATIVE_EN.source}|wondrous|journey|testament|reminder|tapestry))(?=(?:[A-Za-z'-]+,?\s+){1,4}?(?:built|made|formed|used|designed|composed|created|produced|shaped|driven|powered|grown|kept|held|found|[a-z]{3,}ed)\s+(?:from|of|by|in|with|for|to|on|at|around|as)\s)`,
      'gi',
    ),
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  // "Antibiotic resistance occurs when bacteria change …": what happens when the term applies defines it.
  {
    ...cued(
      ['occurs', 'occur', 'happens', 'happen', 'arises', 'arise', 'takes place'],
      (w) => String.raw`\s(?:${w})\s+when\s+`,
      'gi',
    ),
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  // "Dark surfaces such as asphalt and roofing tar": each named item is an example of the term before the cue.
  {
    ...cued(['such as'], (w) => String.raw`,?\s+(?:${w})\s+`, 'gi'),
    relation: 'example',
    lang: 'en',
    from: 'right',
    to: 'left',
    list: true,
    shortItems: 2,
  },
  // "Many fruits, including apples and oranges, are …": the items named after a kind are examples of it.
  {
    ...cued(['including'], (w) => String.raw`,\s+(?:${w})\s+`, 'gi'),
    relation: 'example',
    lang: 'en',
    from: 'right',
    to: 'left',
    list: true,
    shortItems: 2,
  },
  // Taxonomy and negation.
  {
    ...cued(
      ['kind', 'type', 'form', 'sort', 'class', 'category', 'species', 'member', 'branch', 'subset', 'subtype'],
      (w) => String.raw`\s${BE}\s+(?:(?:a|an|one)\s+)?(?:${w})s?\s+of\s+`,
      'gi',
    ),
    relation: 'is_a',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    ...cued(['是一种', '是一类', '属于'], (w) => `(?:${w})`, 'g'),
    relation: 'is_a',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "喷墨打印机是一种把墨水喷到纸上成像的打印设备": a kind with what sets it apart (…的 before the kind) defines the term.
  {
    re: /是一[种类](?=[^，,。；;！!？?]{2,60}?的[^，,。；;！!？?的]{1,12}(?:[。；;！!]|$))/g,
    relation: 'defines',
    lang: 'zh',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  {
    re: /是([^，。；：！？,.;:!?]{1,16}?)的一[种类](?=[，。；！？,.;!?]|$)/g,
    relation: 'is_a',
    lang: 'zh',
    from: 'left',
    to: 'group',
  },
  {
    re: new RegExp(`\\s(?:${BE}\\s+not|isn't|aren't|wasn't|weren't)\\s+(?=(?:a|an|the)\\s)`, 'gi'),
    relation: 'not_is',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    re: /(?:并不是|并非|绝非|(?<![而要是还也就])不是)(?![很太非真特完那这多])/g,
    relation: 'not_is',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "A whale is a mammal.", "Whales are mammals.": a kind named by a bare noun phrase that ends the clause (not an
  // evaluation: "a good idea", "a great success").
  {
    re: new RegExp(
      String.raw`\s(?:is\s+an?|are)\s+(?!(?:[A-Za-z'-]+\s+){0,2}?(?:${EVALUATIVE_EN.source}|problem|challenge|question|issue|reason|way|thing|lot|bit|must|example|case|instance|illustration|sign|signal|part|result)\b)(?=[A-Za-z'-]+(?:\s+[A-Za-z'-]+){0,2}\s*[.;!]?\s*$)`,
      'gi',
    ),
    relation: 'is_a',
    lang: 'en',
    from: 'left',
    to: 'right',
    pluralAfterAre: true,
  },
  // Whole and parts.
  {
    ...cued(
      [
        'includes',
        'include',
        'included',
        'contains',
        'contain',
        'contained',
        'comprises',
        'comprise',
        'comprised',
        'consists of',
        'consist of',
        'consisted of',
      ],
      (w) => String.raw`\s(?:${w}|${BE}\s+(?:made\s+up|composed)\s+of)\s+`,
      'gi',
    ),
    relation: 'contains',
    lang: 'en',
    from: 'left',
    to: 'right',
    list: true,
  },
  {
    re: new RegExp(`\\s${BE}\\s+(?:an?\\s+)?(?:integral\\s+|essential\\s+|important\\s+|key\\s+)?part\\s+of\\s+`, 'gi'),
    relation: 'contains',
    lang: 'en',
    from: 'right',
    to: 'left',
  },
  {
    ...cued(['包括', '包含', '涵盖'], (w) => `(?:${w})`, 'g'),
    relation: 'contains',
    lang: 'zh',
    from: 'left',
    to: 'right',
    list: true,
  },
  // "The year is divided into four seasons", 一年分为四个季节: the parts of a whole.
  {
    ...cued(
      ['divided', 'split', 'grouped', 'classified', 'organized', 'organised'],
      (w) => String.raw`\s(?:${BE}|can\s+be|may\s+be)\s+(?:${w})\s+into\s+`,
      'gi',
    ),
    relation: 'contains',
    lang: 'en',
    from: 'left',
    to: 'right',
    list: true,
  },
  // 居民需要把垃圾分为四类: the whole is what 把 / 将 takes.
  {
    ...cued(['分为', '分成', '划分为', '分作'], (w) => `(?:可以|可)?(?:${w})`, 'g'),
    relation: 'contains',
    lang: 'zh',
    from: 'left',
    to: 'right',
    list: true,
    leftHead: /^.*[把将]/,
  },
  {
    ...cued(['组成', '构成'], (w) => `由(?!于)([^，。；,.;]{1,40}?)(?:${w})`, 'g'),
    relation: 'contains',
    lang: 'zh',
    from: 'left',
    to: 'group',
    list: true,
  },
  // Cause and effect stated by a verb: "Smoking causes lung cancer", "Heavy rain led to severe flooding", "X is caused
  // by Y", 长期缺水导致庄稼减产, 卡纸多半是由纸张受潮引起的. Not the noun ("the causes of", "a cause of").
  {
    ...cued(
      CAUSING_VERBS_EN,
      (w) =>
        String.raw`\s(?:(?:has|have|had|can|could|may|might|will|would|often|usually|also|eventually|ultimately|directly|frequently|sometimes)\s+(?:(?:also|often|eventually|ultimately|directly|even)\s+)?)?(?:${w})\s+(?!of\b|and\b|by\b|to\b)`,
      'gi',
    ),
    relation: 'causes',
    lang: 'en',
    from: 'left',
    to: 'right',
    // "The heat causes the yeast to become more active": the effect is the whole infinitive clause, not "the yeast".
    notBeforeRight: /^[^,.;:!?]{0,40}?\sto\s/,
    // "a rise in literacy", "a drop in prices": a change is named with what it changes.
    stop: /[,.;:!?()[\]"“”]|\s(?:that|which|who|whom|whose|where|when|while|because|since|if|as|with|by|from|on|at|for|to|into|during|and|or|but|such|like|including|called|known|named)\s|(?<!\b(?:rise|increase|decrease|decline|drop|fall|growth|reduction|change|surge|improvement|loss|gain|shift|boost|spike|jump|interest|trust|confidence))\sin\s/i,
  },
  {
    ...cued(
      ['caused', 'triggered'],
      (w) =>
        String.raw`\s(?:${BE}|can\s+be|may\s+be)\s+(?:(?:mostly|mainly|often|usually|largely|partly|primarily|generally)\s+)?(?:${w})\s+by\s+`,
      'gi',
    ),
    relation: 'causes',
    lang: 'en',
    from: 'right',
    to: 'left',
  },
  {
    ...cued(CAUSING_ZH, (w) => `(?<!由[^，。；,.;由]{0,16})(?:${w})了?(?![的了]?[，。；,.;！？!?]|的|$)`, 'g'),
    relation: 'causes',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  {
    ...cued(CAUSED_BY_ZH, (w) => `由(?!于)([^，。；,.;由]{1,16}?)(?:所)?(?:${w})`, 'g'),
    relation: 'causes',
    lang: 'zh',
    from: 'group',
    to: 'left',
    leftTail: /(?:多半|通常|往往|主要|大多|大都|常常|一般|多|都|也|就|可能|大概)*是?$/,
  },
  // 森林砍伐使土壤流失加剧: 使 (使得, 致使) between a cause and what it brings about (not 使用, 即使, 大使 …).
  {
    ...cued(['使得', '使'], (w) => `(?<![即假大纵行促迫驱])(?:${w})(?![用命者馆劲然])`, 'g'),
    relation: 'causes',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "Regular exercise contributes to better sleep", 运动有助于改善睡眠, 促进: a contribution is a cause.
  {
    ...cued(
      ['contributes', 'contributed', 'contribute'],
      (w) => String.raw`\s(?:(?:can|could|may|might|also|often)\s+)?(?:${w})\s+to\s+`,
      'gi',
    ),
    relation: 'causes',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    ...cued(['有助于', '有利于', '促进了', '促进'], (w) => `(?:${w})`, 'g'),
    relation: 'causes',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "Plant growth depends on sunlight", 植物的生长依赖于阳光 / 取决于: what a thing depends on drives it.
  {
    ...cued(
      ['depends', 'depended', 'depend', 'relies', 'relied', 'rely'],
      (w) => String.raw`\s(?:(?:largely|mainly|mostly|partly|heavily|strongly)\s+)?(?:${w})\s+(?:up)?on\s+`,
      'gi',
    ),
    relation: 'driven_by',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    ...cued(['依赖于', '取决于', '依赖', '依靠'], (w) => `(?:主要|很大程度上|在很大程度上)?(?:${w})`, 'g'),
    relation: 'driven_by',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "This material is used to build bridges", 这种材料主要用于建造桥梁: what a thing is for.
  {
    ...cued(
      ['used to', 'used for'],
      (w) => String.raw`\s${BE}\s+(?:(?:mainly|mostly|often|usually|commonly|widely|primarily|also)\s+)?(?:${w})\s+`,
      'gi',
    ),
    relation: 'aims_at',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    ...cued(['用于', '用来', '用以'], (w) => `(?:主要|通常|常常|常|多|广泛)?(?:${w})`, 'g'),
    relation: 'aims_at',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // Analogy and drivers.
  {
    re: new RegExp(
      `\\s(?:${BE}\\s+(?:just\\s+|much\\s+)?like|(?:is|are)\\s+(?:similar|analogous|akin)\\s+to|resembles?|resembled)\\s+`,
      'gi',
    ),
    relation: 'analogy',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  { ...cued(ANALOGY_ZH, (w) => `(?:${w})`, 'g'), relation: 'analogy', lang: 'zh', from: 'left', to: 'right' },
  {
    ...cued(
      ['driven by'],
      (w) => String.raw`\s${BE}\s+(?:largely\s+|mainly\s+|primarily\s+|mostly\s+)?(?:${w})\s+`,
      'gi',
    ),
    relation: 'driven_by',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    ...cued(['驱动'], (w) => `(?:受到?|由(?!于))([^，。；,.;]{1,16}?)所?(?:${w})`, 'g'),
    relation: 'driven_by',
    lang: 'zh',
    from: 'left',
    to: 'group',
  },
];
