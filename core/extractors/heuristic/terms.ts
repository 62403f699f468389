// Recurring key terms: capitalised names and multiword phrases (English) or Han n-grams (Chinese) that occur in
// at least `minUnits` units of the batch. Counting is one linear pass; the ranking prefers terms found in more units,
// then longer ones; a term inside (or containing) a better-ranked one is the same concept and is skipped.
import type { ContentUnit } from '../../schema';
import { isHan } from '../../units/chars';

export interface TermOccurrence {
  unitIndex: number;
  start: number;
  end: number;
  surface: string;
}

interface Tally {
  units: number;
  lastUnit: number;
  first: TermOccurrence;
  /** Occurrences in up to three units (the first included), for the whole-word check. */
  samples: TermOccurrence[];
  /** Capitalised names rank ahead of common phrases with the same count. */
  proper: boolean;
  /** Han n-grams and names prefer the longer candidate; common English phrases the shorter one. */
  preferLonger: boolean;
  /** Neighbouring characters at the first occurrence, and whether other occurrences had different ones. */
  left: string;
  right: string;
  variedLeft: boolean;
  variedRight: boolean;
}

// Function words: never part of a name ("The", "In") nor of a phrase.
export const EN_FUNCTION = new Set(
  (
    'the a an and or but if of to in on at by for with from as is are was were be been being it its this that these those ' +
    'they them their there here he she his her we our you your i me my not no so than then such which who whom whose what when ' +
    'where why how all any each every both few more most other some many much very can could may might must shall should will ' +
    'would do does did has have had also just only even still into over under about after before between through during while ' +
    'because since until upon within without however therefore thus hence'
  ).split(' '),
);
// Generic content words that make poor phrase heads or modifiers ("crucial role", "various types").
export const EN_GENERIC = new Set(
  (
    'role way ways part parts time times number lot lots kind kinds type types variety thing things people crucial important ' +
    'significant various different new large small great good bad essential vital key overall another same own well one two ' +
    'three first second third last next remarkable fascinating incredible unique example instance'
  ).split(' '),
);

// Han n-grams that start, end or contain these are function words, not terms.
export const ZH_INNER = new Set('的了着过是在和与也都就而并但我你他她它们这那其之被把让呢吗吧啊或及即'.split(''));
export const ZH_EDGE = new Set('不有为以对从向将会能要可没很更最又还只才却如若则所等每个些一上下中后前时'.split(''));
export const ZH_STOP = new Set(
  (
    '进行 通过 需要 同时 非常 已经 可以 没有 因为 所以 但是 然而 因此 如果 虽然 而且 并且 或者 以及 其中 例如 比如 时候 什么 怎么 ' +
    '这样 那样 就是 还是 只是 不是 而是 一些 一种 一样 目前 现在 当时 之后 之前 以后 以前 开始 成为 具有 提供 包括 主要 重要 不同 ' +
    '相同 方面 问题 情况 东西 部分 方式 方法 作用 影响 发展 工作 可能 通常 必须 应当 应该 使用 调用 自动 直接 返回 保存 ' +
    '显示 支持 生成 出现 处理 包含 存在 允许 获得 实现 完成 继续 结果 关系 内容 任何 所有 每个 如何 当前 默认 全部 之间 以上 以下'
  ).split(' '),
);

