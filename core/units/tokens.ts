// Content tokens for lexical-drift detection: English lower-case words minus stopwords (with a crude plural
// fold), Chinese character bigrams of Han runs (a lone Han character is its own token).
import { isDigit, isHan, isWordChar } from './chars';

export const EN_STOPWORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out has him his how its may new now old see ' +
    'two who did get let say she too use that with have this will your from they know want been good much some ' +
    'time very when come here just like long make many more only over such take than them well were what into ' +
    'also each which their there these those would could should about after again being both does doing down ' +
    'during even ever every most other same then through under until upon while whom where why because before ' +
    'between itself myself themselves yourself own off once further few nor too very can will just don shall ' +
    'might must often however therefore thus hence moreover furthermore another among within without across ' +
    'toward towards onto per via yet still though although whether either neither rather quite really'
  ).split(' '),
);

export const ZH_STOP_BIGRAMS = new Set(
  (
    '我们 你们 他们 她们 它们 一个 这个 那个 这些 那些 这样 那样 因为 所以 但是 然而 可以 没有 就是 不是 已经 ' +
    '自己 什么 如果 因此 而且 并且 或者 以及 其中 通过 进行 的是 了一 是一 也是 都是 还是 同时 此外 另外 例如 比如'
  ).split(' '),
);

export function foldPlural(w: string): string {
  const n = w.length;
  if (n > 4 && w.endsWith('ies')) return `${w.slice(0, n - 3)}y`;
  if (n > 3 && w.charCodeAt(n - 1) === 0x73 && w.charCodeAt(n - 2) !== 0x73 && w.charCodeAt(n - 2) !== 0x75) {
    return w.slice(0, n - 1);
  }
  return w;
}

/**
 * Content tokens of text[start, end): lower-case English words of 3+ letters (stopwords removed, plurals
 * folded), numbers of 2+ digits, and Han bigrams. Order follows the text; duplicates are kept.
 */
export function tokenize(text: string, start = 0, end: number = text.length): string[] {
  const out: string[] = [];
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (isWordChar(c)) {
      let j = i + 1;
      while (j < end && isWordChar(text.charCodeAt(j))) j++;
      const len = j - i;
      if (len >= 3 || (len === 2 && isDigit(c))) {
        const w = text.slice(i, j).toLowerCase();
        if (!EN_STOPWORDS.has(w)) out.push(isDigit(c) ? w : foldPlural(w));
      }
      i = j;
    } else if (isHan(c)) {
      let j = i + 1;
      while (j < end && isHan(text.charCodeAt(j))) j++;
      if (j - i === 1) out.push(text[i]);
      else {
        for (let k = i; k + 1 < j; k++) {
          const bg = text.slice(k, k + 2);
          if (!ZH_STOP_BIGRAMS.has(bg)) out.push(bg);
        }
      }
      i = j;
    } else i++;
  }
  return out;
}

/** True when any token of the list is in the set. */
export function overlaps(tokens: readonly string[], set: ReadonlySet<string>): boolean {
  for (const t of tokens) if (set.has(t)) return true;
  return false;
}
