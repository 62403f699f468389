// One name for a source unit, everywhere a reader meets one (the source pane, answers, insights, checks): "Unit 24"
// in English, "第 24 段" in Chinese. Units are numbered from 1, as the source pane shows them.
import type { Lang } from './lang';

/** The unit's name in the reader's language: `Unit 24` / `第 24 段`. */
export function unitName(n: number, lang: Lang): string {
  return lang === 'zh' ? `第 ${n} 段` : `Unit ${n}`;
}

/** The page of an uploaded PDF a unit came from: `p. 3` / `第 3 页`. */
export function pageName(page: number, lang: Lang): string {
  return lang === 'zh' ? `第 ${page} 页` : `p. ${page}`;
}
