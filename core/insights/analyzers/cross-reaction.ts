// cross-reaction: two nodes from different sections or chains say overlapping things (Jaccard of their token sets
// ≥ similarityThreshold) yet no path joins them in the graph: the text touches the same matter twice without
// saying how the two places relate.
import { jaccard, sharedTokens } from '../../text/tokens';
import { displayTerms } from '../tokens';
import { list, local } from '../text';
import type { InsightDraft } from '../types';
import { chainName, nodeQuote, sectionName, type AnalyzerContext } from './context';

/** Nodes with fewer content tokens overlap by accident; concepts are single terms that overlap by design. */
const MIN_TOKENS = 3;
const MIN_SHARED = 2;

export function crossReaction(ctx: AnalyzerContext): InsightDraft[] {
  const { index } = ctx;
  const { similarityThreshold, perAnalyzerLimit } = ctx.input.config;
  const eligible = index.graph.nodes.filter((n) => n.type !== 'concept' && index.tokens(n.id).size >= MIN_TOKENS);
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
  const shared = new Map<number, number>();
  const width = eligible.length;
  for (const p of postings.values()) {
    if (p.length < 2 || p.length > maxDf) continue;
    for (let a = 0; a < p.length; a++) for (let b = a + 1; b < p.length; b++) {
      const key = p[a] * width + p[b];
      shared.set(key, (shared.get(key) ?? 0) + 1);
    }
  }
  const pairs: Array<{ a: string; b: string; score: number; terms: string[] }> = [];
  for (const [key, count] of shared) {
    if (count < MIN_SHARED) continue;
    const a = eligible[Math.floor(key / width)];
    const b = eligible[key % width];
    if (index.component.get(a.id) === index.component.get(b.id)) continue;
    const crossSection = (a.sectionId ?? '') !== (b.sectionId ?? '');
    const crossChain = index.family.get(a.id) !== index.family.get(b.id);
    if (!crossSection && !crossChain) continue;
    const score = jaccard(index.tokens(a.id), index.tokens(b.id));
    if (score < similarityThreshold) continue;
    pairs.push({ a: a.id, b: b.id, score, terms: sharedTokens(index.tokens(a.id), index.tokens(b.id)) });
  }
  pairs.sort((x, y) => y.score - x.score || index.ordinal.get(x.a)! - index.ordinal.get(y.a)!);

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
    const terms = displayTerms(A.text, p.terms).slice(0, 4);
    const j = p.score.toFixed(2);
    out.push({
      id: `cross-reaction:${p.a}~${p.b}`,
      type: 'cross-reaction',
      severity: p.score >= Math.min(0.9, similarityThreshold * 2.5) ? 'warn' : 'info',
      title: local(
        `${nodeQuote(ctx, p.a, 36)} and ${nodeQuote(ctx, p.b, 36)} touch without a link`,
        `${nodeQuote(ctx, p.a, 36)}与${nodeQuote(ctx, p.b, 36)}相互呼应却未相连`,
      ),
      detail: local(
        `${sa.en} (${fa.en}) and ${sb.en} (${fb.en}) share ${list(terms, 'en')} (Jaccard ${j}), yet no relation path joins them.`,
        `${sa.zh}（${fa.zh}）与${sb.zh}（${fb.zh}）共有 ${list(terms, 'zh')}（Jaccard ${j}），图中却没有任何关系路径相连。`,
      ),
      references: { nodeIds: [p.a, p.b] },
    });
  }
  return out;
}
