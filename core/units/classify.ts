// Block classification: heading, list, dialogue, table, code, quote or narrative, and the units each yields.
import type { UnitKind } from '../schema/units';
import { isLower, isWs } from './chars';
import type { Block } from './blocks';
import { contentLength, type Lines } from './lines';
import { groupNarrative } from './narrative';
import {
  endsWithColon,
  endsWithTerminal,
  hasInnerTab,
  hasPipe,
  isBulletItem,
  isLabelLine,
  isSpeakerLine,
  isTableSeparator,
  isTitleLike,
  listItemStart,
  looksLikeCode,
  opensWithQuote,
  proseLike,
  quoteContentStart,
  stripHeadingMarkup,
} from './patterns';

export interface Emitter {
  unit(kind: UnitKind, start: number, end: number): void;
  heading(start: number, end: number, level: number): void;
}

/** List items and dialogue turns longer than this are grouped like narrative (same kind). */
const LONG_ITEM = 360;

type Structured = 'code' | 'table' | 'quote' | 'list' | 'dialogue';

interface Ctx {
  text: string;
  L: Lines;
  em: Emitter;
}

function leadsWithWs(c: Ctx, k: number): boolean {
  return c.L.le[k] > c.L.ls[k] && isWs(c.text.charCodeAt(c.L.ls[k]));
}

function detect(c: Ctx, from: number, to: number): Structured | null {
  const { text, L } = c;
  const n = to - from;
  let indented = 0;
  let items = 0;
  let quotes = 0;
  let pipes = 0;
  let tabs = 0;
  let seps = 0;
  let pipeLead = 0;
  let speakers = 0;
  let quoteOpen = 0;
  let looseOk = true;
  let paragraphs = 0;
  for (let k = from; k < to; k++) {
    const cs = L.cs[k];
    const ce = L.ce[k];
    if (L.indent[k] >= 4) indented++;
    const item = listItemStart(text, cs, ce) >= 0;
    if (item) items++;
    else if (k === from || !leadsWithWs(c, k)) looseOk = false;
    if (quoteContentStart(text, cs, ce) >= 0) quotes++;
    if (hasPipe(text, cs, ce)) {
      pipes++;
      if (text.charCodeAt(cs) === 0x7c) pipeLead++;
      if (isTableSeparator(text, cs, ce)) seps++;
    }
    if (hasInnerTab(text, cs, ce)) tabs++;
    if (endsWithTerminal(text, cs, ce)) paragraphs++;
    if (isSpeakerLine(text, cs, ce)) speakers++;
    else if (opensWithQuote(text, cs)) quoteOpen++;
  }
  if (indented === n && items < n && !proseLike(text, L.cs, L.ce, from, to)) return 'code';
  if (n >= 2 && ((pipes === n && (seps > 0 || pipeLead === n)) || tabs === n)) return 'table';
  if (quotes === n) return 'quote';
  const firstItem = listItemStart(text, L.cs[from], L.ce[from]) >= 0;
  if (firstItem && (looseOk || (items >= 2 && items * 2 >= n))) return 'list';
  // Dialogue: most lines are turns, or (one paragraph per line, as in fiction) at least two lines are.
  const turns = speakers + quoteOpen;
  if (n >= 2 && (turns * 2 > n || (turns >= 2 && paragraphs === n))) return 'dialogue';
  return null;
}

function emitGrouped(c: Ctx, kind: UnitKind, s: number, e: number): void {
  if (e - s <= LONG_ITEM) c.em.unit(kind, s, e);
  else
    for (const g of groupNarrative(c.text, s, e, { topicShift: false, drift: false })) c.em.unit(kind, g.start, g.end);
}

function narrative(c: Ctx, from: number, to: number): void {
  const { text, L } = c;
  const breaks: number[] = [];
  for (let k = from + 1; k < to; k++) if (endsWithTerminal(text, L.cs[k - 1], L.ce[k - 1])) breaks.push(L.cs[k]);
  for (const g of groupNarrative(text, L.cs[from], L.ce[to - 1], { breaks })) c.em.unit('narrative', g.start, g.end);
}

