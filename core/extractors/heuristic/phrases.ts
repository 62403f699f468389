// Relations between terms inside one clause: "X is a kind of Y", "X includes A, B and C", "X是指…", "所谓X".
// Both ends must be short noun phrases found verbatim around the cue; otherwise nothing is emitted.
import type { Lang } from '../../i18n/lang';
import type { Relation } from '../../schema';
import { EVALUATIVE_EN } from './cues';
import { trimSpan, type Span } from './spans';

/** One end of a phrase relation: a term span, or the clause itself (a definition defines its term). */
export type PhraseEnd = Span | 'clause';

export interface PhraseLink {
  relation: Relation;
  from: PhraseEnd;
  to: PhraseEnd;
}

export interface PhraseResult {
  /** A definition cue was found (the clause is typed `definition` even when its term is not extractable). */
  definition: boolean;
  links: PhraseLink[];
}

type Side = 'left' | 'right' | 'group';
interface Pattern {
  re: RegExp;
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
const PATTERNS: Pattern[] = [
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
    re: /\s(?:is|are)\s+(?:called|termed|named|known\s+as)\s+/gi,
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'right',
    definition: true,
  },
  // "Entropy means disorder": a short term opening the sentence, then what it means ("This means that …" is a cue).
  {
    re: /(?<=^[A-Z][A-Za-z-]*(?:\s+[a-z][a-z-]*){0,2})\s(?:means|meant)\s+(?!that\b|to\b)/g,
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  {
    re: /所谓\s*/g,
    relation: 'defines',
    lang: 'zh',
    from: 'clause',
    to: 'right',
    definition: true,
    stop: /[，,。；;：:！!？?”"」》\s]|就是|是指|指的是|是/,
  },
  {
    re: /(?:是指|指的是|就是指|被定义为|定义为|的定义是)/g,
    relation: 'defines',
    lang: 'zh',
    from: 'clause',
    to: 'left',
    definition: true,
  },
  {
    re: /(?:被称为|被称作|称为|称作|被叫做|被叫作|叫做|叫作|又称|也称|亦称|又叫|也叫|简称)/g,
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
    re: /\s(?:occurs?|happens?|arises?|takes\s+place)\s+when\s+/gi,
    relation: 'defines',
    lang: 'en',
    from: 'clause',
    to: 'left',
    definition: true,
    termRequired: true,
  },
  // "Dark surfaces such as asphalt and roofing tar": each named item is an example of the term before the cue.
  { re: /,?\s+such\s+as\s+/gi, relation: 'example', lang: 'en', from: 'right', to: 'left', list: true, shortItems: 2 },
  // "Many fruits, including apples and oranges, are …": the items named after a kind are examples of it.
  { re: /,\s+including\s+/gi, relation: 'example', lang: 'en', from: 'right', to: 'left', list: true, shortItems: 2 },
  // Taxonomy and negation.
  {
    re: new RegExp(
      `\\s${BE}\\s+(?:(?:a|an|one)\\s+)?(?:kind|type|form|sort|class|category|species|member|branch|subset|subtype)s?\\s+of\\s+`,
      'gi',
    ),
    relation: 'is_a',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  { re: /(?:是一种|是一类|属于)/g, relation: 'is_a', lang: 'zh', from: 'left', to: 'right' },
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
    re: new RegExp(
      `\\s(?:includes?|included|contains?|contained|comprises?|comprised|consists?\\s+of|consisted\\s+of|${BE}\\s+(?:made\\s+up|composed)\\s+of)\\s+`,
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
  { re: /(?:包括|包含|涵盖)/g, relation: 'contains', lang: 'zh', from: 'left', to: 'right', list: true },
  // "The year is divided into four seasons", 一年分为四个季节: the parts of a whole.
  {
    re: new RegExp(
      `\\s(?:${BE}|can\\s+be|may\\s+be)\\s+(?:divided|split|grouped|classified|organi[sz]ed)\\s+into\\s+`,
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
    re: /(?:可以|可)?(?:分为|分成|划分为|分作)/g,
    relation: 'contains',
    lang: 'zh',
    from: 'left',
    to: 'right',
    list: true,
    leftHead: /^.*[把将]/,
  },
  {
    re: /由(?!于)([^，。；,.;]{1,40}?)(?:组成|构成)/g,
    relation: 'contains',
    lang: 'zh',
    from: 'left',
    to: 'group',
    list: true,
  },
  // Cause and effect stated by a verb: "Smoking causes lung cancer", "Heavy rain led to severe flooding", "X is caused
  // by Y", 长期缺水导致庄稼减产, 卡纸多半是由纸张受潮引起的. Not the noun ("the causes of", "a cause of").
  {
    re: /\s(?:(?:has|have|had|can|could|may|might|will|would|often|usually|also|eventually|ultimately|directly|frequently|sometimes)\s+(?:(?:also|often|eventually|ultimately|directly|even)\s+)?)?(?:causes|caused|cause|leads\s+to|led\s+to|lead\s+to|results\s+in|resulted\s+in|result\s+in|gives\s+rise\s+to|gave\s+rise\s+to|give\s+rise\s+to|triggers|triggered|trigger)\s+(?!of\b|and\b|by\b|to\b)/gi,
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
    re: new RegExp(
      `\\s(?:${BE}|can\\s+be|may\\s+be)\\s+(?:(?:mostly|mainly|often|usually|largely|partly|primarily|generally)\\s+)?(?:caused|triggered)\\s+by\\s+`,
      'gi',
    ),
    relation: 'causes',
    lang: 'en',
    from: 'right',
    to: 'left',
  },
  {
    re: /(?<!由[^，。；,.;由]{0,16})(?:导致|引起|造成|引发|致使)了?(?![的了]?[，。；,.;！？!?]|的|$)/g,
    relation: 'causes',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  {
    re: /由(?!于)([^，。；,.;由]{1,16}?)(?:所)?(?:引起|导致|造成|引发)/g,
    relation: 'causes',
    lang: 'zh',
    from: 'group',
    to: 'left',
    leftTail: /(?:多半|通常|往往|主要|大多|大都|常常|一般|多|都|也|就|可能|大概)*是?$/,
  },
  // 森林砍伐使土壤流失加剧: 使 (使得, 致使) between a cause and what it brings about (not 使用, 即使, 大使 …).
  {
    re: /(?<![即假大纵行促迫驱])(?:使得|使)(?![用命者馆劲然])/g,
    relation: 'causes',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "Regular exercise contributes to better sleep", 运动有助于改善睡眠, 促进: a contribution is a cause.
  {
    re: /\s(?:(?:can|could|may|might|also|often)\s+)?(?:contributes|contributed|contribute)\s+to\s+/gi,
    relation: 'causes',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  { re: /(?:有助于|有利于|促进了?)/g, relation: 'causes', lang: 'zh', from: 'left', to: 'right' },
  // "Plant growth depends on sunlight", 植物的生长依赖于阳光 / 取决于: what a thing depends on drives it.
  {
    re: /\s(?:(?:largely|mainly|mostly|partly|heavily|strongly)\s+)?(?:depends|depended|depend|relies|relied|rely)\s+(?:up)?on\s+/gi,
    relation: 'driven_by',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    re: /(?:主要|很大程度上|在很大程度上)?(?:依赖于|取决于|依赖|依靠)/g,
    relation: 'driven_by',
    lang: 'zh',
    from: 'left',
    to: 'right',
  },
  // "This material is used to build bridges", 这种材料主要用于建造桥梁: what a thing is for.
  {
    re: new RegExp(
      `\\s${BE}\\s+(?:(?:mainly|mostly|often|usually|commonly|widely|primarily|also)\\s+)?used\\s+(?:to|for)\\s+`,
      'gi',
    ),
    relation: 'aims_at',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    re: /(?:主要|通常|常常|常|多|广泛)?(?:用于|用来|用以)/g,
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
  { re: /(?:就像|好比|如同|犹如)/g, relation: 'analogy', lang: 'zh', from: 'left', to: 'right' },
  {
    re: new RegExp(`\\s${BE}\\s+(?:largely\\s+|mainly\\s+|primarily\\s+|mostly\\s+)?driven\\s+by\\s+`, 'gi'),
    relation: 'driven_by',
    lang: 'en',
    from: 'left',
    to: 'right',
  },
  {
    re: /(?:受到?|由(?!于))([^，。；,.;]{1,16}?)所?驱动/g,
    relation: 'driven_by',
    lang: 'zh',
    from: 'left',
    to: 'group',
  },
];

const EN_PRONOUN =
  /^(?:it|this|that|these|those|they|he|she|we|i|you|there|which|what|who|one|something|everything|nothing|anything)$/i;
/** Words that show a candidate is a clause fragment, not a noun phrase. */
const EN_NOT_IN_TERM = new Set(
  (
    'it they he she we i you them their there where when which who whom whose what why how is are was were be been being ' +
    'can could will would shall should may might must do does did has have had not that this these those'
  ).split(' '),
);
/** Words a noun phrase neither starts nor ends with ("because", "of the", "and"). */
const EN_EDGE_WORD = new Set(
  'of for with by from and or but to as than then so if because also very just only in on at into about'.split(' '),
);
const EN_DETERMINER =
  /^(?:(?:the|a|an|this|that|these|those|its|their|our|his|her|some|many|several|various|all|both|each|every)\s+)?(?:(?:term|word|concept|notion|phrase|idea)\s+)?/i;
const EN_STOP_RIGHT =
  /[,.;:!?()[\]"“”]|\s(?:that|which|who|whom|whose|where|when|while|because|since|if|as|with|by|from|in|on|at|for|to|into|during|and|or|but|called|known|named|such)\s/i;
const EN_LIST_STOP =
  /[.;:!?()[\]"“”]|\s(?:that|which|who|whom|whose|where|when|while|because|since|if|as|with|by|from|during|but|called|known|named|such)\s/i;
const ZH_PRONOUN = /^(?:这|那|它|他|她|我|你|其|此|这些|那些|它们|他们|她们|我们|你们|这里|那里|这是|那是|这就)$/;
const ZH_DETERMINER = /^(?:所谓|这种|这个|这些|那种|那个|那些|该|此|一种|一个|[“"「《'])+/;
/** A Chinese term is Han, Latin letters and digits only (no spaces or punctuation), not opened or closed by a function word. */
const ZH_TERM = /^[\u4e00-\u9fffA-Za-z0-9_-]+$/;
const ZH_BAD_START = /^[把被而只或不也都就从对在让将会可要能并与和及但却则若如因所其以为于向给即还又它他她我你]/;
const ZH_BAD_END = /[的了着过地得可会能要而也都就只不把被和与及或在是常已正再曾将总仍均]$/;
const ZH_STOP_RIGHT = /[，,。；;：:！!？?（(“”"」》\s]/;
const QUOTES = /^[“"「《'‘]+|[”"」》'’]+$/g;

/** Finds the phrase relations of the clause text[start, end). Each pattern fires at most once per clause. */
export function findPhraseLinks(text: string, start: number, end: number): PhraseResult {
  const sub = text.slice(start, end);
  const out: PhraseResult = { definition: false, links: [] };
  const hasHan = /[\u4e00-\u9fff]/.test(sub);
  const hasLatin = /[A-Za-z]{2}/.test(sub);
  for (const p of PATTERNS) {
    if (p.lang === 'zh' ? !hasHan : !hasLatin) continue;
    p.re.lastIndex = 0;
    let tries = 0;
    for (let m = p.re.exec(sub); m && tries < 3; m = p.re.exec(sub), tries++) {
      const cueStart = m.index;
      const cueEnd = m.index + m[0].length;
      const groupAt = m[1] === undefined ? -1 : m.index + m[0].indexOf(m[1], p.lang === 'zh' ? 1 : 0);
      const sides: Record<Side, Span[] | null> = {
        left: leftTerm(sub, cueStart, p.lang, p),
        right: rightTerms(sub, cueEnd, sub.length, p.lang, !!p.list, p.stop),
        group: m[1] === undefined ? null : listTerms(sub, groupAt, groupAt + m[1].length, p.lang, !!p.list),
      };
      if (p.shortItems) {
        const short = (side: Span[] | null) => {
          const cut = side?.findIndex((t) => sub.slice(t.start, t.end).split(/\s+/).length > p.shortItems!) ?? -1;
          return side && cut >= 0 ? (cut > 0 ? side.slice(0, cut) : null) : side;
        };
        sides.right = short(sides.right);
        if (sides.left && sub.slice(sides.left[0].start, sides.left[0].end).split(/\s+/).length > 3) sides.left = null;
        if (!sides.left && p.lang === 'en') sides.left = leftObject(sub, cueStart);
      }
      if (p.pluralAfterAre && /^\s*are\s/i.test(m[0]) && sides.right && !PLURAL.test(headWord(sub, sides.right[0])))
        sides.right = null;
      if (p.notBeforeRight && sides.right && p.notBeforeRight.test(sub.slice(sides.right[sides.right.length - 1].end)))
        sides.right = null;
      const from = p.from === 'clause' ? 'clause' : sides[p.from];
      const to = p.to === 'clause' ? 'clause' : sides[p.to];
      if (p.definition && !p.termRequired) out.definition = true;
      if (!from || !to) continue;
      if (p.definition) out.definition = true;
      const shift = (s: Span): Span => ({ start: s.start + start, end: s.end + start });
      const froms: PhraseEnd[] =
        from === 'clause' ? ['clause'] : (p.list && p.from !== 'left' ? from : from.slice(0, 1)).map(shift);
      const tos: PhraseEnd[] = to === 'clause' ? ['clause'] : to.map(shift);
      for (const f of froms) for (const t of tos) out.links.push({ relation: p.relation, from: f, to: t });
      break;
    }
  }
  return out;
}

/** The noun phrase just left of a cue: after the last comma, without determiners; short and not a pronoun. */
function leftTerm(
  sub: string,
  cueStart: number,
  lang: Lang,
  trim: Pick<Pattern, 'leftHead' | 'leftTail'> = {},
): Span[] | null {
  let a = 0;
  for (let i = cueStart - 1; i >= 0; i--) {
    const ch = sub[i];
    if (ch === ',' || ch === '，' || ch === ';' || ch === '；' || ch === ':' || ch === '：' || ch === '。') {
      a = i + 1;
      break;
    }
  }
  if (trim.leftHead) a += trim.leftHead.exec(sub.slice(a, cueStart))?.[0].length ?? 0;
  const end = trim.leftTail ? a + sub.slice(a, cueStart).replace(trim.leftTail, '').length : cueStart;
  const span = cleanTerm(sub, a, end, lang) ?? (lang === 'zh' ? antecedentTerm(sub, a, end) : null);
  return span ? [span] : null;
}

/** "卡纸是另一种常见故障，它多半是由…引起的": a pronoun stands for the subject of the comma part before it. */
function antecedentTerm(sub: string, a: number, end: number): Span | null {
  if (a < 2 || !ZH_PRONOUN.test(sub.slice(a, end).trim())) return null;
  let b = a - 1;
  while (b > 0 && !/[，,；;。：:]/.test(sub[b - 1])) b--;
  const subject = /^([\u4e00-\u9fff]{2,8}?)(?:是|为|属于|也是)/.exec(sub.slice(b, a - 1));
  return subject ? cleanTerm(sub, b, b + subject[1].length, 'zh') : null;
}

// Not "to" (an infinitive: "to access financial services, such as …" names an action, not a kind).
const EN_LAST_PREPOSITION = /^.*\s(?:in|on|for|of|with|from|at|about|into|among|between)\s+/i;

const PLURAL = /^[a-z'-]+[^su]s$/;
const NOT_A_KIND = new Set(['others', 'ones', 'physics', 'mathematics', 'news', 'series', 'species', 'means', 'ways']);

/** "Volcanoes come in several shapes, such as …": the object of the last preposition before the cue. */
function leftObject(sub: string, cueStart: number): Span[] | null {
  const before = sub.slice(0, cueStart);
  const prep = EN_LAST_PREPOSITION.exec(before);
  const span = prep ? cleanTerm(sub, prep[0].length, cueStart, 'en') : null;
  if (!span) return null;
  // A kind the examples belong to is a plural ("warning signs, such as small earthquakes"); "for the afterlife, such
  // as food" or "planets in our solar system, such as Jupiter" name a place or a purpose, not the kind.
  const head = headWord(sub, span);
  return sub.slice(span.start, span.end).split(/\s+/).length <= 3 && PLURAL.test(head) && !NOT_A_KIND.has(head)
    ? [span]
    : null;
}

/** The last word of an English term, lower-cased (its head noun). */
function headWord(sub: string, span: Span): string {
  return sub.slice(span.start, span.end).split(/\s+/).pop()!.toLowerCase();
}

/** The noun phrase (or list of them) right of a cue, up to the first clause boundary. */
function rightTerms(sub: string, from: number, to: number, lang: Lang, list: boolean, stopAt?: RegExp): Span[] | null {
  const open = /^\s*[“"「《'‘]*/.exec(sub.slice(from, to));
  if (open) from += open[0].length;
  const rest = sub.slice(from, to);
  const stop = (stopAt ?? (lang === 'zh' ? ZH_STOP_RIGHT : list ? EN_LIST_STOP : EN_STOP_RIGHT)).exec(rest);
  return listTerms(sub, from, stop ? from + stop.index : to, lang, list);
}

const EN_ITEM_SPLIT = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/g;
const ZH_ITEM_SPLIT = /、|，|以及|及|和|与|或/g;

function listTerms(sub: string, from: number, to: number, lang: Lang, list: boolean): Span[] | null {
  if (!list) {
    const one = cleanTerm(sub, from, to, lang);
    return one ? [one] : null;
  }
  const region = sub.slice(from, to).replace(/(?:等等|等)\s*$/, '');
  const splitter = lang === 'zh' ? ZH_ITEM_SPLIT : EN_ITEM_SPLIT;
  const items: Span[] = [];
  let at = 0;
  splitter.lastIndex = 0;
  const take = (a: number, b: number): boolean => {
    const t = cleanTerm(sub, from + a, from + b, lang);
    if (t) items.push(t);
    return !!t;
  };
  for (let m = splitter.exec(region); m && items.length < 6; m = splitter.exec(region)) {
    if (m[0].length === 0) break;
    if (!take(at, m.index)) return items.length ? items : null;
    at = m.index + m[0].length;
  }
  if (items.length < 6) take(at, region.length);
  return items.length ? items : null;
}

/** Trim a candidate term to its core and check it is a short noun phrase; null when it is not. */
function cleanTerm(sub: string, a: number, b: number, lang: Lang): Span | null {
  let s = trimSpan(sub, a, b);
  if (s.end <= s.start) return null;
  let raw = sub.slice(s.start, s.end);
  const det = (lang === 'zh' ? ZH_DETERMINER : EN_DETERMINER).exec(raw);
  if (det && det[0].length > 0 && det[0].length < raw.length) s = trimSpan(sub, s.start + det[0].length, s.end);
  raw = sub.slice(s.start, s.end);
  const q1 = /^[“"「《'‘]+/.exec(raw);
  const q2 = /[”"」》'’]+$/.exec(raw);
  if (q1) s = { start: s.start + q1[0].length, end: s.end };
  if (q2) s = { start: s.start, end: s.end - q2[0].length };
  raw = sub.slice(s.start, s.end).replace(QUOTES, '');
  if (!raw) return null;
  if (lang === 'zh') {
    // 一种重要的经济作物 → 经济作物: the head noun after the last 的 when the phrase is long.
    const de = raw.lastIndexOf('的');
    if (de >= 0 && raw.length - de - 1 >= 2 && raw.length > 6) {
      s = { start: s.start + de + 1, end: s.end };
      raw = raw.slice(de + 1);
    }
    if (raw.length > 12 || ZH_PRONOUN.test(raw) || !ZH_TERM.test(raw) || ZH_BAD_START.test(raw) || ZH_BAD_END.test(raw))
      return null;
    return s;
  }
  const words = raw.split(/\s+/);
  if (words.length > 6 || raw.length > 60 || EN_PRONOUN.test(raw) || !/^[A-Za-z0-9]/.test(raw)) return null;
  const first = words[0].toLowerCase();
  const last = words[words.length - 1].toLowerCase();
  if (words.length > 5 || words.some((w) => EN_NOT_IN_TERM.has(w.toLowerCase())) || /^(?:a|an|the)$/.test(last))
    return null;
  if (EN_EDGE_WORD.has(first) || EN_EDGE_WORD.has(last)) return null;
  if (!/^[A-Za-z0-9][\w'’\- ]*$/.test(raw)) return null;
  return s;
}
