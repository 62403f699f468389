// The faithfulness rule for edges (issue 17), one home for every extractor (built-in, model, service): an edge is
// grounded only when both endpoints are grounded and its quote speaks of both ends. For each endpoint the quote
//   - contains the endpoint's quote or text, or lies inside the endpoint's quote (folded: NFKC, case, whitespace), or
//   - lies in a unit that anchors the endpoint (the edge's unit is among the endpoint's evidence units), or
//   - names it: shares a content token with the endpoint's text (core/text/tokens: words, Han bigrams), or
//   - refers back to it: the quote opens with an anaphoric connective ("For example", "This shows", "However",
//     "因此", "这说明" …), holds a conclusion adverb early on ("may therefore") or calls itself an example ("Almonds
//     are a striking case"), and the endpoint is anchored in the unit just before, in the same paragraph.
// Anything else is dropped with a reason; proximity alone never grounds an edge.
import type { ContentUnit, KgNode } from '../schema';
import { sharedTokens, tokenSet } from '../text/tokens';
import {
  ASIDE_CONNECTIVES,
  BECAUSE_OF_THIS_ZH,
  CONCLUDING_EN,
  CONCLUDING_ZH,
  OWING_TO_THIS,
  RESTATING_EN,
  RESTATING_ZH,
} from '../text/connectives';
import { CORRECTING_EN, CORRECTING_ZH } from '../text/reported-positions';

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

/** Connectives that, opening a sentence, refer to what was just said. */
const ANAPHORIC_OPENING = new RegExp(
  String.raw`^\s*(?:for (?:example|instance)|e\.g\.|to illustrate|this|these|that|such|however|but|yet|nevertheless|nonetheless|in contrast|by contrast|by comparison|in comparison|conversely|on the other hand|others|instead|therefore|thus|hence|so|consequently|accordingly|as a result|for this reason|similarly|likewise|in the same way|${RESTATING_EN.join('|')}|${CORRECTING_EN.join('|')}|${OWING_TO_THIS}|例如|比如|譬如|举例来说|举个例子|这|此|然而|但|可是|不过|相反|与此相反|相比之下|因此|所以|因而|故而|可见|由此可见|结果|于是|随之|${BECAUSE_OF_THIS_ZH}|${RESTATING_ZH.join('|')}|${CORRECTING_ZH.join('|')}|与之相反|与此不同|与之不同|反之|同样|同理|类似地)(?![A-Za-z])`,
  'i',
);

/**
 * A sentence that calls itself an example ("Almonds are a striking case: …", "华北平原就是一个典型的例子：…")
 * refers back like one opening with "For example". Group 1 is the cue (the heuristic extractor's cues.ts uses it too).
 */
export const SELF_EXAMPLE_EN =
  /^[^,;:.!?]{2,80}?\s((?:is|are|was|were)\s+(?:a|an|another|one)\s+(?:(?:good|great|striking|classic|typical|clear|prime|notable|famous|well-known|telling|vivid|textbook)\s+)?(?:example|case|instance|illustration)|(?:is|are)\s+a\s+case\s+in\s+point)(?![A-Za-z])/i;
export const SELF_EXAMPLE_ZH =
  /^[^，,。；;！!？?]{1,30}?((?:就|便|正|也)?是(?:一个|一种|一则)?(?:典型的?|很好的?|突出的?|生动的?|最好的?|明显的?)?(?:例子|案例|实例|范例|例证))/;

/** A conclusion adverb early in the sentence refers back just as well ("Restoring wetlands may therefore…", "人们因此…"),
 * and so does an aside connective ("Pink streaks, however, indicate…"). */
const ANAPHORIC_ADVERB = new RegExp(
  String.raw`^[^,;:.!?，,；;。：:]{1,60}?(?:\s(?:${CONCLUDING_EN.join('|')})\s|${CONCLUDING_ZH.join('|')}|,\s*(?:${ASIDE_CONNECTIVES.join('|')}),)`,
  'i',
);

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');

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
