// Splits one sentence into clause-level propositions, but only at relation-bearing cues ("X because Y",
// "因为X，所以Y", "X, but Y"): a plain comma never splits, so a node stays a whole proposition.
import type { NodeType, Relation } from '../../schema';
import {
  CORRELATIVE_ZH,
  INFIX_EN,
  INFIX_ZH,
  LEAD_EN,
  LEAD_ZH,
  MID_LEAD_EN,
  MID_LEAD_ZH,
  NEUTRAL_LEAD,
  PREFIX_EN,
  PREFIX_ZH,
  SELF_EXAMPLE,
  SELF_EXAMPLE_EN,
  SELF_EXAMPLE_ZH,
  infixCue,
  leadCue,
  prefixCue,
  type LinkCue,
} from './cues';
import { ASIDE_CONNECTIVES } from '../../text/connectives';
import { hasContent, isPropositionSized, skipMarkers, trimClause, trimSpan } from './spans';

export interface Clause {
  /** Verbatim span (the node quote): includes the cue that introduces the clause. */
  quoteStart: number;
  quoteEnd: number;
  /** Span of the node text: the introducing connective is left out unless the cue must stay. */
  textStart: number;
  /** Type suggested by the cue that introduced the clause. */
  introduced?: NodeType;
}

export interface ClauseLink {
  from: number;
  to: number;
  relation: Relation;
  /** The cue word's span (it must lie inside the edge quote). */
  cueStart: number;
  cueEnd: number;
}

/** A cue and where it sits in the text. */
export interface LeadCue {
  cue: LinkCue;
  cueStart: number;
  cueEnd: number;
}

export interface SentenceAnalysis {
  start: number;
  end: number;
  clauses: Clause[];
  links: ClauseLink[];
  /** The main clause: the one a connective in the next sentence refers back to. */
  head: number;
  /** Sentence-initial connective that links this sentence's head to the previous sentence's head. */
  lead?: LeadCue;
}

interface Boundary {
  cut: number;
  quoteStart: number;
  textStart: number;
  cue: LinkCue;
  cueStart: number;
  cueEnd: number;
}

/** Analyses text[start, end) (one sentence as given by the segmenter's sentence splitter). */
export function analyseSentence(text: string, start: number, end: number): SentenceAnalysis {
  const s = skipMarkers(text, start, end);
  const out: SentenceAnalysis = { start: s, end, clauses: [], links: [], head: 0 };
  let bodyStart = s;
  let firstTextStart = s;

  const neutral = stickyAt(NEUTRAL_LEAD, text, s, end);
  if (neutral && isPropositionSized(text, s + neutral[0].length, end))
    bodyStart = firstTextStart = s + neutral[0].length;
  const lead = stickyAt(LEAD_EN, text, bodyStart, end) ?? stickyAt(LEAD_ZH, text, bodyStart, end);
  if (lead) {
    const cue = leadCue(lead[1]);
    const at = bodyStart;
    if (cue && isPropositionSized(text, at + lead[0].length, end)) {
      out.lead = { cue, cueStart: at, cueEnd: at + lead[1].length };
      bodyStart = at + lead[0].length;
      firstTextStart = cue.keepInText ? at : bodyStart;
    }
  }

  if (!out.lead) {
    // "X may therefore Y" / "人们因此…": a conclusion adverb inside the sentence links back like an opening one.
    const body = text.slice(bodyStart, Math.min(end, bodyStart + 80));
    const mid = MID_LEAD_EN.exec(body) ?? MID_LEAD_ZH.exec(body);
    const cue = mid ? leadCue(mid[1]) : undefined;
    if (mid && cue) {
      const at = bodyStart + mid[0].lastIndexOf(mid[1]);
      out.lead = { cue: { ...cue, keepInText: true }, cueStart: at, cueEnd: at + mid[1].length };
    }
  }
  if (!out.lead) {
    // "Almonds are a striking case: …": the sentence names itself an example of what came before.
    const body = text.slice(bodyStart, Math.min(end, bodyStart + 120));
    const self = SELF_EXAMPLE_EN.exec(body) ?? SELF_EXAMPLE_ZH.exec(body);
    if (self) {
      const at = bodyStart + self[0].length - self[1].length;
      out.lead = { cue: SELF_EXAMPLE, cueStart: at, cueEnd: at + self[1].length };
    }
  }

  const boundaries: Boundary[] = [];
  let mainStart = bodyStart;
  const prefix = stickyAt(PREFIX_EN, text, bodyStart, end) ?? stickyAt(PREFIX_ZH, text, bodyStart, end);
  const prefixLink = prefix ? prefixCue(prefix[1]) : undefined;
  if (prefix && prefixLink) {
    const comma = firstComma(text, bodyStart + prefix[0].length, end);
    if (comma > 0) {
      let mainText = trimSpan(text, comma + 1, end).start;
      if (/[\u4e00-\u9fff]/.test(prefix[1])) {
        const corr = stickyAt(CORRELATIVE_ZH, text, mainText, end);
        if (corr) mainText += corr[0].length;
      }
      const condText = prefixLink.keepInText ? bodyStart : bodyStart + prefix[0].length;
      if (isPropositionSized(text, condText, comma) && isPropositionSized(text, mainText, end)) {
        firstTextStart = condText;
        boundaries.push({
          cut: comma,
          quoteStart: trimSpan(text, comma + 1, end).start,
          textStart: mainText,
          cue: prefixLink,
          cueStart: bodyStart,
          cueEnd: bodyStart + prefix[1].length,
        });
        mainStart = comma + 1;
        out.head = 1;
      }
    }
  }

  const aside = collectInfix(
    text,
    mainStart,
    end,
    boundaries,
    boundaries.length ? boundaries[0].textStart : firstTextStart,
  );
  // "Pink streaks, however, indicate …", "Whole wheat flour, for example, ferments …": a connective set off by commas
  // inside the sentence speaks for the whole sentence, like one opening it (the cue stays in the node text).
  if (aside && !out.lead)
    out.lead = { cue: { ...aside.cue, keepInText: true }, cueStart: aside.cueStart, cueEnd: aside.cueEnd };

  // Clauses between accepted boundaries; the cue's relation joins each pair of neighbours.
  let qStart = s;
  let tStart = firstTextStart;
  let introduced: NodeType | undefined = out.lead?.cue.introduces;
  const introducedFirst = introduced;
  for (const b of boundaries) {
    const q = trimClause(text, qStart, b.cut);
    out.clauses.push({
      quoteStart: q.start,
      quoteEnd: q.end,
      textStart: Math.min(Math.max(tStart, q.start), q.end),
      introduced,
    });
    qStart = b.quoteStart;
    tStart = b.textStart;
    introduced = b.cue.introduces;
  }
  const last = trimSpan(text, qStart, end); // the last clause keeps the sentence's end mark
  out.clauses.push({
    quoteStart: last.start,
    quoteEnd: last.end,
    textStart: Math.min(Math.max(tStart, last.start), last.end),
    introduced,
  });
  boundaries.forEach((b, i) => {
    const [from, to] = b.cue.direction === 'forward' ? [i, i + 1] : [i + 1, i];
    out.links.push({ from, to, relation: b.cue.relation, cueStart: b.cueStart, cueEnd: b.cueEnd });
  });
  // A lead cue types the head clause (after a prefix split the head is the main clause, not the first one).
  if (out.head !== 0 && introducedFirst && out.clauses[out.head].introduced === undefined) {
    out.clauses[out.head].introduced = introducedFirst;
    out.clauses[0].introduced = undefined;
  }
  return out;
}

