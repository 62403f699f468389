// Interface text in English and Chinese: one table per language (i18n/en.ts, i18n/zh.ts), placeholders, plural
// forms through Intl.PluralRules (never "1 nodes"), number formatting, and an element's language. Document text is
// never translated or formatted here: only labels.
import { ERROR_CATALOG, type ErrorCode } from '../../core/errors';
import { LOCALES, langFromTag, type Lang } from '../../core/i18n/lang';
import { NODE_TYPE_LABELS, RELATION_LABELS, type NodeType, type Relation } from '../../core/schema/vocabulary';
import { en, type Messages } from './i18n/en';
import { isPlural, type Plural } from './i18n/plural';
import { zh } from './i18n/zh';

export type { Lang, Messages };
export { langFromTag };

const TABLES: Record<Lang, Messages> = { en, zh };

type Vars = Record<string, string | number>;
/** Keys of plain messages and of plural messages (a count `n` picks the form). */
export type TextKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];
export type PluralKey = { [K in keyof Messages]: Messages[K] extends Plural ? K : never }[keyof Messages];

/** The label `key` in `lang` with its placeholders filled; a plural message takes its form from the number `n`. */
export function t(lang: Lang, key: TextKey, vars?: Vars): string;
export function t(lang: Lang, key: PluralKey, vars: Vars & { n: number }): string;
export function t(lang: Lang, key: TextKey | PluralKey, vars: Vars = {}): string {
  const message: string | Plural = TABLES[lang][key];
  return isPlural(message) ? pluralText(lang, message, vars.n, vars) : format(lang, message, vars);
}

/**
 * Fills `{name}` with `vars[name]` as given, and `{name:key}` with the count `vars[name]` through the plural
 * message `key` (e.g. `{nodes:nodeCount}` → "1 node" / "2 nodes"). Unknown names stay as written.
 */
export function format(lang: Lang, template: string, vars: Vars = {}): string {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (hole, name: string, key: string | undefined) => {
    if (!(name in vars)) return hole;
    if (key === undefined) return String(vars[name]);
    const message: unknown = TABLES[lang][key as keyof Messages];
    if (!isPlural(message)) throw new Error(`i18n: ${key} is not a plural message`);
    return pluralText(lang, message, vars[name]);
  });
}

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralText(lang: Lang, message: Plural, count: string | number | undefined, vars: Vars = {}): string {
  if (typeof count !== 'number') throw new Error('i18n: a plural message needs a numeric count');
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALES[lang]);
    pluralRules.set(lang, rules);
  }
  const form = message[rules.select(count)] ?? message.other;
  return format(lang, form, { ...vars, n: formatNumber(count, lang) });
}

export function strings(lang: Lang): Messages {
  return TABLES[lang];
}

export const typeLabel = (type: NodeType | string, lang: Lang) => NODE_TYPE_LABELS[type as NodeType]?.[lang] ?? type;
export const relationLabel = (rel: Relation | string, lang: Lang) => RELATION_LABELS[rel as Relation]?.[lang] ?? rel;

/** The user's language for an error code: the catalog's message, or the client's own (network, load, origin). */
export function errorText(code: string, lang: Lang): string {
  if (code in ERROR_CATALOG) return ERROR_CATALOG[code as ErrorCode][lang];
  if (code === 'network' || code === 'load_failed' || code === 'origin_refused') return TABLES[lang].errors[code];
  return ERROR_CATALOG.internal[lang];
}

/**
 * An error as a reader reads it: the catalog's sentence, then only what the server's message adds. The server's
 * message often is that same sentence (in the reader's language, Accept-Language) or starts with it; said twice it
 * read "Not found. Not found.".
 */
export function errorParts(code: string, message: string, lang: Lang): { text: string; detail: string } {
  const text = errorText(code, lang);
  const m = message.trim();
  if (!m || m === text || text.includes(m)) return { text, detail: '' };
  if (m.includes(text)) return { text, detail: m.replace(text, '').trim() };
  return { text, detail: m };
}

/** An element's language: its own `lang`, else the nearest ancestor's, else the page's <html lang>, else English. */
export function resolveLang(element: Element): Lang {
  const own = langFromTag(element.getAttribute('lang'));
  if (own) return own;
  const holder = element.parentElement?.closest('[lang]');
  return langFromTag(holder?.getAttribute('lang')) ?? langFromTag(element.ownerDocument?.documentElement.lang) ?? 'en';
}

export function formatNumber(n: number, lang: Lang): string {
  return n.toLocaleString(LOCALES[lang]);
}

export function formatDate(epochMs: number, lang: Lang): string {
  return new Date(epochMs).toLocaleString(LOCALES[lang]);
}
