// builtin:extractive — the offline answerer, the default when no model is configured. It is not a model. A "why"
// or "what is" question it first answers along the concept layer and the reason relations (layer.ts); otherwise it picks
// the catalogue evidence that best covers the question's content words, alone or along a relation path (an edge
// carries both of its endpoints' texts; two edges sharing a node make a two-hop path), and proposes each picked
// item's best sentence, hedged ("资料表述：…" / "The source states: …"), as one part. The draft then goes through
// the same admission and rendering as a model's. Below the coverage bar it answers `insufficient` rather than cite
// evidence that does not answer the question.
import { supportText } from './gates';
import { layerDraft } from './layer';
import { bestClause, EXTRACTIVE, hedged, intersect, relevanceTokens } from './relevance';
import type { AnswerDraft, EvidenceItem, ExtractiveInput } from './types';

export const BUILTIN_EXTRACTIVE_ID = 'builtin:extractive';

interface Scored {
  items: EvidenceItem[];
  covered: Set<string>;
}

export function extractiveDraft(input: ExtractiveInput): AnswerDraft {
  const layered = layerDraft(input);
  if (layered) return layered;
  const q = relevanceTokens(input.question, true);
  if (q.size === 0 || input.catalogue.length === 0) return { status: 'insufficient', parts: [] };
  const tokensOf = new Map(input.catalogue.map((ev) => [ev.id, intersect(relevanceTokens(supportText(ev)), q)]));
  const candidates: Scored[] = input.catalogue.map((ev) => ({ items: [ev], covered: tokensOf.get(ev.id)! }));
  // Two-hop relation paths: two edges that share a node, read together.
  const edges = input.catalogue.filter((ev) => ev.targetKind === 'edge');
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const a = edges[i];
      const b = edges[j];
      if (a.targetId === b.targetId || !a.nodeIds.some((id) => b.nodeIds.includes(id))) continue;
      candidates.push({ items: [a, b], covered: new Set([...tokensOf.get(a.id)!, ...tokensOf.get(b.id)!]) });
    }
  }
  const needed = Math.min(EXTRACTIVE.minOverlap, q.size);
  const answering = candidates
    .filter((c) => c.covered.size >= needed && c.covered.size / q.size >= EXTRACTIVE.minCoverage)
    .sort(
      (a, b) =>
        b.covered.size - a.covered.size ||
        a.items.length - b.items.length ||
        authority(b) - authority(a) ||
        order(a) - order(b),
    );
  if (answering.length === 0) return { status: 'insufficient', parts: [] };

  // The best candidate, then others only while they cover question tokens the answer does not cover yet.
  const chosen: EvidenceItem[] = [];
  const covered = new Set<string>();
  for (const c of answering) {
    if (chosen.length > 0 && ![...c.covered].some((t) => !covered.has(t))) continue;
    for (const ev of c.items) if (!chosen.includes(ev)) chosen.push(ev);
    c.covered.forEach((t) => covered.add(t));
    if (chosen.length >= EXTRACTIVE.maxParts) break;
  }
  const parts = chosen
    .slice(0, EXTRACTIVE.maxParts)
    .map((ev) => ({ text: hedged(bestClause(ev.quote, q), input.lang), evidenceIds: [ev.id] }));
  const best = answering[0].covered.size / q.size;
  return { status: 'answered', parts, confidence: Math.round((0.3 + 0.5 * best) * 100) / 100 };
}

const authority = (c: Scored) =>
  Math.min(
    ...c.items.map((ev) => (ev.entailmentStatus === 'verified' ? 2 : ev.groundingStatus === 'grounded' ? 1 : 0)),
  );
const order = (c: Scored) => Number(c.items[0].id.slice(2));
