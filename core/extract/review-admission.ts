// What the explanation-coverage review may add to a batch, and nothing else (review-pass.ts runs the call). The
// review adds; it never rewrites: a node of its answer that reuses an id of the graph is a rewrite and is dropped with
// every edge that names it, a node whose quote is not verbatim in its unit is dropped (the main answer keeps such a
// node as `unsupported`; the review adds only evidenced ones), and a node that repeats one already there is dropped.
// An edge must touch a node the review added, except in a diagram relation unit (【图示关系】 / [Diagram]) the answer
// left unlinked: there an edge between two existing nodes is admitted only when its one quote holds an explicit word
// of its relation, both endpoints and a compatible direction. A relation the 12 cannot name, in such a unit, is kept
// as an atomic fact node instead of forcing a wrong edge.
import { diagramRelationText } from '../images/transcript';
import { REVIEW_LIMITS } from '../limits';
import { RELATIONS, type KgNode, type Relation, type WireBatch } from '../schema';
import type { BatchUnits } from '../anchoring';
import { foldForSearch } from '../search';
import { foldForMatch } from './edge-grounding';
import { RELATION_WORDS } from './semantic';
import { gateBatch, type AcceptedBatch, type GateContext } from './gate';
import type { ReviewHint } from './review-hints';

export interface ReviewAdmission {
  /** The additions only, with batch-local ids that do not collide with the first answer's (join-batches.ts). */
  added: AcceptedBatch;
  dropped: { rewrites: number; unevidenced: number; repeated: number; edges: number; overLimit: number };
}

/**
 * Explicit diagram words per relation: `forward` names the relation from its source to its target ("A contains B"),
 * `backward` from the target ("B is part of A"). An arrow between the ends ("A → B") gives the direction itself.
 */
