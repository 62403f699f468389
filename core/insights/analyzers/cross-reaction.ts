// cross-reaction: two nodes from different sections or chains say overlapping things (Jaccard of their token sets
// ≥ similarityThreshold) yet no path joins them in the graph: the text touches the same matter twice without
// saying how the two places relate.
import { jaccard, sharedTokens, tokenSet } from '../../text/tokens';
import { displayTerms } from '../tokens';
import { list, local } from '../text';
import type { InsightDraft } from '../types';
import { chainName, nodeQuote, sectionName, type AnalyzerContext } from './context';

/** Nodes with fewer content tokens overlap by accident; concepts are single terms that overlap by design. */
const MIN_TOKENS = 3;
const MIN_SHARED = 2;
/** "In this essay, we will explore …", "本文将…": the text announcing its plan, which every later part echoes. */
const ROADMAP =
  /^\s*(?:in this (?:essay|article|paper|chapter|section|post|report|book)\b|this (?:essay|article|paper|chapter|report) (?:will|explores|examines|discusses|describes)\b|本文|本章|本节|下面我们将|接下来我们将)/iu;
/** A word found in more sections than this share of them (and at least MIN_SPREAD) is stock phrasing. */
const SPREAD_SHARE = 0.05;
const MIN_SPREAD = 3;
/**
 * Units closer than this in one section are read together (one paragraph spans a few units of ≤ 180 characters):
 * two of its sentences sharing words is how prose works, not two places that touch without a link.
 */
export const MIN_UNIT_DISTANCE = 4;

