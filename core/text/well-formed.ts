// The text rule: what text people send us must be before anything stores or echoes it (docs/contracts/conventions.md,
// "Text"). Applied by the request layer (worker/lib/http.ts, query.ts, multipart-text.ts, request-fields.ts) before
// any length limit or hash:
// - bytes that are not UTF-8 are refused, never replaced: a replaced byte would change the text behind the sender's
//   back;
// - ill-formed UTF-16 (a lone surrogate, e.g. "\ud800" escaped in JSON) is refused, never repaired: the UTF-8
//   encoders in R2 and D1 would store each one as U+FFFD (three bytes), so the stored text would no longer match its
//   length, its sourceId or the audit row that recorded it;
// - text made only of invisible characters (whitespace, zero-width, bidi controls, BOM, NUL and other controls) is
//   empty: there is nothing to extract and nothing a reader could see;
// - titles and labels keep no controls or bidi controls, so "report\u202Egnp.exe" cannot pose as a PNG and a NUL
//   never reaches a file name, a list or a log.
import { KgError } from '../errors';

// With the u flag a valid pair is one code point, so this class only matches an unpaired surrogate.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Bidi controls: ALM, LRM, RLM, the embeddings and overrides (LRE…RLO) and the isolates (LRI…PDI). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Line breaks and tabs (and the Unicode line and paragraph separators): a space in a one-line title. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;

/** C0 and C1 controls and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is what this rule is for.
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * A character anyone could see. Everything else is invisible: whitespace, C0/C1 controls (NUL included), soft hyphen,
 * combining grapheme joiner, ALM, Hangul fillers, Mongolian selectors, zero-width characters and bidi marks
 * (U+200B–U+200F), embeddings and overrides (U+202A–U+202E), word joiner, invisible operators and isolates
 * (U+2060–U+206F), variation selectors and the BOM.
 */
const VISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are among the invisible characters listed.
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: the selectors and joiners are listed on their own, on purpose.
  /[^\s\u0000-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/u;

/** Index of the first lone surrogate, or -1 when the string is well-formed UTF-16. */
export function firstLoneSurrogate(text: string): number {
  return text.search(LONE_SURROGATE);
}

export function isWellFormedText(text: string): boolean {
  return firstLoneSurrogate(text) === -1;
}

/** False when the text has nothing a reader could see. */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text);
}

/** The text, or '' when nothing in it is visible (invisible-only text is empty). */
export function visibleOrEmpty(text: string): string {
  return hasVisibleText(text) ? text : '';
}

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** A title or a label: line breaks and tabs become spaces; other controls and bidi controls go. */
export function stripControls(text: string): string {
  return stripBidiControls(text.replace(BREAKS, ' ').replace(CONTROLS, ''));
}

const FIELD_ZH: Record<string, string> = { text: '文本', title: '标题', label: '名称', question: '问题' };

/** A field's name in a Chinese message: the known ones translated, any other named as sent. */
const zhField = (field: string) => FIELD_ZH[field] ?? `字段 ${field} `;

/** Refuses ill-formed UTF-16 with a typed 400 (invalid_input) whose detail exists in both languages. */
export function assertWellFormed(value: string, field: string): void {
  const at = firstLoneSurrogate(value);
  if (at === -1) return;
  throw new KgError('invalid_input', {
    en: `The ${field} contains an unpaired UTF-16 surrogate at character ${at}; send well-formed Unicode.`,
    zh: `${zhField(field)}第 ${at} 个字符处有不成对的代理码元（UTF-16），请发送格式正确的文本。`,
  });
}

/**
 * Refuses a parsed JSON value if any string in it, an object key included, holds a lone surrogate; the refusal names
 * where (`events.0.text`). Iterative, so a deeply nested body cannot overflow the stack.
 */
export function assertWellFormedJson(value: unknown): void {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') assertWellFormed(item, path || 'body');
    else if (Array.isArray(item)) {
      for (const [i, v] of item.entries()) stack.push({ value: v, path: at(path, String(i)) });
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, v] of Object.entries(item)) {
        if (!isWellFormedText(key)) assertWellFormed(key, path ? `key in ${path}` : 'key');
        stack.push({ value: v, path: at(path, key) });
      }
    }
  }
}

// ignoreBOM false: a leading BOM is dropped, as Request.text() drops it.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const NOT_UTF8 = {
  body: { en: 'The body is not valid UTF-8; send UTF-8 text.', zh: '请求体不是合法的 UTF-8 编码，请以 UTF-8 发送。' },
  query: {
    en: 'The query string is not valid UTF-8 once percent-decoded; send UTF-8 text.',
    zh: '查询参数解码后不是合法的 UTF-8 编码，请以 UTF-8 发送。',
  },
} as const;

/** UTF-8 bytes as text; an invalid sequence is refused (invalid_input), never replaced by U+FFFD. */
export function decodeUtf8(bytes: Uint8Array, what: keyof typeof NOT_UTF8): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new KgError('invalid_input', NOT_UTF8[what]);
  }
}

/** The refusal of a field whose text is required but has nothing visible in it. */
export function emptyTextError(field: string): KgError {
  return new KgError('invalid_input', {
    en: `The ${field} is empty (whitespace, zero-width, direction and control characters do not count).`,
    zh: `${zhField(field)}为空（空白、零宽、方向控制和控制字符不计入内容）。`,
  });
}

/** A document text or an appended text: well-formed, then not empty (invisible characters do not count). */
export function assertInputText(text: string): void {
  assertWellFormed(text, 'text');
  if (!hasVisibleText(text)) throw emptyTextError('text');
}

/**
 * A title: well-formed, controls and bidi controls stripped; one with nothing visible is no title at all (the
 * caller derives one from the text).
 */
export function inputTitle(title: string | undefined): string | undefined {
  if (title === undefined) return undefined;
  assertWellFormed(title, 'title');
  const clean = stripControls(title);
  return hasVisibleText(clean) ? clean : undefined;
}
