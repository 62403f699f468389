// Small text helpers shared by analyzers, topics and rendering: quoting node text, numbers, hashes.
import type { Lang, LocalText } from './types';

/** The node's own words, shortened to `max` characters, in the reader's quotation marks. */
export function quote(text: string, max = 48): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const cut = clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
  return `“${cut}”`;
}

export const pct = (x: number): string => `${Math.round(x * 100)}%`;
export const fixed2 = (x: number): string => x.toFixed(2);

export function local(en: string, zh: string): LocalText {
  return { en, zh };
}

/** Joins a list in the reader's language ("a, b and c" / "a、b 和 c"). */
export function list(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items.join('');
  const head = items.slice(0, -1);
  const last = items[items.length - 1];
  return lang === 'zh' ? `${head.join('、')}和${last}` : `${head.join(', ')} and ${last}`;
}

/** FNV-1a 32-bit hash as 8 hex digits: compact identity for texts and quotes in the history. */
export function hash32(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
