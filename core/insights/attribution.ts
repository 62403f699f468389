// Attribution: every insight's credibility record, in four fixed steps (node evidence → edge evidence →
// contradictions → score). The method never varies with the insight; only the evidence does. Pure: reads the
// insight, the graph index and the history index, never changes them.
import { DIVERGING_RELATIONS, PARENT_CHILD_RELATIONS, isChainFamily } from './chains';
import { resolutionOf } from './divergence';
import { edgesOf, nodeConfidence, type GraphIndex } from './graph-index';
import type { HistoryIndex } from './history';
import { rationaleOf, scoreParts } from './score';
import type {
  ConfidenceProfile,
  ContradictingEvidence,
  EdgeEvidence,
  InsightReferences,
  Lang,
  NodeEvidence,
} from './types';
import { GROUNDING_STATUSES, NODE_TYPES, type KgNode } from '../schema';

export const WEIGHTS = { primary: 1, supporting: 0.6, contradicting: 0.4 } as const;
/** In the base, a node of unknown confidence counts as even odds; the confidence-decay contradiction carries the doubt. */
const MAX_CONTRADICTING_NODES = 4;
const MAX_EDGE_EVIDENCE = 24;
/** Contradiction strengths. */
const STRENGTH = {
  zeroConfidence: 0.7,
  unknownConfidence: 0.3,
  removed: 0.6,
  mergedAway: 0.3,
  openDivergence: 0.5,
  noSupport: 1,
} as const;

export interface AttributionContext {
  index: GraphIndex;
  past: HistoryIndex;
  /** Nodes taken for a scope (one primary, the rest supporting). */
  scopeEvidenceLimit: number;
}

export interface Attributable {
  id: string;
  references: InsightReferences;
}

export function attributeInsight(insight: Attributable, ctx: AttributionContext, lang: Lang = 'en'): ConfidenceProfile {
  const { evidence: nodeEvidence, gone } = collectNodeEvidence(insight.references, ctx);
  const edgeEvidence = collectEdgeEvidence(nodeEvidence, gone, ctx);
  const contradictingEvidence = findContradictions(insight.id, nodeEvidence, edgeEvidence, gone, ctx);
  const partial = { nodeEvidence, edgeEvidence, contradictingEvidence };
  const { score } = scoreParts(partial);
  return { ...partial, attributionScore: score, rationale: rationaleOf(partial, lang) };
}

/** Referenced nodes no longer in the graph: merged into another node, or removed. */
interface Gone {
  id: string;
  into?: string;
}

/** Step 1: exact node ids first, else the newest active nodes of the scope; newest first; counter-nodes last. */
export function collectNodeEvidence(
  refs: InsightReferences,
  ctx: AttributionContext,
): { evidence: NodeEvidence[]; gone: Gone[] } {
  const { index, past } = ctx;
  const gone: Gone[] = [];
  let ids: string[];
  if (refs.nodeIds?.length) {
    const active = new Set<string>();
    for (const id of refs.nodeIds) {
      if (index.nodeById.has(id)) active.add(id);
      else if (past.mergedInto.has(id)) {
        const into = past.mergedInto.get(id)!.into;
        gone.push({ id, into });
        if (index.nodeById.has(into)) active.add(into);
      } else if (past.removed.has(id)) gone.push({ id });
      // An id the graph and the history never knew is simply no evidence.
    }
    ids = newestFirst([...active], ctx);
  } else if (refs.scopeKey) {
    const match = scopeMatcher(refs.scopeKey, index.family);
    ids = newestFirst(
      index.graph.nodes.filter(match).map((n) => n.id),
      ctx,
    ).slice(0, ctx.scopeEvidenceLimit);
  } else ids = [];

  const evidence: NodeEvidence[] = ids.map((nodeId, i) =>
    withConfidence(nodeId, i === 0 ? 'primary' : 'supporting', ctx),
  );
  const taken = new Set(ids);
  for (const id of ids) {
    for (const e of edgesOf(index, id)) {
      if (!DIVERGING_RELATIONS.has(e.relation)) continue;
      const other = e.fromNodeId === id ? e.toNodeId : e.fromNodeId;
      if (taken.has(other) || evidence.length - ids.length >= MAX_CONTRADICTING_NODES) continue;
      taken.add(other);
      evidence.push(withConfidence(other, 'contradicting', ctx));
    }
  }
  return { evidence, gone };
}

function withConfidence(nodeId: string, role: NodeEvidence['role'], ctx: AttributionContext): NodeEvidence {
  const confidence = nodeConfidence(ctx.index.nodeById.get(nodeId)!);
  return { nodeId, role, weight: WEIGHTS[role], ...(confidence === undefined ? {} : { confidence }) };
}

function newestFirst(ids: string[], ctx: AttributionContext): string[] {
  const born = (id: string) => ctx.past.bornRound.get(id) ?? 0;
  return ids.sort((a, b) => born(b) - born(a) || ctx.index.ordinal.get(b)! - ctx.index.ordinal.get(a)!);
}

