// Deterministic text measurement for node boxes and edge-label chips (no DOM): the server (ELK), the client layouts
// and the renderer all agree on the same sizes and line breaks. Widths approximate a 12 px sans-serif font; CJK and
// full-width characters count about double a Latin letter.
import { RELATION_LABELS, type Relation } from '../schema/vocabulary';

/** Box metrics a renderer should use so its text fits the measured boxes. */
export const NODE_BOX = {
  fontSize: 12,
  lineHeight: 16,
  paddingX: 10,
  paddingY: 8,
  maxLines: 4,
  /** Maximum text width per line (px); concepts are short terms and get narrower boxes. */
  maxTextWidth: 168,
  maxConceptTextWidth: 120,
  minWidth: 48,
} as const;

export const LABEL_CHIP = { fontSize: 11, height: 16, paddingX: 5 } as const;

const ELLIPSIS = '…';

export interface NodeSize {
  width: number;
  height: number;
  /** The wrapped lines (at most NODE_BOX.maxLines; the last one ends with an ellipsis when the text was clipped). */
  lines: string[];
}

/** Width in em of each ASCII character (an average sans-serif font), computed once. */
const ASCII_EM = (() => {
  const table = new Float64Array(128).fill(0.53);
  const set = (chars: string, em: number) => {
    for (const ch of chars) table[ch.charCodeAt(0)] = em;
  };
  set('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 0.64);
  set('0123456789', 0.56);
  set('frt()[]{}-"', 0.36);
  set("iljI.,:;'!|`", 0.27);
  set('mwMW@%', 0.82);
  set(' ', 0.28);
  return table;
})();

/** Width of one character in px at `fontSize` (an average of a sans-serif font's glyph widths). */
export function charWidth(ch: string, fontSize: number = NODE_BOX.fontSize): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 128) return ASCII_EM[code] * fontSize;
  return (isWide(code) ? 1 : 0.53) * fontSize;
}

/** CJK ideographs, kana, hangul, full-width forms and CJK punctuation: about one em wide. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

export function textWidth(text: string, fontSize: number = NODE_BOX.fontSize): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch, fontSize);
  return w;
}

/** Tokens that may not be split across lines: Latin words keep their trailing space; each wide character stands alone. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let word = '';
  for (const ch of text) {
    const wide = isWide(ch.codePointAt(0) ?? 0);
    if (wide) {
      if (word) tokens.push(word);
      word = '';
      tokens.push(ch);
    } else if (ch === ' ') {
      tokens.push(`${word} `);
      word = '';
    } else {
      word += ch;
    }
  }
  if (word) tokens.push(word);
  return tokens;
}

/** Wraps text into at most `maxLines` lines of at most `maxWidth` px; the last line gets an ellipsis if clipped. */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  fontSize: number = NODE_BOX.fontSize,
): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [''];
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  let clipped = false;
  const push = () => {
    lines.push(line.trimEnd());
    line = '';
    lineWidth = 0;
  };
  outer: for (const token of tokenize(clean)) {
    const w = textWidth(token.trimEnd(), fontSize);
    if (lineWidth + w <= maxWidth) {
      line += token;
      lineWidth += textWidth(token, fontSize);
      continue;
    }
    if (line && w <= maxWidth) {
      push();
      if (lines.length === maxLines) {
        clipped = true;
        break;
      }
      line = token;
      lineWidth = textWidth(token, fontSize);
      continue;
    }
    // A token wider than a whole line (a long word or URL): break it by characters.
    for (const ch of token) {
      const cw = charWidth(ch, fontSize);
      if (lineWidth + cw > maxWidth && line) {
        push();
        if (lines.length === maxLines) {
          clipped = true;
          break outer;
        }
      }
      line += ch;
      lineWidth += cw;
    }
  }
  if (!clipped && line.trim()) push();
  if (clipped) lines[maxLines - 1] = withEllipsis(lines[maxLines - 1], maxWidth, fontSize);
  return lines.length ? lines : [''];
}

function withEllipsis(line: string, maxWidth: number, fontSize: number): string {
  const room = maxWidth - charWidth(ELLIPSIS, fontSize);
  const chars = Array.from(line.trimEnd());
  while (chars.length && textWidth(chars.join(''), fontSize) > room) chars.pop();
  return `${chars.join('').trimEnd()}${ELLIPSIS}`;
}

/** The box of a node showing `text`: at most `maxLines` (default NODE_BOX.maxLines) wrapped lines, clipped with an
 * ellipsis. A view of sentence-long nodes asks for fewer lines (the graph view's `label-lines`). */
export function nodeSize(text: string, type?: string, maxLines: number = NODE_BOX.maxLines): NodeSize {
  const maxText = type === 'concept' ? NODE_BOX.maxConceptTextWidth : NODE_BOX.maxTextWidth;
  const lines = wrapText(
    text,
    maxText,
    Math.max(1, Math.min(NODE_BOX.maxLines, Math.floor(maxLines) || NODE_BOX.maxLines)),
  );
  const widest = Math.max(0, ...lines.map((l) => textWidth(l)));
  return {
    width: Math.max(NODE_BOX.minWidth, Math.ceil(widest + 2 * NODE_BOX.paddingX)),
    height: lines.length * NODE_BOX.lineHeight + 2 * NODE_BOX.paddingY,
    lines,
  };
}

/** How a node's box grows with its degree (relations + mentions): `step` px per doubling of 1 + degree, at most
 * `max` px, on each side's padding; the text keeps its measured lines (it still fits: the box only grows). */
export const DEGREE_GROWTH = { step: 3, max: 12 } as const;

/** The padding a node of this degree gains on every side (px, whole). 0 for a leaf; DEGREE_GROWTH.max at most. */
export function degreeInset(degree: number): number {
  if (!(degree > 1)) return 0;
  return Math.min(DEGREE_GROWTH.max, Math.round(DEGREE_GROWTH.step * Math.log2(degree)));
}

/** `size` grown by degreeInset on every side (the lines unchanged, drawn inset by it). */
export function sizeForDegree(size: NodeSize, degree: number): NodeSize & { inset: number } {
  const inset = degreeInset(degree);
  return { ...size, width: size.width + 2 * inset, height: size.height + 2 * inset, inset };
}

const RELATION_BY_NAME = new Map<string, Relation>();
for (const [relation, names] of Object.entries(RELATION_LABELS) as Array<[Relation, { en: string; zh: string }]>) {
  RELATION_BY_NAME.set(relation, relation);
  RELATION_BY_NAME.set(names.en, relation);
  RELATION_BY_NAME.set(names.zh, relation);
}

/** The relation an edge label names (its id, or its English or Chinese display label), if any. */
export function relationOf(label: string | undefined): Relation | undefined {
  return label === undefined ? undefined : RELATION_BY_NAME.get(label.trim());
}

/** Size of an edge-label chip. A relation is sized for the wider of its English and Chinese labels, so one layout
 * serves both interface languages. */
export function edgeLabelSize(label: string): { width: number; height: number } {
  const relation = relationOf(label);
  const texts = relation ? [RELATION_LABELS[relation].en, RELATION_LABELS[relation].zh] : [label.slice(0, 200)];
  const widest = Math.max(...texts.map((t) => textWidth(t, LABEL_CHIP.fontSize)));
  return { width: Math.ceil(Math.min(widest, 240) + 2 * LABEL_CHIP.paddingX), height: LABEL_CHIP.height };
}
