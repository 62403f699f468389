// Blank-line blocks over the line table. Fenced code, ATX / chapter / setext headings and thematic breaks are
// split out here (they may interrupt a paragraph); everything else becomes a text block for classify.ts.
import { ROLE_FENCE_OPEN, type Lines } from './lines';
import {
  atxHeading,
  chapterHeading,
  hasPipe,
  isThematicBreak,
  listItemStart,
  quoteContentStart,
  setextLevel,
  stripHeadingMarkup,
} from './patterns';

export type Block =
  /** Lines [from, to) of ordinary text. */
  | { type: 'text'; from: number; to: number }
  /** Inner lines [from, to) of a fenced code block. */
  | { type: 'code'; from: number; to: number }
  /** A heading; start/end is the title without markup. */
  | { type: 'heading'; start: number; end: number; level: number };

function canBeSetextTitle(text: string, L: Lines, k: number): boolean {
  const cs = L.cs[k];
  const ce = L.ce[k];
  return (
    L.indent[k] < 4 &&
    listItemStart(text, cs, ce) < 0 &&
    quoteContentStart(text, cs, ce) < 0 &&
    !hasPipe(text, cs, ce) &&
    !isThematicBreak(text, cs, ce)
  );
}

export function buildBlocks(text: string, L: Lines): Block[] {
  const out: Block[] = [];
  let cur = -1;
  const flush = (to: number): void => {
    if (cur >= 0 && to > cur) out.push({ type: 'text', from: cur, to });
    cur = -1;
  };
  const heading = (start: number, end: number, level: number): void => {
    const [s, e] = stripHeadingMarkup(text, start, end);
    if (e > s) out.push({ type: 'heading', start: s, end: e, level });
  };
  for (let k = 0; k < L.count; k++) {
    if (L.role[k] === ROLE_FENCE_OPEN) {
      flush(k);
      out.push({ type: 'code', from: k + 1, to: L.close[k] });
      k = L.close[k];
      continue;
    }
    const cs = L.cs[k];
    const ce = L.ce[k];
    if (cs >= ce) {
      flush(k);
      continue;
    }
    const h = atxHeading(text, cs, ce, L.indent[k]) ?? (L.indent[k] < 4 ? chapterHeading(text, cs, ce) : null);
    if (h) {
      flush(k);
      heading(h.start, h.end, h.level);
      continue;
    }
    const sx = setextLevel(text, cs, ce);
    if (sx > 0 && cur >= 0 && canBeSetextTitle(text, L, k - 1)) {
      flush(k - 1);
      heading(L.cs[k - 1], L.ce[k - 1], sx);
      continue;
    }
    if ((sx === 1 && cur < 0) || isThematicBreak(text, cs, ce)) {
      flush(k);
      continue;
    }
    if (cur < 0) cur = k;
  }
  flush(L.count);
  return out;
}
