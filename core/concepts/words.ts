// What is never an anchor: the built-in extractor's function and generic words and core/units' stop words (imported,
// one home each), plus the verbs, adjectives and generic nouns a head word must not be. Without part-of-speech
// tagging these lists are what keeps "reduce" or "important" from becoming a concept of the text.
import { EN_FUNCTION, EN_GENERIC, EN_NOT_HEAD, ZH_EDGE, ZH_INNER, ZH_STOP } from '../extractors/heuristic/terms';
import { EN_STOPWORDS, ZH_STOP_BIGRAMS } from '../units/tokens';

const words = (s: string) => s.trim().split(/\s+/);

// Common verbs (base form: a folded "reduces" is "reduce") and irregular past forms.
const EN_VERBS = new Set(
  words(`
  be is are was were been get got give gave given go goes went gone come came see saw seen say said tell told think
  thought know knew known find found put let began begun grow grew grown fell fallen rose risen bring brought build
  built buy bought held led leave left lose lost meet met paid send sent speak spoke spend spent stood understand
  understood won write wrote written drive drove driven choose chose eat ate drank feel felt hear heard mean meant
  become became make made take took taken keep kept shown seem include provide produce reduce increase decrease
  improve create require contain consist depend involve describe explain develop allow enable prevent avoid protect
  affect cause remain occur happen appear continue follow consider suggest indicate reveal argue believe expect try
  want prefer add remove move carry raise apply offer enter replace repeat restore install connect wait learn teach
  observe estimate calculate determine absorb slow drag scrape pluck widen carve serve rely deliver receive accept
  refuse reject decide select destroy kill survive exist belong ask used stay show hold reach help turn need
  convey engage fascinate inspire encourage influence shape transform ensure enhance foster explore captivate
`),
);

// Common adjectives and adverbs that slip past the suffix rules ("-ly", "-ous", "-ful" …).
const EN_ADJECTIVES = new Set(
  words(`
  high higher highest low lower lowest big bigger biggest long longer short shorter old older young younger early
  earlier late later easy easier hard harder simple complex clear common rare full empty whole entire total true false
  real main major minor basic general special certain possible likely able free open close near far deep wide narrow
  thick thin heavy white black dark strong weak fast faster slow slower quick rich poor safe dangerous natural human modern
  ancient local global public private social certain particular similar different various several enough less least
  much many more most few fewer little less better best worse worst right wrong sure ready due hot cold warm cool
  dry wet dense loose flat steep steady tiny huge vast famous popular typical usual normal recent current previous
  original final further future past present central single double likely available new now then again
  almost already always never often sometimes usually rather quite also too instead otherwise once twice
  around beyond based molten solar digital against behind beside besides inside outside
`),
);

// Nouns too generic to carry a text: counting and framing words.
const EN_GENERIC_NOUNS = new Set(
  words(`
  fact facts case cases result results reason reasons idea ideas point points place places year years day days
  month months week weeks hour hours minute minutes second seconds percent share amount amounts level levels
  sort sorts form forms use uses term terms side sides end ends course lot step steps matter matters
  other others something anything everything nothing someone anyone everyone none half quarter dozen
  study studies research researcher researchers scientist scientists evidence question questions answer
  instance instances way ways thing things kind kinds type types part parts time times number numbers
  group groups area areas people person world today century centuries decade decades
`),
);

/** Adverbs, participles and adjectives by their ending, for words longer than five letters ("bed", "speed", "king" stay). */
const ADJECTIVE_ENDINGS =
  /(?:ly|[^e]ed|ing|ous|ful|less|ive|able|ible|ical|tific|etic|istic|phic|ental|tural|ional|sonal|omic|astal)$/;

/** Never any part of an English anchor (checked before the plural fold too: "this" folds to "thi"). */
export function isEnglishStopWord(w: { lower: string; fold: string }): boolean {
  return isStop(w.lower) || isStop(w.fold);
}

function isStop(word: string): boolean {
  return EN_FUNCTION.has(word) || EN_STOPWORDS.has(word) || word.length < 3;
}

/** Whether a folded word can head an English noun phrase (a noun, as far as word lists and suffixes tell). */
export function canHead(w: { lower: string; fold: string }): boolean {
  const folded = w.fold;
  if (isEnglishStopWord(w) || EN_GENERIC.has(folded) || EN_GENERIC_NOUNS.has(folded)) return false;
  // Not the extractor's EN_NOT_HEAD: it ends phrases for a parser and bars nouns ("light", "work") a text is about.
  if (EN_VERBS.has(folded) || EN_ADJECTIVES.has(folded)) return false;
  if (/\d/.test(folded)) return false;
  return folded.length <= 5 || !ADJECTIVE_ENDINGS.test(folded);
}

/** Whether a folded word may stand before a head as its modifier ("heat" in "heat islands"). */
export function canModify(w: { lower: string; fold: string }): boolean {
  return !isEnglishStopWord(w) && !EN_VERBS.has(w.fold) && !EN_NOT_HEAD.has(w.fold) && !/ly$/.test(w.fold);
}

const ZH_EXTRA_STOP = new Set(
  words(`
  一般 一定 比较 很多 许多 这种 那种 之所以 往往 几乎 明显 随之 据此 等等 来说 对于 关于 由于 从而 以免 也就是 这就是 不再
  能够 不会 不能 可能是 一样 一起 还有 以及 不断 大量 适量 左右 以内 以上 以下 之一 其他 其它 这里 那里 如此 非常 十分 更加
  越来越 一直 总是 正在 曾经 将来 过去 已 最后 首先 其次 然后 接着 最终 只要 只有 无论 不论 甚至 尤其 特别 主要是 就会 也能
  有人 人们 一种 一些 各种 所谓 叫做 称为 作为 属于 变得 得到 取得 造成 引起 导致 使得 这使得 因而 于是
  中的 本身 具体 真实 整体 之中 当中 时候 各自 而不是 不是 每一条 每一个
`),
);
const ZH_NUMERALS = /^[一二三四五六七八九十百千万亿两几数半第]+$/;
/** Prepositions and pronouns the extractor's lists leave out, never one end of a compound (按 of 普通叙述按). */
const ZH_FUNCTION_CHARS = new Set('按指给跟同比经由于各其该此本及且'.split(''));
/** A segment that ends in a particle is a phrase, not a word (概念的). */
const ZH_PARTICLE_EDGE = /^的|[的了着]$/;

/** A Han word (one segment of Intl.Segmenter) that can be an anchor on its own. */
export function isChineseTermWord(word: string): boolean {
  if (word.length < 2 || ZH_NUMERALS.test(word) || ZH_PARTICLE_EDGE.test(word)) return false;
  return !ZH_STOP.has(word) && !ZH_STOP_BIGRAMS.has(word) && !ZH_EXTRA_STOP.has(word);
}

/** A segment that may stand at the edge of a compound: a term word, or one character that is no function word. */
export function canEdgeCompound(segment: string): boolean {
  if (segment.length === 1) return isContentChar(segment);
  return isChineseTermWord(segment);
}

/** A segment that may stand inside a compound (not a particle such as 的 or 了, nor a preposition). */
export function canJoinCompound(segment: string): boolean {
  if (segment.length === 1) return isContentChar(segment);
  return !ZH_EXTRA_STOP.has(segment) && !ZH_STOP.has(segment) && !ZH_PARTICLE_EDGE.test(segment);
}

function isContentChar(c: string): boolean {
  return !ZH_INNER.has(c) && !ZH_EDGE.has(c) && !ZH_FUNCTION_CHARS.has(c) && !ZH_NUMERALS.test(c);
}
