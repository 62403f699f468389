// When a divergence counts as resolved: the author resolves it in the words that state it ("not X but Y", a turn
// followed by its conclusion), a third node relates to both sides through a non-diverging relation, or a merge
// joined the two. Shared by divergence-watch and attribution (reverse-divergence).
import { DIVERGING_RELATIONS } from './chains';
import { edgesOf, otherEnd, type GraphIndex } from './graph-index';
import type { HistoryIndex } from './history';

/**
 * "Not X but Y": the author sets X aside and states Y (不是…而是, 并非…而是, 而非, not … but, rather than, instead of).
 * A correction, not a disagreement left open.
 */
const CORRECTION = /(?:不是|并非|并不是|不在于)[^。！？!?]{0,80}?(?:而是|而在于)|而非|\bnot\b[^.!?]{0,120}?\bbut\b|\brather than\b|\binstead of\b/iu;
/** A turn the author settles in the same sentence: a contrast cue followed by a concluding one, or by the reason
 * the exception holds ("however, a fridge moves heat from cold to hot, because it uses electricity": an explained
 * exception, not a disagreement left open). */
const SETTLED_CONTRAST =
  /(?:但是|然而|不过|可是|但)[^。！？!?]{0,120}?(?:因此|所以|总之|可见|归根结底|关键在于|因为|由于|是因为)|\b(?:however|but|yet)\b[^.!?]{0,160}?\b(?:therefore|so|thus|hence|in the end|ultimately|because|as long as)\b/iu;

/** True when the words that state a divergence between a and b also resolve it. */
export function authorResolves(index: GraphIndex, a: string, b: string): boolean {
  for (const e of edgesOf(index, a)) {
    if (!DIVERGING_RELATIONS.has(e.relation) || otherEnd(e, a) !== b) continue;
    const quotes = e.evidence.length ? e.evidence.map((x) => x.quote) : [index.nodeById.get(e.fromNodeId)?.quote ?? ''];
    if (quotes.some((q) => CORRECTION.test(q) || SETTLED_CONTRAST.test(q))) return true;
  }
  return false;
}

export function resolutionOf(index: GraphIndex, past: HistoryIndex, a: string, b: string): string | undefined {
  if (authorResolves(index, a, b)) return a;
  const near = (id: string) =>
    new Set(edgesOf(index, id).filter((e) => !DIVERGING_RELATIONS.has(e.relation)).map((e) => otherEnd(e, id)));
  const na = near(a);
  for (const id of near(b)) if (id !== a && id !== b && na.has(id)) return id;
  if ((past.absorbed.get(a) ?? []).includes(b) || (past.absorbed.get(b) ?? []).includes(a)) return a;
  return undefined;
}
