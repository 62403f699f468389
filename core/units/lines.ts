// Line table of the original text (LF, CRLF and lone CR) with fenced-code detection and stray-fence stripping.
import { isWs, trimSpan } from './chars';
import { proseLike } from './patterns';

export const ROLE_TEXT = 0;
export const ROLE_FENCE_OPEN = 1;
export const ROLE_FENCE_CLOSE = 2;
export const ROLE_CODE = 3;

export interface Lines {
  count: number;
  /** Line start and end (end excludes the line break). */
  ls: Int32Array;
  le: Int32Array;
  /** Content bounds: whitespace trimmed and, outside real fences, stray ``` / ~~~ runs stripped at both ends. */
  cs: Int32Array;
  ce: Int32Array;
  /** ASCII indentation width (tab = 4 columns) before the first non-space. */
  indent: Int32Array;
  role: Uint8Array;
  /** For ROLE_FENCE_OPEN lines: index of the closing fence line. */
  close: Int32Array;
}

interface Fence {
  ch: number;
  len: number;
  bare: boolean;
}

const BACKTICK = 0x60;
const TILDE = 0x7e;
const INFO_WORD = /^[A-Za-z0-9][A-Za-z0-9_+#.-]{0,39}$/;

function fenceAt(text: string, cs: number, ce: number, indent: number): Fence | null {
  if (indent > 3 || cs >= ce) return null;
  const ch = text.charCodeAt(cs);
  if (ch !== BACKTICK && ch !== TILDE) return null;
  let p = cs;
  while (p < ce && text.charCodeAt(p) === ch) p++;
  const len = p - cs;
  if (len < 3) return null;
  const [is, ie] = trimSpan(text, p, ce);
  if (is === ie) return { ch, len, bare: true };
  // Info string: a single word such as ts, python, c++, objective-c, c#
  return INFO_WORD.test(text.slice(is, Math.min(ie, is + 41))) ? { ch, len, bare: false } : null;
}

/** Build the line table; real fences (an opener with a matching closer and non-prose content) get roles. */
export function scanLines(text: string): Lines {
  const n = text.length;
  let count = 1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) count++;
  }
  const L: Lines = {
    count,
    ls: new Int32Array(count),
    le: new Int32Array(count),
    cs: new Int32Array(count),
    ce: new Int32Array(count),
    indent: new Int32Array(count),
    role: new Uint8Array(count),
    close: new Int32Array(count).fill(-1),
  };
  let i = 0;
  for (let k = 0; k < count; k++) {
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === 0x0a || c === 0x0d) break;
      j++;
    }
    let ind = 0;
    let cs = i;
    while (cs < j) {
      const c = text.charCodeAt(cs);
      if (c === 0x20) ind++;
      else if (c === 0x09) ind += 4 - (ind % 4);
      else if (!isWs(c)) break;
      cs++;
    }
    let ce = j;
    while (ce > cs && isWs(text.charCodeAt(ce - 1))) ce--;
    L.ls[k] = i;
    L.le[k] = j;
    L.cs[k] = cs;
    L.ce[k] = ce;
    L.indent[k] = ind;
    i = text.charCodeAt(j) === 0x0d && text.charCodeAt(j + 1) === 0x0a ? j + 2 : j + 1;
  }
  markFences(text, L);
  stripStrayFences(text, L);
  return L;
}

function markFences(text: string, L: Lines): void {
  const lines: number[] = [];
  const fences: Fence[] = [];
  const bare: number[] = []; // indices into `fences` of fences without an info string
  for (let k = 0; k < L.count; k++) {
    const c = text.charCodeAt(L.cs[k]);
    if (c !== BACKTICK && c !== TILDE) continue;
    const f = fenceAt(text, L.cs[k], L.ce[k], L.indent[k]);
    if (!f) continue;
    if (f.bare) bare.push(fences.length);
    lines.push(k);
    fences.push(f);
  }
  let b = 0;
  for (let x = 0; x < fences.length; x++) {
    const f = fences[x];
    while (b < bare.length && bare[b] <= x) b++;
    let y = -1;
    for (let m = b; m < bare.length; m++) {
      const g = fences[bare[m]];
      if (g.ch === f.ch && g.len >= f.len) {
        y = bare[m];
        break;
      }
    }
    if (y < 0) continue;
    const open = lines[x];
    const close = lines[y];
    // A fence around paragraphs of prose (model output wrapped in ```) is not code: both fences are stray.
    if (!proseLike(text, L.cs, L.ce, open + 1, close)) {
      L.role[open] = ROLE_FENCE_OPEN;
      L.close[open] = close;
      L.role[close] = ROLE_FENCE_CLOSE;
      for (let m = open + 1; m < close; m++) L.role[m] = ROLE_CODE;
    }
    x = y;
  }
}

function stripStrayFences(text: string, L: Lines): void {
  for (let k = 0; k < L.count; k++) {
    if (L.role[k] !== ROLE_TEXT) continue;
    let cs = L.cs[k];
    let ce = L.ce[k];
    if (cs >= ce) continue;
    const c0 = text.charCodeAt(cs);
    if (c0 === BACKTICK || c0 === TILDE) {
      let p = cs;
      while (p < ce && text.charCodeAt(p) === c0) p++;
      if (p - cs >= 3) [cs, ce] = trimSpan(text, p, ce);
    }
    if (ce > cs) {
      const c1 = text.charCodeAt(ce - 1);
      if (c1 === BACKTICK || c1 === TILDE) {
        let p = ce;
        while (p > cs && text.charCodeAt(p - 1) === c1) p--;
        if (ce - p >= 3) [cs, ce] = trimSpan(text, cs, p);
      }
    }
    L.cs[k] = cs;
    L.ce[k] = ce;
  }
}

/** Sum of content lengths of lines [from, to). */
export function contentLength(L: Lines, from: number, to: number): number {
  let t = 0;
  for (let k = from; k < to; k++) t += L.ce[k] - L.cs[k];
  return t;
}