/** `chain:causal&section:s2&type:claim&grounding:grounded`; an unknown key or value matches nothing. */
export function scopeMatcher(scopeKey: string, families: ReadonlyMap<string, string>): (node: KgNode) => boolean {
  const parts = scopeKey.split('&').map((p) => {
    const at = p.indexOf(':');
    return { key: p.slice(0, at), value: p.slice(at + 1) };
  });
  const valid = parts.every(
    ({ key, value }) =>
      (key === 'chain' && isChainFamily(value)) ||
      (key === 'section' && value.length > 0) ||
      (key === 'type' && (NODE_TYPES as readonly string[]).includes(value)) ||
      (key === 'grounding' && (GROUNDING_STATUSES as readonly string[]).includes(value)),
  );
  if (!valid || !parts.length) return () => false;
  return (node) => parts.every(({ key, value }) => matches(node, key, value));
  function matches(node: KgNode, key: string, value: string): boolean {
    if (key === 'section') return node.sectionId === value;
    if (key === 'type') return node.type === value;
    if (key === 'grounding') return node.groundingStatus === value;
    return families.get(node.id) === value;
  }
}

/** Step 2: the six kinds of structural evidence around the (non-contradicting) evidence nodes. */
export function collectEdgeEvidence(
  nodes: readonly NodeEvidence[],
  gone: readonly Gone[],
  ctx: AttributionContext,
): EdgeEvidence[] {
  const { index, past } = ctx;
  const out: EdgeEvidence[] = [];
  const seen = new Set<string>();
  const add = (e: EdgeEvidence) => {
    const key = `${e.kind}|${e.fromNodeId}|${e.toNodeId}|${e.edgeId ?? ''}`;
    if (seen.has(key) || out.length >= MAX_EDGE_EVIDENCE) return;
    seen.add(key);
    out.push(e);
  };
  for (const g of gone) {
    add({ kind: 'supersede', fromNodeId: g.id, toNodeId: g.into ?? null, strength: 1 });
    if (g.into) add({ kind: 'converged-into', fromNodeId: g.id, toNodeId: g.into, strength: 1 });
  }
  for (const ev of nodes) {
    if (ev.role === 'contradicting') continue;
    const id = ev.nodeId;
    for (const merged of past.absorbed.get(id) ?? [])
      add({ kind: 'converged-into', fromNodeId: merged, toNodeId: id, strength: 1 });
    if (past.revised.has(id)) add({ kind: 'revision', fromNodeId: id, toNodeId: id, strength: 0.8 });
    for (const e of edgesOf(index, id)) {
      const base = { fromNodeId: e.fromNodeId, toNodeId: e.toNodeId, edgeId: e.id };
      if (PARENT_CHILD_RELATIONS.has(e.relation)) add({ kind: 'parent-child', ...base, strength: 1 });
      if (DIVERGING_RELATIONS.has(e.relation)) add({ kind: 'diverged-from', ...base, strength: 1 });
      const a = index.nodeById.get(e.fromNodeId);
      const b = index.nodeById.get(e.toNodeId);
      const crossSection = (a?.sectionId ?? '') !== (b?.sectionId ?? '');
      const crossChain = index.family.get(e.fromNodeId) !== index.family.get(e.toNodeId);
      if (crossSection || crossChain)
        add({ kind: 'cross-chain-link', ...base, strength: crossSection && crossChain ? 1 : 0.7 });
    }
  }
  return out;
}

/** Step 3: superseded references, open divergences, decayed or unknown confidence, or nothing at all. */
export function findContradictions(
  insightId: string,
  nodes: readonly NodeEvidence[],
  edges: readonly EdgeEvidence[],
  gone: readonly Gone[],
  ctx: AttributionContext,
): ContradictingEvidence[] {
  const out: ContradictingEvidence[] = [];
  for (const g of gone) {
    out.push({
      kind: 'superseded',
      refId: g.id,
      strength: g.into ? STRENGTH.mergedAway : STRENGTH.removed,
      note: g.into ? `merged into ${g.into}` : 'removed',
    });
  }
  const converged = new Set(
    edges.filter((e) => e.kind === 'converged-into').flatMap((e) => [e.fromNodeId, e.toNodeId ?? '']),
  );
  for (const e of edges) {
    if (e.kind !== 'diverged-from' || !e.toNodeId) continue;
    if (converged.has(e.fromNodeId) || converged.has(e.toNodeId)) continue;
    if (resolutionOf(ctx.index, ctx.past, e.fromNodeId, e.toNodeId)) continue;
    out.push({
      kind: 'reverse-divergence',
      refId: e.edgeId ?? `${e.fromNodeId}~${e.toNodeId}`,
      strength: STRENGTH.openDivergence,
    });
  }
  // Decay concerns the insight's own basis, not the counter-nodes set against it.
  for (const n of nodes) {
    if (n.role === 'contradicting') continue;
    if (n.confidence === 0)
      out.push({ kind: 'confidence-decay', refId: n.nodeId, strength: STRENGTH.zeroConfidence, note: 'confidence 0' });
    else if (n.confidence === undefined)
      out.push({
        kind: 'confidence-decay',
        refId: n.nodeId,
        strength: STRENGTH.unknownConfidence,
        note: 'confidence unknown',
      });
  }
  if (!nodes.length && !edges.length) out.push({ kind: 'no-support', refId: insightId, strength: STRENGTH.noSupport });
  return out;
}
