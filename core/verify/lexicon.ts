// The word lists of the quick check (docs/contracts/verification.md#quick-check), Chinese as in the seed and English beside them: qualifier
// groups (a quote that hedges, quantifies or conditions must keep that in the node's text), negation markers
// (contradiction suspicion) and the connectors that suggest a node holds more than one proposition.
import { anyOf } from '../text/word-patterns';

/** A group of interchangeable qualifiers: the text keeps the quote's qualifier if it has any word of the group. */
export interface QualifierGroup {
  name: string;
  zh: readonly string[];
  en: readonly string[];
}

export const QUALIFIER_GROUPS: readonly QualifierGroup[] = [
  {
    name: 'possibility',
    zh: ['可能', '也许', '或许', '未必', '不一定', '似乎', '大概'],
    en: [
      'may',
      'might',
      'could',
      'possibly',
      'perhaps',
      'probably',
      'likely',
      'maybe',
      'not necessarily',
      'seems',
      'seem',
      'appears',
      'apparently',
    ],
  },
  { name: 'majority', zh: ['多数', '大多数'], en: ['most', 'majority', 'mostly'] },
  { name: 'part', zh: ['部分', '一些', '有些', '少数'], en: ['some', 'several', 'a few', 'partly', 'partially'] },
  {
    name: 'frequency',
    zh: ['通常', '往往', '常常', '有时'],
    en: ['usually', 'often', 'typically', 'generally', 'sometimes', 'frequently', 'normally', 'rarely', 'seldom'],
  },
  { name: 'necessity', zh: ['必须'], en: ['must', 'have to', 'has to', 'required', 'necessarily'] },
  { name: 'exclusivity', zh: ['只有'], en: ['only', 'solely', 'exclusively'] },
  { name: 'condition', zh: ['如果', '一旦', '除非'], en: ['if', 'unless', 'provided that'] },
];

export const NEGATION_ZH = ['不', '无', '未', '非', '禁止', '不能', '无法', '没有', '不可', '不会', '反对'] as const;
export const NEGATION_EN = ['not', 'no', 'never', 'cannot', 'none', 'neither', 'nor', 'without', "n't"] as const;

export const CONNECTORS_ZH = ['并且', '同时', '以及', '导致', '从而', '于是', '因而', '进而', '继而', '随后'] as const;
export const CONNECTORS_EN = [
  'as a result',
  'which leads to',
  'leading to',
  'thereby',
  'consequently',
  'subsequently',
  'and then',
  'in turn',
  'hence',
  'furthermore',
  'moreover',
] as const;

/** One regular expression for a list of English words or phrases, matched as whole words, case-insensitive. */
function englishPattern(words: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${anyOf(words)})(?![\\p{L}\\p{N}])`, 'iu');
}

interface CompiledGroup {
  name: string;
  zh: readonly string[];
  en: RegExp;
}

const COMPILED: readonly CompiledGroup[] = QUALIFIER_GROUPS.map((g) => ({
  name: g.name,
  zh: g.zh,
  en: englishPattern(g.en),
}));

function hasGroup(text: string, g: CompiledGroup): boolean {
  return g.zh.some((w) => text.includes(w)) || g.en.test(text);
}

/** The qualifier groups the quote uses and the text drops entirely (empty when the text keeps them all). */
export function droppedQualifiers(quote: string, text: string): string[] {
  const out: string[] = [];
  for (const g of COMPILED) if (hasGroup(quote, g) && !hasGroup(text, g)) out.push(g.name);
  return out;
}

const NEGATION_EN_RE = new RegExp(
  `${englishPattern(NEGATION_EN.filter((w) => w !== "n't")).source}|n't(?![\\p{L}])`,
  'iu',
);

export function hasNegation(text: string): boolean {
  return NEGATION_ZH.some((w) => text.includes(w)) || NEGATION_EN_RE.test(text);
}

const CONNECTOR_EN_RES = CONNECTORS_EN.map((w) => englishPattern([w]));

/** How many different connectors the text uses. */
export function connectorCount(text: string): number {
  let n = 0;
  for (const w of CONNECTORS_ZH) if (text.includes(w)) n++;
  for (const re of CONNECTOR_EN_RES) if (re.test(text)) n++;
  return n;
}