const WORD = /[A-Za-z][A-Za-z0-9'’-]*/g;

export function recurringTerms(units: readonly ContentUnit[], limit: number, minUnits = 3): TermOccurrence[] {
  if (limit <= 0) return [];
  const tallies = new Map<string, Tally>();
  const note: Note = (key, occ, proper, preferLonger) => {
    const text = units[occ.unitIndex].text;
    const left = text.charAt(occ.start - 1);
    const right = text.charAt(occ.end);
    const t = tallies.get(key);
    if (!t) {
      tallies.set(key, {
        units: 1,
        lastUnit: occ.unitIndex,
        first: occ,
        samples: [occ],
        proper,
        preferLonger,
        left,
        right,
        variedLeft: false,
        variedRight: false,
      });
      return;
    }
    if (left !== t.left) t.variedLeft = true;
    if (right !== t.right) t.variedRight = true;
    if (t.lastUnit !== occ.unitIndex) {
      t.units++;
      t.lastUnit = occ.unitIndex;
      if (t.samples.length < 3) t.samples.push(occ);
    }
  };
  units.forEach((unit, ui) => {
    if (unit.kind === 'code') return;
    if (/[A-Za-z]/.test(unit.text)) englishCandidates(unit.text, ui, note);
    if (/[\u4e00-\u9fff]/.test(unit.text)) hanCandidates(unit.text, ui, note);
  });
  // Equal counts: names first; a longer name is more specific ("Great Barrier Reef"), while a shorter common phrase
  // is more likely a noun phrase than a clause fragment ("climate change" before "change affects region").
  const size = (key: string, t: Tally) => (t.preferLonger ? key.length : -key.length);
  const dominated = dominatedHanGrams(tallies);
  const ranked = [...tallies.entries()]
    // A Han term is used in different contexts; an n-gram always framed by the same characters is a repeated sentence.
    .filter(
      ([key, t]) =>
        t.units >= minUnits && !dominated.has(key) && (!isHan(key.charCodeAt(0)) || (t.variedLeft && t.variedRight)),
    )
    .sort(
      ([ka, a], [kb, b]) =>
        b.units - a.units ||
        Number(b.proper) - Number(a.proper) ||
        size(kb, b) - size(ka, a) ||
        a.first.unitIndex - b.first.unitIndex ||
        a.first.start - b.first.start,
    );
  // Overlapping candidates are one concept: keep the better-ranked one, unless a longer form containing it is nearly
  // as frequent (60 %), which then takes its place ("Great Barrier Reef" over "Barrier Reef", 知识图谱 over 图谱).
  const chosen: { key: string; tally: Tally }[] = [];
  const words = new WordCheck(units);
  for (const [key, t] of ranked) {
    if (!words.isTerm(key, t)) continue;
    const overlap = chosen.findIndex((c) => c.key.includes(key) || key.includes(c.key));
    if (overlap < 0) {
      if (chosen.length < limit) chosen.push({ key, tally: t });
      continue;
    }
    const c = chosen[overlap];
    const others = chosen.filter((_, i) => i !== overlap);
    if (
      key.includes(c.key) &&
      t.units >= 0.6 * c.tally.units &&
      !others.some((o) => o.key.includes(key) || key.includes(o.key))
    ) {
      chosen[overlap] = { key, tally: t };
    }
  }
  return chosen.map((c) => c.tally.first);
}

/** Common verbs and adjectives a noun phrase does not end with ("trees cool", "heat stays", "roofs white"). */
export const EN_NOT_HEAD = new Set(
  (
    'cool cools warm warms hot cold high low white black dark light make makes made keep keeps help helps become becomes ' +
    'use uses need needs stay stays turn turns take takes give gives show shows mean means remain remains seem seems ' +
    'cause causes lead leads allow allows reduce reduces increase increases store stores protect protects release releases ' +
    'absorb absorbs reach reaches form forms hold holds cover covers work works act acts build builds start starts'
  ).split(' '),
);
/** Word checks allowed per call: a bound on segmentation work however many candidates are rejected. */
const MAX_WORD_CHECKS = 200;

/**
 * Whether a ranked candidate reads as a term: an English common phrase must end in a noun-like word (not -ed, not
 * a common verb or adjective); a Han n-gram must be whole words in at least one of its first three units, as the
 * language's word segmenter (Intl.Segmenter, word granularity; absent: no check) reads the Han run around it, so 度可 in 难度可能
 * or 马体 in 海马体 never become key terms. Segmenter boundaries are only compared, never used as unit offsets.
 */
class WordCheck {
  private checks = 0;
  constructor(private readonly units: readonly ContentUnit[]) {}

  isTerm(key: string, t: Tally): boolean {
    if (key.length < 2) return false; // "C" of "60 °C" is no name
    if (!isHan(key.charCodeAt(0))) {
      if (t.proper) return true;
      const last = key.slice(key.lastIndexOf(' ') + 1);
      return !EN_NOT_HEAD.has(last) && !/(?:ed|ly)$/.test(last);
    }
    const seg = zhSegmenter();
    if (!seg) return true;
    // Dictionaries miss domain words (未归|因 glues a character on): one clean reading of three is enough.
    return t.samples.some((occ) => ++this.checks <= MAX_WORD_CHECKS && this.wholeWords(seg, occ));
  }

  private wholeWords(seg: Intl.Segmenter, occ: TermOccurrence): boolean {
    const text = this.units[occ.unitIndex].text;
    const { start, end } = occ;
    let a = start;
    while (a > 0 && start - a < 40 && isHan(text.charCodeAt(a - 1))) a--;
    let b = end;
    while (b < text.length && b - end < 40 && isHan(text.charCodeAt(b))) b++;
    const bounds = new Set<number>([b]);
    for (const s of seg.segment(text.slice(a, b))) bounds.add(a + s.index);
    return bounds.has(start) && bounds.has(end);
  }
}

let segmenter: Intl.Segmenter | null | undefined;
export function zhSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined)
    segmenter =
      typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter('zh', { granularity: 'word' })
        : null;
  return segmenter;
}

