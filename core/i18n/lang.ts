// The interface languages and how a language tag or an Accept-Language header maps onto them: one home for the
// Worker (error messages, Markdown insights), the insight engine and the browser components.

export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

/** The locale numbers, dates and plural rules are formatted with in each language. */
export const LOCALES: Record<Lang, string> = { en: 'en-US', zh: 'zh-CN' };

/** 'zh' for any Chinese tag (zh, zh-CN, zh-Hant-TW, ZH), 'en' for any other tag, null when there is none. */
export function langFromTag(tag: unknown): Lang | null {
  if (typeof tag !== 'string' || !tag.trim()) return null;
  return /^zh(?:$|[-_])/i.test(tag.trim()) ? 'zh' : 'en';
}

/**
 * The reader's language from an Accept-Language header: the supported language with the highest weight (q), ties
 * in header order; English when the header names neither (or is absent).
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  let best: { lang: Lang; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.split(';');
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (!(LANGS as readonly string[]).includes(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary as Lang, q };
  }
  return best?.lang ?? 'en';
}
