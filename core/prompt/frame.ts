// The frame around data in a model prompt: source units, graph JSON, claims and evidence, a reader's question.
// Framed text is the document's (or the reader's), so it must not be able to end its own frame or forge a line:
// - every marker carries a tag chosen for this prompt, derived from the prompt's variable text (so that prompts stay
//   reproducible for tests and the scripted model) and checked absent from it, re-chosen if it is there;
// - framed text carries no raw line or paragraph separator (LF, CR, VT, FF, NEL, U+2028, U+2029): each run of
//   whitespace holding one becomes a space, so no text can start a line of its own (a forged `[n]` unit or marker).
// Every prompt that frames source or graph data frames it here; the wording around the frame stays the builder's.
import type { ContentUnit } from '../schema';

/** What a model (or a terminal, or a tokenizer) may read as the end of a line. */
const LINE_SEPARATOR = /[\n\v\f\r\u0085\u2028\u2029]/;
/** Whitespace runs; NEL (U+0085) is not in \s, but ends a line for some readers. */
const WHITESPACE_RUN = /[\s\u0085]+/g;

/** The text on one line: a whitespace run that holds a line or paragraph separator becomes one space. */
export function oneLine(text: string): string {
  return text.replace(WHITESPACE_RUN, (run) => (LINE_SEPARATOR.test(run) ? ' ' : run));
}

/** A unit as prompts show it: `[n] text`, on one line (quotes are matched modulo whitespace, so nothing is lost). */
export function unitLine(unit: Pick<ContentUnit, 'n' | 'text'>): string {
  return `[${unit.n}] ${oneLine(unit.text)}`;
}

/**
 * JSON on one line. JSON.stringify escapes LF, CR, VT and FF but writes NEL, U+2028 and U+2029 raw; their escapes
 * are the same JSON value.
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface Frame {
  /** 8 hex digits that occur nowhere in the prompt's variable text. */
  readonly tag: string;
  /** `<<<NAME-tag`, on a line of its own before the data. */
  open(name: string): string;
  /** `NAME-tag>>>`, on a line of its own after the data: the only thing that ends the block. */
  close(name: string): string;
  /** The block's lines: open marker, the data lines, close marker. */
  block(name: string, lines: readonly string[]): string[];
}

/** Steps between candidate tags: odd, so the first 2^32 candidates are all different. */
const STEP = 0x9e3779b9;

/**
 * The frame of one prompt. `data` is every piece of variable text the prompt will hold, as it will be written
 * (unit lines, JSON, titles, node texts, feedback): the tag is chosen absent from each of them. A piece can hold at
 * most one 8-character run per position, so among distinct candidates one is always absent: the loop ends.
 */
export function frameFor(data: readonly string[]): Frame {
  return frameWith(freeTag(fnv1a(data), data));
}

/** The first candidate from `seed` that no piece of `data` holds. */
export function freeTag(seed: number, data: readonly string[]): string {
  for (let i = 0; ; i++) {
    const tag = ((seed + Math.imul(i, STEP)) >>> 0).toString(16).padStart(8, '0');
    if (!data.some((piece) => piece.includes(tag))) return tag;
  }
}

function frameWith(tag: string): Frame {
  const open = (name: string) => `<<<${name}-${tag}`;
  const close = (name: string) => `${name}-${tag}>>>`;
  return { tag, open, close, block: (name, lines) => [open(name), ...lines, close(name)] };
}

/** FNV-1a (32 bits) over the pieces' UTF-16 code units, each piece followed by a separator. */
function fnv1a(pieces: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i++) hash = Math.imul(hash ^ piece.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0xffff, 0x01000193);
  }
  return hash >>> 0;
}