/**
 * A Han n-gram that nearly always occurs inside one longer n-gram (识图 inside 知识图谱) is a fragment of that
 * longer term, not a term of its own: drop it when an extension by one character reaches 80 % of its unit count.
 */
function dominatedHanGrams(tallies: ReadonlyMap<string, Tally>): Set<string> {
  const out = new Set<string>();
  for (const [key, t] of tallies) {
    if (key.length < 3 || !isHan(key.charCodeAt(0))) continue;
    for (const part of [key.slice(1), key.slice(0, -1)]) {
      const sub = tallies.get(part);
      if (sub && t.units >= 0.8 * sub.units) out.add(part);
    }
  }
  return out;
}

type Note = (key: string, occ: TermOccurrence, proper: boolean, preferLonger: boolean) => void;

/** Capitalised runs not at a sentence start, and two- or three-word phrases of content words. */
function englishCandidates(text: string, ui: number, note: Note): void {
  const words: { s: number; e: number; w: string }[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    let w = m[0].replace(/['’]s$/, '');
    while (w.endsWith('-') || w.endsWith("'") || w.endsWith('’')) w = w.slice(0, -1);
    words.push({ s: m.index, e: m.index + w.length, w });
  }
  const joined = (i: number) => i > 0 && /^ +$/.test(text.slice(words[i - 1].e, words[i].s));
  const sentenceStart = (i: number) => {
    const before = text.slice(Math.max(0, words[i].s - 3), words[i].s).trim();
    return i === 0 || before === '' || /[.!?:"“”\n]$/.test(before);
  };
  const isCap = (w: string) => /^[A-Z]/.test(w) && !EN_FUNCTION.has(w.toLowerCase());
  for (let i = 0; i < words.length; i++) {
    // Proper names: a run of capitalised words.
    if (isCap(words[i].w) && !(i > 0 && joined(i) && isCap(words[i - 1].w))) {
      let j = i;
      while (j + 1 < words.length && j - i < 3 && joined(j + 1) && isCap(words[j + 1].w)) j++;
      if (j > i || !sentenceStart(i)) {
        const surface = text.slice(words[i].s, words[j].e);
        note(surface.toLowerCase(), { unitIndex: ui, start: words[i].s, end: words[j].e, surface }, true, true);
      }
    }
    // Common multiword phrases: 2-3 adjacent lower-case content words.
    for (let n = 2; n <= 3 && i + n <= words.length; n++) {
      let ok = true;
      for (let k = i; k < i + n && ok; k++) {
        const w = words[k].w;
        // A capital is allowed on the first word at a sentence start ("Climate change is…").
        const lower = /^[a-z]/.test(w) || (k === i && sentenceStart(i) && /^[A-Z][a-z]+$/.test(w));
        ok =
          w.length >= 3 &&
          lower &&
          !EN_FUNCTION.has(w.toLowerCase()) &&
          !EN_GENERIC.has(w.toLowerCase()) &&
          !w.endsWith('ly') &&
          (k === i ? !w.endsWith('ing') : joined(k));
      }
      if (!ok) break;
      const surface = text.slice(words[i].s, words[i + n - 1].e);
      note(surface.toLowerCase(), { unitIndex: ui, start: words[i].s, end: words[i + n - 1].e, surface }, false, false);
    }
  }
}

/** Han n-grams of 2-4 characters inside runs of Han text, filtered by function characters. */
function hanCandidates(text: string, ui: number, note: Note): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    if (!isHan(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && isHan(text.charCodeAt(j))) j++;
    for (let a = i; a < j; a++) {
      if (ZH_INNER.has(text[a]) || ZH_EDGE.has(text[a])) continue;
      for (let len = 2; len <= 4 && a + len <= j; len++) {
        const last = text[a + len - 1];
        if (ZH_INNER.has(last)) break;
        if (ZH_EDGE.has(last)) continue;
        const gram = text.slice(a, a + len);
        if (ZH_STOP.has(gram)) continue;
        note(gram, { unitIndex: ui, start: a, end: a + len, surface: gram }, false, true);
      }
    }
    i = j;
  }
}
