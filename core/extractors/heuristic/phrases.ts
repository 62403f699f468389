// Relations between terms inside one clause: "X is a kind of Y", "X includes A, B and C", "X是指…", "所谓X".
// Both ends must be short noun phrases found verbatim around the cue (phrase-patterns.ts); otherwise nothing is emitted.
import type { Lang } from '../../i18n/lang';
import type { Relation } from '../../schema';
import { PATTERNS, type Pattern, type Side } from './phrase-patterns';
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