const DIAGRAM_WORDS: Partial<Record<Relation, { forward: RegExp; backward?: RegExp }>> = {
  contains: {
    forward: /包含|包括|含有|组成部分|\bcontains?\b|\bincludes?\b|\bconsists? of\b|\bcomprises?\b/iu,
    backward: /属于|是.{0,8}的一部分|\bis part of\b|\bbelongs? to\b|\b(?:is|are) contained in\b/iu,
  },
  causes: {
    forward: /导致|引起|造成|\bcauses?\b|\bleads? to\b|\bresults? in\b/iu,
    backward: /\bcaused by\b|由.{0,12}引起/iu,
  },
  is_a: { forward: /是一种|是一类|\bis an? (?:kind|type|form) of\b/iu },
  example: {
    forward: /是.{0,8}的例子|\bis an example of\b|示例/iu,
    backward: /例如|比如|\bsuch as\b|\bfor example\b/iu,
  },
  supports: { forward: /支持|证明|\bsupports?\b|\bproves?\b/iu },
  driven_by: { forward: /驱动|\bdriven by\b/iu },
  aims_at: { forward: /旨在|目的是|为了|\baims? at\b|\bin order to\b/iu },
  infers: { forward: /推出|推断|\bimplies\b/iu },
  defines: { forward: /定义|\bdefines?\b/iu },
  not_is: { forward: /不是|并非|\bis not\b|\bisn't\b/iu },
  counter_example: { forward: /反例|\bcounter-?example\b/iu },
  analogy: { forward: /类似|类比|\banalogous to\b|\bis like\b/iu },
};
const ARROW = /→|->|⟶|⇒/u;

/** Does one quote state `relation` from `from` to `to`, as a diagram unit states it? */
export function diagramEdgeStated(quote: string, relation: Relation, from: string, to: string): boolean {
  const words = DIAGRAM_WORDS[relation];
  if (!words) return false;
  // Folded as search folds, spaces kept: the words are matched as words.
  const fold = (t: string) => foldForSearch(t).replace(/\s+/gu, ' ').trim();
  const q = fold(quote);
  const a = q.indexOf(fold(from));
  const b = q.indexOf(fold(to));
  if (!from.trim() || !to.trim() || a < 0 || b < 0) return false;
  const arrow = ARROW.exec(q);
  const forward = words.forward.exec(q);
  const backward = words.backward?.exec(q);
  if (!forward && !backward) return false;
  if (arrow) return a < arrow.index && arrow.index < b;
  if (forward && a < forward.index && forward.index < b) return true;
  return Boolean(backward && b < backward.index && backward.index < a);
}

const KNOWN_RELATIONS: ReadonlySet<string> = new Set(RELATIONS);

/**
 * Before the wire schema: an edge of the review's answer whose relation is none of the 12 and whose unit is a diagram
 * relation unit becomes a fact node stating that relation in the unit's words (its quote); elsewhere it is left for
 * the schema to refuse.
 */
export function keepUnmappedDiagramRelations(value: unknown, batch: BatchUnits): unknown {
  if (!value || typeof value !== 'object' || !Array.isArray((value as { edges?: unknown }).edges)) return value;
  const answer = value as { nodes?: unknown[]; edges: unknown[] };
  const nodes = Array.isArray(answer.nodes) ? [...answer.nodes] : [];
  const edges: unknown[] = [];
  let n = 0;
  for (const edge of answer.edges) {
    const e = edge as { relation?: unknown; paragraph?: unknown; quote?: unknown };
    const unit = typeof e.paragraph === 'number' ? batch.byN.get(e.paragraph) : undefined;
    const quote = typeof e.quote === 'string' ? e.quote.trim() : '';
    if (typeof e.relation === 'string' && !KNOWN_RELATIONS.has(e.relation) && unit && quote) {
      if (diagramRelationText(unit.text) !== null) {
        nodes.push({ id: `unmapped-${++n}`, type: 'fact', text: quote, paragraph: unit.n, quote });
        continue;
      }
    }
    edges.push(edge);
  }
  return { ...answer, nodes, edges };
}

/** The review's answer, held to what it may add to `first` (the batch's accepted answer). */
export function admitReview(
  answer: WireBatch,
  first: AcceptedBatch,
  hints: readonly ReviewHint[],
  ctx: GateContext,
): ReviewAdmission {
  const dropped = { rewrites: 0, unevidenced: 0, repeated: 0, edges: 0, overLimit: 0 };
  const existing = new Map<string, Pick<KgNode, 'groundingStatus' | 'text' | 'quote' | 'evidence'>>(
    ctx.externalNodes ?? [],
  );
  for (const n of first.nodes) existing.set(n.id, n);
  const existingIds = new Set([...existing.keys(), ...(ctx.externalNodeIds ?? [])]);

  // A node that reuses an id of the graph is a rewrite: it goes, and so does every edge that names that id.
  const rewritten = new Set(answer.nodes.filter((n) => existingIds.has(n.id.trim())).map((n) => n.id.trim()));
  dropped.rewrites = rewritten.size;
  // An edge whose quote holds no word of its relation is never accepted (semantic.ts), here as in a first answer.
  const wire: WireBatch = {
    summary: '',
    nodes: answer.nodes.filter((n) => !rewritten.has(n.id.trim())),
    edges: answer.edges.filter(
      (e) => !rewritten.has(e.fromNodeId) && !rewritten.has(e.toNodeId) && RELATION_WORDS[e.relation].test(e.quote),
    ),
  };
  dropped.edges += answer.edges.length - wire.edges.length;
  const gated = gateBatch(wire, { ...ctx, externalNodeIds: existingIds, externalNodes: existing }).accepted;
  dropped.edges += gated.dropped.length;

  const seenText = new Set([...existing.values()].map((n) => foldForMatch(n.text)));
  const seenQuote = new Set(first.nodes.map((n) => `${n.paragraph}\u0000${foldForMatch(n.quote)}`));
  const kept = new Map<string, KgNode>();
  for (const node of gated.nodes) {
    if (node.groundingStatus !== 'grounded') {
      dropped.unevidenced++;
      continue;
    }
    const text = foldForMatch(node.text);
    const quote = `${node.paragraph}\u0000${foldForMatch(node.quote)}`;
    if (seenText.has(text) || seenQuote.has(quote)) {
      dropped.repeated++;
      continue;
    }
    if (kept.size >= REVIEW_LIMITS.nodes) {
      dropped.overLimit++;
      continue;
    }
    seenText.add(text);
    seenQuote.add(quote);
    kept.set(node.id, node);
  }

  const diagramHintUnits = new Set(hints.filter((h) => h.kind === 'diagram_relation').map((h) => h.unit));
  const firstEdges = new Set(first.edges.map((e) => `${e.fromNodeId}\u0000${e.toNodeId}\u0000${e.relation}`));
  const edges: AcceptedBatch['edges'] = [];
  for (const edge of gated.edges) {
    const ends = [edge.fromNodeId, edge.toNodeId];
    const known = ends.every((id) => kept.has(id) || existingIds.has(id));
    const touchesNew = ends.some((id) => kept.has(id));
    const evidence = edge.evidence[0];
    const allowed =
      known &&
      !firstEdges.has(`${edge.fromNodeId}\u0000${edge.toNodeId}\u0000${edge.relation}`) &&
      (touchesNew ||
        (evidence !== undefined &&
          diagramHintUnits.has(evidence.paragraph) &&
          diagramEdgeStated(
            evidence.quote,
            edge.relation,
            existing.get(edge.fromNodeId)?.text ?? '',
            existing.get(edge.toNodeId)?.text ?? '',
          )));
    if (!allowed) {
      dropped.edges++;
      continue;
    }
    if (edges.length >= REVIEW_LIMITS.edges) {
      dropped.overLimit++;
      continue;
    }
    edges.push(edge);
  }

  return {
    added: {
      batchIndex: first.batchIndex,
      summary: '',
      nodes: [...kept.values()],
      edges,
      // Edge repairs name an edge by its index in the answer, which the filtering above no longer keeps.
      repairs: gated.repairs.filter((r) => r.target === 'node' && kept.has(r.ref)),
      dropped: [],
      unresolved: [],
    },
    dropped,
  };
}
