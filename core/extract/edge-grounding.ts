// The faithfulness rule for edges (issue 17), one home for every extractor (built-in, model, service): an edge is
// grounded only when both endpoints are grounded and its quote speaks of both ends. For each endpoint the quote
//   - contains the endpoint's quote or text, or lies inside the endpoint's quote (folded: NFKC, case, whitespace), or
//   - lies in a unit that anchors the endpoint (the edge's unit is among the endpoint's evidence units), or
//   - names it: shares a content token with the endpoint's text (core/text/tokens: words, Han bigrams), or
//   - refers back to it: the quote opens with an anaphoric connective (a lead word of the extractor's cue lexicon:
//     "For example", "This shows", "However", "因此", "这说明" …), holds a conclusion adverb early on ("may
//     therefore") or calls itself an example ("Almonds are a striking case"), and the endpoint is anchored in the
//     unit just before, in the same paragraph.
// Anything else is dropped with a reason; proximity alone never grounds an edge.
import type { ContentUnit, KgNode } from '../schema';
import { sharedTokens, tokenSet } from '../text/tokens';
import { escapeRegex } from '../text/word-patterns';
import { LEAD_WORDS } from '../extractors/heuristic/cues';
import {
  ASIDE_CONNECTIVES,
  BECAUSE_OF_THIS_ZH,
  CONCLUDING_EN,
  CONCLUDING_ZH,
  OWING_TO_THIS,
  SELF_EXAMPLE_EN,
  SELF_EXAMPLE_ZH,
} from '../text/connectives';

export type EdgeGroundingProblem = 'endpoint_ungrounded' | 'quote_off_endpoint';

/** What the rule needs of an endpoint: its grounding, its text and quote, and the units its evidence cites. */
export type EdgeEndpoint = Pick<KgNode, 'groundingStatus' | 'text' | 'quote' | 'evidence'>;

/**
 * Most characters between two units of one paragraph: none (Chinese) or one (a space or a single line break). Two
 * may already be a blank line ("\n\n"), so two is refused.
 */
export const MAX_PARAGRAPH_GAP = 1;

/**
 * True when `unit` directly continues `prev` in the same paragraph: both narrative (never a heading, list, table,
 * code, quote or dialogue unit), the same section, consecutive numbers, and at most MAX_PARAGRAPH_GAP characters
 * between them (the segmenter starts a new unit at topic-shift markers such as "For example" or 因此).
 */
export function continuesParagraph(prev: ContentUnit | undefined, unit: ContentUnit): boolean {
  if (prev?.kind !== 'narrative' || unit.kind !== 'narrative') return false;
  if (prev.sectionId !== unit.sectionId || unit.n !== prev.n + 1) return false;
  const gap = unit.start - prev.end;
  return gap >= 0 && gap <= MAX_PARAGRAPH_GAP;
}

/**
 * Lead words of the extractor's cue lexicon that the rule does not read as referring back: the extractor links "As a
 * consequence, Y", "In that case, Y" and "故，Y" to the sentence before, but only the rule's other tests (naming the
 * endpoint …) can ground such an edge. A known gap, kept as it was.
 */
const NOT_ANAPHORIC = new Set(['as a consequence', 'in that case', 'in this case', 'in which case', '故']);

/** A quote opening on a lead word (cues.ts), a demonstrative, "instead", 此 or 随之 refers to what was just said. */
const ANAPHORIC_OPENING = new RegExp(
  String.raw`^\s*(?:${[
    ...LEAD_WORDS.filter((w) => !NOT_ANAPHORIC.has(w)).map(escapeRegex),
    'this',
    'these',
    'that',
    'such',
    'instead',
    '此',
    '随之',
    OWING_TO_THIS,
    BECAUSE_OF_THIS_ZH,
  ].join('|')})(?![A-Za-z])`,
  'i',
);

/** A conclusion adverb early in the sentence refers back just as well ("Restoring wetlands may therefore…", "人们因此…"),
 * and so does an aside connective ("Pink streaks, however, indicate…"). */
const ANAPHORIC_ADVERB = new RegExp(
  String.raw`^[^,;:.!?，,；;。：:]{1,60}?(?:\s(?:${CONCLUDING_EN.join('|')})\s|${CONCLUDING_ZH.join('|')}|,\s*(?:${ASIDE_CONNECTIVES.join('|')}),)`,
  'i',
);

/** Text as the rule compares it: NFKC, lower case, no whitespace (the coverage review matches endpoints the same way). */
export const foldForMatch = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
const fold = foldForMatch;

function speaksOf(
  quote: string,
  folded: string,
  tokens: ReadonlySet<string>,
  unit: number,
  end: EdgeEndpoint,
  prevUnitContinues: boolean,
): boolean {
  const anchors = end.evidence.map((e) => e.paragraph);
  if (anchors.includes(unit)) return true;
  for (const own of [end.quote, end.text]) {
    const f = fold(own);
    if (f && (folded.includes(f) || f.includes(folded))) return true;
  }
  if (sharedTokens(tokenSet(end.text), tokens).length > 0) return true;
  const refersBack =
    ANAPHORIC_OPENING.test(quote) ||
    ANAPHORIC_ADVERB.test(quote) ||
    SELF_EXAMPLE_EN.test(quote) ||
    SELF_EXAMPLE_ZH.test(quote);
  return prevUnitContinues && refersBack && anchors.includes(unit - 1);
}

/**
 * Why an edge with this quote (authenticated in unit `unit`) between these endpoints is not grounded, or null when
 * it is. `units` looks up a unit by number (for the paragraph test of a back-referring connective).
 */
export function edgeGroundingProblem(
  quote: string,
  unit: number,
  from: EdgeEndpoint,
  to: EdgeEndpoint,
  units: ReadonlyMap<number, ContentUnit>,
): EdgeGroundingProblem | null {
  if (from.groundingStatus !== 'grounded' || to.groundingStatus !== 'grounded') return 'endpoint_ungrounded';
  const folded = fold(quote);
  const tokens = tokenSet(quote);
  const here = units.get(unit);
  const continues = here !== undefined && continuesParagraph(units.get(unit - 1), here);
  const ok = (end: EdgeEndpoint) => speaksOf(quote, folded, tokens, unit, end, continues);
  return ok(from) && ok(to) ? null : 'quote_off_endpoint';
}