function emitStructured(c: Ctx, kind: Structured, from: number, to: number): void {
  const { text, L, em } = c;
  if (kind === 'code' || kind === 'table') {
    for (let k = from; k < to; k++) {
      if (kind === 'table' && isTableSeparator(text, L.cs[k], L.ce[k])) continue;
      em.unit(kind, L.cs[k], L.ce[k]);
    }
  } else if (kind === 'quote') {
    for (let k = from; k < to; k++) em.unit('quote', quoteContentStart(text, L.cs[k], L.ce[k]), L.ce[k]);
  } else if (kind === 'list') {
    let s = -1;
    let e = -1;
    for (let k = from; k < to; k++) {
      const start = listItemStart(text, L.cs[k], L.ce[k]);
      if (start >= 0) {
        if (s >= 0) emitGrouped(c, 'list', s, e);
        s = start;
      }
      e = L.ce[k];
    }
    if (s >= 0) emitGrouped(c, 'list', s, e);
  } else {
    let speakerStyle = 0;
    for (let k = from; k < to; k++)
      speakerStyle += isSpeakerLine(text, L.cs[k], L.ce[k]) ? 1 : opensWithQuote(text, L.cs[k]) ? -1 : 0;
    let s = -1;
    let e = -1;
    let run = -1; // first line of a run of narrative lines between turns
    const flushTurn = (): void => {
      if (s >= 0) emitGrouped(c, 'dialogue', s, e);
      s = -1;
    };
    const flushRun = (k: number): void => {
      if (run >= 0) narrative(c, run, k);
      run = -1;
    };
    for (let k = from; k < to; k++) {
      const cs = L.cs[k];
      const ce = L.ce[k];
      if (isSpeakerLine(text, cs, ce) || opensWithQuote(text, cs)) {
        flushRun(k);
        flushTurn();
        s = cs;
        e = ce;
      } else if (speakerStyle >= 0 && s >= 0) {
        e = ce; // continuation of the current speaker's turn
      } else {
        flushTurn();
        if (run < 0) run = k;
      }
    }
    flushRun(to);
    flushTurn();
  }
}

/** Short title-like line heading a multi-line block ("Introduction\nBuilding a rocket is…"). */
function isLeadHeading(c: Ctx, k: number): boolean {
  const { text, L } = c;
  const [s, e] = stripHeadingMarkup(text, L.cs[k], L.ce[k]);
  const len = e - s;
  if (len === 0 || len > 60 || endsWithTerminal(text, s, e) || !isTitleLike(text, s, e)) return false;
  if (isBulletItem(text, s, e) || quoteContentStart(text, s, e) >= 0 || opensWithQuote(text, s)) return false;
  return L.ce[k + 1] - L.cs[k + 1] > Math.max(40, len);
}

/** The conservative short-line rule for a single-line block followed by a longer block. */
function isShortHeading(c: Ctx, k: number, next: Block | undefined): boolean {
  const { text, L } = c;
  if (!next || next.type === 'heading') return false;
  const [s, e] = stripHeadingMarkup(text, L.cs[k], L.ce[k]);
  const len = e - s;
  if (len === 0 || len > 60 || endsWithTerminal(text, s, e) || isLower(text.charCodeAt(s))) return false;
  if (endsWithColon(text, L.cs[k], L.ce[k]) && !isTitleLike(text, s, e)) return false;
  if (isBulletItem(text, s, e) || quoteContentStart(text, s, e) >= 0 || opensWithQuote(text, s)) return false;
  return contentLength(L, next.from, next.to) >= Math.max(len + 1, 30);
}

function classifyText(c: Ctx, from: number, to: number, next: Block | undefined): void {
  const { text, L, em } = c;
  const original = from;
  while (from < to) {
    const cs = L.cs[from];
    const ce = L.ce[from];
    if (to - from === 1) {
      if (quoteContentStart(text, cs, ce) >= 0) emitStructured(c, 'quote', from, to);
      else if (L.indent[from] >= 4 && looksLikeCode(text, cs, ce)) emitStructured(c, 'code', from, to);
      else if (isBulletItem(text, cs, ce) && listItemStart(text, cs, ce) >= 0) emitStructured(c, 'list', from, to);
      else if (from === original && isShortHeading(c, from, next)) {
        const [s, e] = stripHeadingMarkup(text, cs, ce);
        em.heading(s, e, 2);
      } else if (listItemStart(text, cs, ce) >= 0) emitStructured(c, 'list', from, to);
      else if (isSpeakerLine(text, cs, ce) && !isLabelLine(text, cs, ce)) emitGrouped(c, 'dialogue', cs, ce);
      else narrative(c, from, to);
      return;
    }
    const kind = detect(c, from, to);
    if (kind) {
      emitStructured(c, kind, from, to);
      return;
    }
    if (isLeadHeading(c, from)) {
      const [s, e] = stripHeadingMarkup(text, cs, ce);
      em.heading(s, e, 2);
      from++;
      continue;
    }
    if (to - from >= 3 && detect(c, from + 1, to)) {
      // An intro line before a list, table, quote, dialogue or code ("Ingredients:", "一、背景").
      const [s, e] = stripHeadingMarkup(text, cs, ce);
      if (!endsWithTerminal(text, cs, ce) && isTitleLike(text, s, e)) em.heading(s, e, 2);
      else narrative(c, from, from + 1);
      from++;
      continue;
    }
    narrative(c, from, to);
    return;
  }
}

export function classifyBlocks(text: string, L: Lines, blocks: readonly Block[], em: Emitter): void {
  const c: Ctx = { text, L, em };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.type === 'heading') em.heading(b.start, b.end, b.level);
    else if (b.type === 'code') emitStructured(c, 'code', b.from, b.to);
    else classifyText(c, b.from, b.to, blocks[i + 1]);
  }
}
