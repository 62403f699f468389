// When does a batch deserve the explanation-coverage review (review-pass.ts)? Only when the source says something
// explicitly that the first answer left out: a multi-step mechanism with fewer nodes than steps, an explicit
// correction ("not X but Y", 不是…而是), a guard against a wrong inference ("this does not mean", 并不意味着), a point
// deferred to later ("we will return to", 后文), or a diagram relation unit (【图示关系】 / [Diagram]) no edge reflects.
// A sentence counts as covered when a node of its unit quotes words inside it. The rules are deterministic and narrow:
// the review is a guard against omissions, never a second extraction of everything.
import { diagramRelationText } from '../images/transcript';
import type { ContentUnit, KgNode } from '../schema';
import { REVIEW_LIMITS } from '../limits';

export type ReviewHintKind = 'mechanism' | 'correction' | 'guard' | 'deferred' | 'diagram_relation';

export interface ReviewHint {
  kind: ReviewHintKind;
  /** The unit the point is in. */
  unit: number;
  /** The sentence (or the diagram relation) the answer left out, verbatim from the unit. */
  excerpt: string;
}

/** What an accepted batch records about its review (checkpointed with it, so a resumed task still says it). */
export interface ReviewNote {
  hints: number;
  addedNodes: number;
  addedEdges: number;
  /** Proposals of the answer that were not admitted. */
  left: number;
  /** The review call's error code, when it failed; the first answer stands. */
  error?: string;
}

const STEP_MARKERS =
  /\b(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|after that|afterwards|finally|lastly|step \d+)\b|首先|其次|然后|接着|随后|最后|第[一二三四五六七八九十\d]+步|→/giu;
const CORRECTION =
  /\bnot\b[^.!?]{1,80}\bbut\b|\bcontrary to\b|\b(?:a )?(?:common )?(?:mistake|misconception|misunderstanding)\b|\bin fact\b|\bactually\b|不是[^。！？]{1,40}而是|并非[^。！？]{1,40}而是|其实|事实上|误以为|误解/iu;
const GUARD =
  /\b(?:does|do|did) not (?:mean|imply|follow)|\b(?:doesn't|don't|didn't) (?:mean|imply|follow)|\bcannot (?:conclude|infer)|\bcan't (?:conclude|infer)|\bnot necessarily\b|\bit does not follow\b|并不意味着|不意味着|不能推出|不能得出|不等于|未必|并不一定/iu;
const DEFERRED =
  /\b(?:we will|we'll|we shall) (?:return|come back|see|discuss|show)\b|\blater in (?:this|the) (?:chapter|section|book)\b|\bin (?:the )?next (?:chapter|section)\b|\b(?:discussed|explained|answered) (?:later|below)\b|后文|下文|下一[章节]|稍后|后面.{0,4}(?:讨论|介绍|说明|回答)/iu;

const SENTENCE = /[^.!?。！？\n]+[.!?。！？]?/gu;

function sentences(text: string): Array<{ start: number; end: number; text: string }> {
  const out: Array<{ start: number; end: number; text: string }> = [];
  for (const m of text.matchAll(SENTENCE)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body) out.push({ start: m.index + lead, end: m.index + lead + body.length, text: body });
  }
  return out;
}

/** Character spans of the unit that its nodes quote. */
function quotedSpans(unit: ContentUnit, nodes: readonly Pick<KgNode, 'paragraph' | 'quote'>[]) {
  const spans: Array<[number, number]> = [];
  for (const n of nodes) {
    if (n.paragraph !== unit.n || !n.quote) continue;
    const at = unit.text.indexOf(n.quote);
    if (at >= 0) spans.push([at, at + n.quote.length]);
  }
  return spans;
}

/**
 * The points of a batch its accepted answer left out, at most REVIEW_LIMITS.hints of them, in unit order.
 * `edges` are the accepted edges (their evidence units tell which diagram relations are reflected).
 */
export function reviewHints(
  units: readonly ContentUnit[],
  answer: {
    nodes: readonly Pick<KgNode, 'paragraph' | 'quote'>[];
    edges: readonly { evidence: readonly { paragraph: number }[] }[];
  },
): ReviewHint[] {
  const hints: ReviewHint[] = [];
  const edgeUnits = new Set(answer.edges.flatMap((e) => e.evidence.map((ev) => ev.paragraph)));
  for (const unit of units) {
    if (unit.kind === 'heading' || unit.kind === 'code') continue;
    const diagram = diagramRelationText(unit.text);
    if (diagram !== null) {
      if (diagram && !edgeUnits.has(unit.n)) hints.push({ kind: 'diagram_relation', unit: unit.n, excerpt: diagram });
      continue;
    }
    const spans = quotedSpans(unit, answer.nodes);
    const covered = (s: { start: number; end: number }) => spans.some(([a, b]) => a < s.end && b > s.start);
    const steps = unit.text.match(STEP_MARKERS)?.length ?? 0;
    if (steps >= 3 && spans.length < steps - 1) {
      hints.push({ kind: 'mechanism', unit: unit.n, excerpt: unit.text.slice(0, 600) });
      continue;
    }
    for (const s of sentences(unit.text)) {
      if (covered(s)) continue;
      const kind: ReviewHintKind | null = GUARD.test(s.text)
        ? 'guard'
        : CORRECTION.test(s.text)
          ? 'correction'
          : DEFERRED.test(s.text)
            ? 'deferred'
            : null;
      if (kind) hints.push({ kind, unit: unit.n, excerpt: s.text });
    }
  }
  return hints.slice(0, REVIEW_LIMITS.hints);
}
