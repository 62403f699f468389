// When a divergence counts as resolved: the author resolves it in the words that state it ("not X but Y", a turn
// followed by its conclusion, a concession, an addition "but also", one subject with two predicates, "in fact" after
// a position others hold), compares two
// subjects rather than setting two claims against each other ("warm colours …; on the other hand, cool colours …"), or draws a
// conclusion from it in the next unit, a third node relates to both sides through a non-diverging relation, or a
// merge joined the two. Shared by divergence-watch and attribution (reverse-divergence).
import { DIVERGING_RELATIONS } from './chains';
import { edgesOf, otherEnd, type GraphIndex } from './graph-index';
import type { HistoryIndex } from './history';
import { leadingWord } from './tokens';
import { CORRECTING, HELD_POSITION, REPORTED_POSITION } from '../text/reported-positions';

/**
 * "Not X but Y": the author sets X aside and states Y (不是…而是, 并非…而是, 而非, not … but, rather than, instead of).
 * A correction, not a disagreement left open.
 */
const CORRECTION =
  /(?:不是|并非|并不是|不在于)[^。！？!?]{0,80}?(?:而是|而在于)|而非|\bnot\b[^.!?]{0,120}?\bbut\b|\brather than\b|\binstead of\b/iu;
/** A turn the author settles in the same sentence: a contrast cue followed by a concluding one, or by the reason
 * the exception holds ("however, a fridge moves heat from cold to hot, because it uses electricity": an explained
 * exception, not a disagreement left open). */
const SETTLED_CONTRAST =
  /(?:但是|然而|不过|可是|但)[^。！？!?]{0,120}?(?:因此|所以|总之|可见|归根结底|关键在于|因为|由于|是因为)|\b(?:however|but|yet)\b[^.!?]{0,160}?\b(?:therefore|so|thus|hence|in the end|ultimately|because|as long as)\b/iu;

/** A concession: the author grants X and asserts Y in one breath ("only 3 % of the land, but more carbon than all
 * forests", "although …, …", 虽然…但…, 只占…但…, 尽管存在争议，…). Both sides are the author's own; nothing is in
 * dispute. A sentence opening on a concessive clause needs no "but": the clause itself is granted. */
const CONCESSION =
  /(?:虽然|尽管|虽说|虽|只占|只有|仅占|仅有)[^。！？!?]{0,120}?(?:但|却|可是|不过)|\b(?:only|just|merely|although|though|while|despite)\b[^.!?]{0,160}?\b(?:but|yet|still)\b|^\s*(?:虽然|尽管|虽说|即使|even though|although|though|despite|in spite of)(?![A-Za-z])[^。！？!?.]{1,120}?[，,]/iu;

/** An addition, not an objection: "X, but can also Y", "X，但也 Y": the author holds both at once. */
const ADDITIVE =
  /(?:但是|但|却|不过|然而)[^。！？!?]{0,40}?(?:也|同样)|\b(?:but|however|yet|while)\b[^.!?]{0,80}?\b(?:also|too|as well)\b/iu;
/** One subject, two predicates: "these scales are made of keratin, … but are incredibly tough" — the subject is not
 * repeated after "but", so the author says both of the same thing at once (不过/但 + 很/非常/却…: likewise). */
const SAME_SUBJECT =
  /,\s*(?:but|yet)\s+(?:is|are|was|were|can|could|may|might|will|would|has|have|had|remains?|stays?|becomes?|still|often|usually)\b|[，,]\s*(?:但是?|却|不过)(?:很|非常|十分|极其|相当|仍然?|依然|却|又|并不)/iu;

/** A comparison: 相比之下 / 与之相比 / 相较之下 / 与此不同 / on the other hand / by contrast / in contrast / whereas. It sets
 * two subjects side by side when each side speaks of its own (see comparesTwoSubjects). */
const COMPARISON =
  /相比之下|与之相比|与此相比|相较之下|与此不同|与之不同|\bon the other hand\b|\bby contrast\b|\bin contrast\b|\bwhereas\b/iu;
