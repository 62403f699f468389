// Rules for text people send us (document texts, appended texts, titles), applied before any length limit or hash:
// - ill-formed UTF-16 (a lone surrogate) is refused, never repaired: the UTF-8 encoders in R2 and D1 would store each
//   one as U+FFFD (three bytes), so the stored text would no longer match its length or its sourceId;
// - text made only of invisible characters (whitespace, zero-width, bidi controls, BOM, NUL and other controls) is
//   empty: there is nothing to extract and nothing a reader could see;
// - bidi controls are stripped wherever a title becomes a file name, so "report\u202Egnp.exe" cannot pose as a PNG.
import { KgError } from '../errors';

// With the u flag a valid pair is one code point, so this class only matches an unpaired surrogate.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Bidi controls: ALM, LRM, RLM, the embeddings and overrides (LRE…RLO) and the isolates (LRI…PDI). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A character anyone could see. Everything else is invisible: whitespace, C0/C1 controls (NUL included), soft hyphen,
 * combining grapheme joiner, ALM, Hangul fillers, Mongolian selectors, zero-width characters and bidi marks
 * (U+200B–U+200F), embeddings and overrides (U+202A–U+202E), word joiner, invisible operators and isolates
 * (U+2060–U+206F), variation selectors and the BOM.
 */
const VISIBLE =
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

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

export type InputField = 'text' | 'title';

const FIELD_ZH: Record<InputField, string> = { text: '文本', title: '标题' };

/** Refuses ill-formed UTF-16 with a typed 400 (invalid_input) whose detail exists in both languages. */
export function assertWellFormed(value: string, field: InputField): void {
  const at = firstLoneSurrogate(value);
  if (at === -1) return;
  throw new KgError('invalid_input', {
    en: `The ${field} contains an unpaired UTF-16 surrogate at character ${at}; send well-formed Unicode.`,
    zh: `${FIELD_ZH[field]}第 ${at} 个字符处有不成对的代理码元（UTF-16），请发送格式正确的文本。`,
  });
}

/** A document text or an appended text: well-formed, then not empty (invisible characters do not count). */
export function assertInputText(text: string): void {
  assertWellFormed(text, 'text');
  if (!hasVisibleText(text)) {
    throw new KgError('invalid_input', {
      en: 'The text is empty (whitespace, zero-width, direction and control characters do not count).',
      zh: '文本为空（空白、零宽、方向控制和控制字符不计入内容）。',
    });
  }
}

/** A title: well-formed; one with nothing visible is no title at all (the caller derives one from the text). */
export function inputTitle(title: string | undefined): string | undefined {
  if (title === undefined) return undefined;
  assertWellFormed(title, 'title');
  return hasVisibleText(title) ? title : undefined;
}