const AUXILIARY_END =
  /\b(?:is|are|was|were|be|been|am|has|have|had|do|does|did|can|could|will|would|shall|should|may|might|must)\s*$/i;

/** Connectives that, set off by commas inside a sentence (", however,"), are asides about the whole sentence. */
const ASIDE = new RegExp(`^(?:${ASIDE_CONNECTIVES.join('|')})$`, 'i');

/**
 * Mid-sentence cues in text[from, end), kept only where both sides stay proposition-sized. Returns the first aside
 * (", however,"), which splits nothing.
 */
function collectInfix(
  text: string,
  from: number,
  end: number,
  out: Boundary[],
  firstText: number,
): LeadCue | undefined {
  const sub = text.slice(from, end);
  let prevText = firstText - from;
  let aside: LeadCue | undefined;
  for (const re of [INFIX_EN, INFIX_ZH]) {
    if (re === INFIX_ZH && !/[\u4e00-\u9fff]/.test(sub)) continue;
    if (re === INFIX_EN && !/[A-Za-z]/.test(sub)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(sub); m; m = re.exec(sub)) {
      const word = m[1] ?? m[2];
      const cue = word ? infixCue(word) : undefined;
      if (!cue || insideBrackets(sub, m.index)) continue;
      const cueStart = m.index + m[0].indexOf(word);
      if (ASIDE.test(word) && sub[m.index] === ',' && sub[cueStart + word.length] === ',') {
        aside ??= { cue, cueStart: from + cueStart, cueEnd: from + cueStart + word.length };
        continue;
      }
      const textStart = cue.keepInText ? cueStart : m.index + m[0].length;
      // "Magma rises because …": before a "because" with no comma, two words are a whole clause (subject and verb),
      // unless the second is a copula or an auxiliary ("This is because …" states no proposition of its own).
      const leftStart = Math.max(0, prevText);
      const subjectVerb =
        m[2] &&
        /^because$/i.test(word) &&
        hasContent(sub, leftStart, m.index) &&
        !AUXILIARY_END.test(sub.slice(leftStart, m.index));
      const leftSized = subjectVerb || isPropositionSized(sub, leftStart, m.index);
      if (!leftSized || !isPropositionSized(sub, textStart, sub.length)) continue;
      out.push({
        cut: from + m.index,
        quoteStart: from + cueStart,
        textStart: from + textStart,
        cue,
        cueStart: from + cueStart,
        cueEnd: from + cueStart + word.length,
      });
      prevText = textStart;
    }
  }
  // English and Chinese cues were collected in two passes; keep document order and drop overlaps.
  out.sort((a, b) => a.cut - b.cut);
  for (let i = out.length - 1; i > 0; i--) if (out[i].cut < out[i - 1].textStart) out.splice(i, 1);
  return aside;
}

function stickyAt(re: RegExp, text: string, at: number, end: number): RegExpExecArray | null {
  re.lastIndex = at;
  const m = re.exec(text);
  return m && m.index === at && at + m[0].length <= end ? m : null;
}

function firstComma(text: string, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xff0c || (c === 0x2c && i + 1 < end && text.charCodeAt(i + 1) === 0x20)) return i;
  }
  return -1;
}

/** A cue inside (parentheses) or a quotation does not structure the sentence. */
function insideBrackets(sub: string, at: number): boolean {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    const ch = sub[i];
    if (ch === '(' || ch === '（' || ch === '“' || ch === '「') depth++;
    else if ((ch === ')' || ch === '）' || ch === '”' || ch === '」') && depth > 0) depth--;
  }
  return depth > 0;
}