/** "Warm colours advance …; on the other hand, cool colours recede …", "in Paris most people take the metro,
 * whereas in Los Angeles …": the two sides open on different subjects and neither reports a position (two positions
 * answer one question: "some doctors say …; other doctors say …" stays open), so each says
 * something of its own subject and nothing is in dispute. One subject on both sides ("sea walls protect …; by
 * contrast, sea walls fail …") stays a divergence. */
function comparesTwoSubjects(index: GraphIndex, a: string, b: string): boolean {
  const texts = [a, b].map((id) => (index.nodeById.get(id)?.text ?? '').replace(COMPARISON, ' '));
  if (texts.some((t) => REPORTED_POSITION.test(t))) return false;
  const [sa, sb] = texts.map(leadingWord);
  return sa !== null && sb !== null && sa !== sb;
}

/** "Many people believe bats are blind. In fact, most bats see well", 有人担心…。事实上，…: the author reports a
 * position held by others and corrects it in their own voice. Two reported positions stay open. */
function correctsHeldPosition(index: GraphIndex, a: string, b: string): boolean {
  const [ta, tb] = [a, b].map((id) => index.nodeById.get(id)?.text ?? '');
  return (
    (HELD_POSITION.test(ta) && !REPORTED_POSITION.test(tb)) || (HELD_POSITION.test(tb) && !REPORTED_POSITION.test(ta))
  );
}

/** Wordings in which the author settles the contrast they state. */
const SETTLED_BY_WORDING = [CORRECTION, SETTLED_CONTRAST, CONCESSION, ADDITIVE, SAME_SUBJECT];

/** True when the words that state a divergence between a and b also resolve it, or show it to be a comparison. */
export function authorResolves(index: GraphIndex, a: string, b: string): boolean {
  for (const e of edgesOf(index, a)) {
    if (!DIVERGING_RELATIONS.has(e.relation) || otherEnd(e, a) !== b) continue;
    const quotes = e.evidence.length ? e.evidence.map((x) => x.quote) : [index.nodeById.get(e.fromNodeId)?.quote ?? ''];
    if (quotes.some((q) => SETTLED_BY_WORDING.some((wording) => wording.test(q)))) return true;
    if (quotes.some((q) => COMPARISON.test(q)) && comparesTwoSubjects(index, a, b)) return true;
    if (quotes.some((q) => CORRECTING.test(q)) && correctsHeldPosition(index, a, b)) return true;
  }
  return concludedInPlace(index, a, b) || concludedInPlace(index, b, a);
}

/** A turn the author carries straight on to a conclusion ("However, a drained peatland releases its carbon.
 * Restoring wetlands may therefore slow climate change."): one side is the premise of an inference stated in its
 * own unit or the next one of the same section, the SETTLED_CONTRAST rule across a sentence boundary. */
function concludedInPlace(index: GraphIndex, side: string, other: string): boolean {
  const from = index.nodeById.get(side);
  if (!from || from.paragraph === null || from.paragraph === undefined) return false;
  return edgesOf(index, side).some((e) => {
    if (e.relation !== 'infers' || e.fromNodeId !== side || e.toNodeId === other) return false;
    const to = index.nodeById.get(e.toNodeId);
    const step = (to?.paragraph ?? -Infinity) - from.paragraph!;
    return to?.sectionId === from.sectionId && step >= 0 && step <= 1;
  });
}

export function resolutionOf(index: GraphIndex, past: HistoryIndex, a: string, b: string): string | undefined {
  if (authorResolves(index, a, b)) return a;
  const near = (id: string) =>
    new Set(
      edgesOf(index, id)
        .filter((e) => !DIVERGING_RELATIONS.has(e.relation))
        .map((e) => otherEnd(e, id)),
    );
  const na = near(a);
  for (const id of near(b)) if (id !== a && id !== b && na.has(id)) return id;
  if ((past.absorbed.get(a) ?? []).includes(b) || (past.absorbed.get(b) ?? []).includes(a)) return a;
  return undefined;
}
