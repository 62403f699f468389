// The score of an insight's attribution profile and the words for it (docs/insights.md#attribution), apart from the
// attribution's evidence search so that the browser's insights panel can show the numbers without loading
// core/schema (and zod) in the workbench's first load: type-only imports here.
import { clamp01 } from './text';
import type { ConfidenceProfile, Lang } from './types';

/** The confidence a node without one counts with. */
export const UNKNOWN_CONFIDENCE = 0.5;

type ProfileParts = Pick<ConfidenceProfile, 'nodeEvidence' | 'edgeEvidence' | 'contradictingEvidence'>;

/** Step 4: base = Σ(weight × confidence) / Σ weight; + min(edges × 0.1, 0.3); − Σ strength × 0.2; clamped to 0..1. */
export function scoreParts(p: ProfileParts): { base: number; edgeBoost: number; penalty: number; score: number } {
  let weighted = 0;
  let weights = 0;
  for (const n of p.nodeEvidence) {
    weighted += n.weight * (n.confidence ?? UNKNOWN_CONFIDENCE);
    weights += n.weight;
  }
  const base = weights > 0 ? weighted / weights : 0;
  const edgeBoost = Math.min(p.edgeEvidence.length * 0.1, 0.3);
  const penalty = p.contradictingEvidence.reduce((s, c) => s + c.strength, 0) * 0.2;
  const score = Math.round(clamp01(base + edgeBoost - penalty) * 1000) / 1000;
  return { base, edgeBoost, penalty, score };
}

/**
 * The profile in a sentence for readers: what the insight rests on and whether anything points the other way
 * ("Based on 2 statements of the text and 1 relation between them; nothing in the text points the other way.").
 * No formula: the numbers behind the score are scoreBreakdownOf's, shown apart (the insight card's details).
 */
export function rationaleOf(p: ProfileParts, lang: Lang): string {
  const n = p.nodeEvidence.length;
  const e = p.edgeEvidence.length;
  const c = p.contradictingEvidence.length;
  if (lang === 'zh') {
    const base = n ? `依据原文中的 ${n} 条陈述${e ? `及连接它们的 ${e} 条关系` : ''}` : '原文中没有可依据的陈述';
    return `${base}；${c ? `另有 ${c} 条陈述与之相反` : '原文中没有与之相反的陈述'}。`;
  }
  const many = (k: number, one: string, more: string) => `${k} ${k === 1 ? one : more}`;
  const base = n
    ? `Based on ${many(n, 'statement', 'statements')} of the text${e ? ` and ${many(e, 'relation', 'relations')} between them` : ''}`
    : 'No statement of the text supports it';
  return `${base}; ${c ? `${many(c, 'statement points', 'statements point')} the other way` : 'nothing in the text points the other way'}.`;
}

/** The four steps with their numbers ("node evidence 2 (base 0.78); edge evidence 2 (+0.20); contradictions 0; score 0.98"). */
export function scoreBreakdownOf(p: ProfileParts, lang: Lang): string {
  const { base, edgeBoost, penalty, score } = scoreParts(p);
  const n = p.nodeEvidence.length;
  const e = p.edgeEvidence.length;
  const c = p.contradictingEvidence.length;
  const f = (x: number) => x.toFixed(2);
  if (lang === 'zh') {
    return `节点证据 ${n} 条（基础分 ${f(base)}）；边证据 ${e} 条（+${f(edgeBoost)}）；反证 ${c} 条${c ? `（−${f(penalty)}）` : ''}；综合可信度 ${f(score)}`;
  }
  return `node evidence ${n} (base ${f(base)}); edge evidence ${e} (+${f(edgeBoost)}); contradictions ${c}${c ? ` (−${f(penalty)})` : ''}; score ${f(score)}`;
}
