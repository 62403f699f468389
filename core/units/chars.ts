// Character classes shared by the segmenter. Pure functions over UTF-16 code units; no I/O, no platform APIs.

/** Whitespace, including CR/LF, NBSP, the ideographic space U+3000, BOM and zero-width space. */
export function isWs(c: number): boolean {
  return (
    c <= 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** CJK ideographs (BMP blocks plus surrogate halves, so astral Han is not split from its pair). */
export function isHan(c: number): boolean {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);
}

/** Any CJK character that may directly follow a sentence end without a space (Han, kana, hangul). */
export function isCjk(c: number): boolean {
  return isHan(c) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0xac00 && c <= 0xd7af);
}

export function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function isLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

/** Word characters for tokenisation: ASCII letters/digits and Latin-1/Latin Extended letters. */
export function isWordChar(c: number): boolean {
  return isAsciiLetter(c) || isDigit(c) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);
}

/** Strong sentence terminators that end a sentence wherever they occur: 。！？； and the ideographic full stop variants. */
export function isCjkTerminator(c: number): boolean {
  return c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0xff1b || c === 0xff0e || c === 0xff61;
}

/** ASCII terminators that end a sentence only before whitespace, a closer, CJK text or the end: . ! ? ; */
export function isAsciiTerminator(c: number): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b;
}

export function isTerminator(c: number): boolean {
  return isCjkTerminator(c) || isAsciiTerminator(c) || c === 0x2026; /* … */
}

/** Closing quotes and brackets that stay with the sentence they close: ” ’ " ' 」 』 ） ) ] 】 》 〉 » 〕 ］ */
export function isCloser(c: number): boolean {
  return (
    c === 0x201d ||
    c === 0x2019 ||
    c === 0x22 ||
    c === 0x27 ||
    c === 0x300d ||
    c === 0x300f ||
    c === 0xff09 ||
    c === 0x29 ||
    c === 0x5d ||
    c === 0x3011 ||
    c === 0x300b ||
    c === 0x3009 ||
    c === 0xbb ||
    c === 0x3015 ||
    c === 0xff3d
  );
}

/** Opening quotes and brackets: “ ‘ " ' 「 『 （ ( [ 【 《 〈 « 〔 ［ */
export function isOpener(c: number): boolean {
  return (
    c === 0x201c ||
    c === 0x2018 ||
    c === 0x22 ||
    c === 0x27 ||
    c === 0x300c ||
    c === 0x300e ||
    c === 0xff08 ||
    c === 0x28 ||
    c === 0x5b ||
    c === 0x3010 ||
    c === 0x300a ||
    c === 0x3008 ||
    c === 0xab ||
    c === 0x3014 ||
    c === 0xff3b
  );
}

/** Soft punctuation where an over-long sentence may be cut: ，,、：:；; — … and the full-width comma variants. */
export function isSoftBreak(c: number): boolean {
  return (
    c === 0xff0c ||
    c === 0x2c ||
    c === 0x3001 ||
    c === 0xff1a ||
    c === 0x3a ||
    c === 0xff1b ||
    c === 0x3b ||
    c === 0x2014 ||
    c === 0x2026 ||
    c === 0xfe50
  );
}

export function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

export function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Move `start` forward and `end` backward past whitespace; returns [start, end] with start <= end. */
export function trimSpan(text: string, start: number, end: number): [number, number] {
  while (start < end && isWs(text.charCodeAt(start))) start++;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  return [start, end];
}