export function crossReaction(ctx: AnalyzerContext): InsightDraft[] {
  const { index } = ctx;
  const { similarityThreshold, perAnalyzerLimit } = ctx.input.config;
  const eligible = index.graph.nodes.filter(
    (n) => n.type !== 'concept' && !ROADMAP.test(n.text) && index.tokens(n.id).size >= MIN_TOKENS,
  );
  // Inverted index; tokens found in very many nodes say nothing about a particular pair.
  const maxDf = Math.max(10, Math.min(200, Math.floor(eligible.length * 0.02)));
  const postings = new Map<string, number[]>();
  eligible.forEach((n, i) => {
    for (const t of index.tokens(n.id)) {
      const p = postings.get(t);
      if (p) p.push(i);
      else postings.set(t, [i]);
    }
  });
  // Shared-token counts, one node at a time against the nodes after it: a dense counter and a list of the
  // entries it touched, instead of a map keyed by pair (the same counts, an order of magnitude cheaper at 10k+ nodes).
  const tokensOf = eligible.map((n) =>
    [...index.tokens(n.id)].map((t) => postings.get(t)!).filter((p) => p.length >= 2 && p.length <= maxDf),
  );
  // Words spread over many sections are the document's stock phrasing ("has become an integral part of daily
  // life"), not a matter two places share: a pair needs MIN_SHARED shared words that stay within a few sections.
  const spreadLimit = Math.max(MIN_SPREAD, Math.ceil(index.sections.length * SPREAD_SHARE));
  const spread = new Map<string, number>();
  const spreadOf = (token: string) => {
    let n = spread.get(token);
    if (n === undefined) {
      n = new Set((postings.get(token) ?? []).map((i) => eligible[i].sectionId ?? '')).size;
      spread.set(token, n);
    }
    return n;
  };
  const distinctive = (shared: readonly string[]) => shared.filter((t) => spreadOf(t) <= spreadLimit).length;
  const counts = new Int32Array(eligible.length);
  const touched: number[] = [];
  const pairs: Array<{ a: string; b: string; score: number; shared: string[] }> = [];
  const headings = new Map<string, ReadonlySet<string>>();
  const headingTokens = (sectionId: string | null | undefined): ReadonlySet<string> | undefined => {
    const section = sectionId ? index.sectionById.get(sectionId) : undefined;
    if (!section) return undefined;
    let set = headings.get(section.id);
    if (!set) {
      set = tokenSet(section.title);
      headings.set(section.id, set);
    }
    return set;
  };
  for (let i = 0; i < eligible.length; i++) {
    for (const p of tokensOf[i]) {
      // Postings are in node order: the nodes after i are a suffix of each list.
      for (let k = upperBound(p, i); k < p.length; k++) if (counts[p[k]]++ === 0) touched.push(p[k]);
    }
    for (const j of touched) {
      const count = counts[j];
      counts[j] = 0;
      if (count < MIN_SHARED) continue;
      const a = eligible[i];
      const b = eligible[j];
      if (index.component.get(a.id) === index.component.get(b.id)) continue;
      const crossSection = (a.sectionId ?? '') !== (b.sectionId ?? '');
      const crossChain = index.family.get(a.id) !== index.family.get(b.id);
      if (!crossSection && !crossChain) continue;
      if (!crossSection && readTogether(a.paragraph, b.paragraph)) continue;
      // Inside one section the words of its heading are what every sentence there is about: not a shared matter.
      const topic = crossSection ? undefined : headingTokens(a.sectionId);
      const ta = topic ? without(index.tokens(a.id), topic) : index.tokens(a.id);
      const tb = topic ? without(index.tokens(b.id), topic) : index.tokens(b.id);
      const score = jaccard(ta, tb);
      if (score < similarityThreshold) continue;
      const shared = sharedTokens(ta, tb);
      if (distinctive(shared) < MIN_SHARED) continue;
      pairs.push({ a: a.id, b: b.id, score, shared });
    }
    touched.length = 0;
  }
  pairs.sort(
    (x, y) =>
      y.score - x.score ||
      index.ordinal.get(x.a)! - index.ordinal.get(y.a)! ||
      index.ordinal.get(x.b)! - index.ordinal.get(y.b)!,
  );

  const used = new Set<string>();
  const out: InsightDraft[] = [];
  for (const p of pairs) {
    if (out.length >= perAnalyzerLimit) break;
    if (used.has(p.a) || used.has(p.b)) continue;
    used.add(p.a).add(p.b);
    const A = index.nodeById.get(p.a)!;
    const B = index.nodeById.get(p.b)!;
    const fa = chainName(index.family.get(p.a)!);
    const fb = chainName(index.family.get(p.b)!);
    const sa = sectionName(ctx, A.sectionId);
    const sb = sectionName(ctx, B.sectionId);
    // Terms named only for the pairs reported (there can be thousands of candidate pairs).
    const terms = displayTerms(A.text, p.shared).slice(0, 4);
    // In words, not a formula: the share of their words the two have in common (the Jaccard overlap).
    const pct = Math.round(p.score * 100);
    out.push({
      id: `cross-reaction:${p.a}~${p.b}`,
      type: 'cross-reaction',
      severity: p.score >= Math.min(0.9, similarityThreshold * 2.5) ? 'warn' : 'info',
      title: local(
        `${nodeQuote(ctx, p.a, 36)} and ${nodeQuote(ctx, p.b, 36)} touch without a link`,
        `${nodeQuote(ctx, p.a, 36)}与${nodeQuote(ctx, p.b, 36)}相互呼应却未相连`,
      ),
      detail: local(
        `${sa.en} (${fa.en}) and ${sb.en} (${fb.en}) share ${list(terms, 'en')} (${pct} % of their words in common), yet no relation path joins them.`,
        `${sa.zh}（${fa.zh}）与${sb.zh}（${fb.zh}）共有 ${list(terms, 'zh')}（共同词占 ${pct}%），图中却没有任何关系路径相连。`,
      ),
      references: { nodeIds: [p.a, p.b] },
    });
  }
  return out;
}

function without(tokens: ReadonlySet<string>, drop: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) if (!drop.has(t)) out.add(t);
  return out;
}

function readTogether(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && Math.abs(a - b) < MIN_UNIT_DISTANCE;
}

/** The first position in an ascending list whose value is greater than `value`. */
function upperBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
