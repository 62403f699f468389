// The per-batch half of generate → verify → repair → accept. It authenticates every quote against the cited unit,
// repairs what is safe to repair (whitespace, a neighbouring unit of the same batch), keeps a node whose quote
// cannot be authenticated as `unsupported` (never grounded), drops edges it cannot ground, and reports the
// structural problems a model should be asked to fix. An edge must also pass the faithfulness rule
// (edge-grounding.ts): both endpoints grounded, and a quote that speaks of both.
import { anchorQuote, type BatchUnits } from '../anchoring';
import { edgeGroundingProblem, type EdgeEndpoint } from './edge-grounding';
import type { Evidence, KgNode, Relation, WireBatch } from '../schema';
import type { GateFeedback } from './extractor';
import type { CoverageNote } from './coverage';
import type { ReviewNote } from './review-hints';

export interface GateContext {
  documentId: string;
  sourceId: string;
  batchIndex: number;
  chunkId: string;
  batch: BatchUnits;
  /** Ids an edge may point at without the batch defining them (nodes already in the graph, for append). */
  externalNodeIds?: ReadonlySet<string>;
  /** Those nodes themselves, for the edge grounding rule (an id known without its node is not checked). */
  externalNodes?: ReadonlyMap<string, EdgeEndpoint>;
}

export interface Repair {
  kind: 'quote_whitespace' | 'quote_neighbour_unit';
  target: 'node' | 'edge';
  /** Node id (batch-local) or edge index in the batch output. */
  ref: string;
  fromParagraph: number;
  toParagraph: number;
}

export interface DroppedEdge {
  fromNodeId: string;
  toNodeId: string;
  relation: Relation;
  reason:
    | 'edge_ungrounded'
    | 'dangling_edge'
    | 'self_loop'
    | 'edge_without_relation_words'
    | 'endpoint_ungrounded'
    | 'quote_off_endpoint';
}

/** An edge as accepted from a batch: endpoints still use batch-local (or external) ids. */
export interface BatchEdge {
  fromNodeId: string;
  toNodeId: string;
  relation: Relation;
  evidence: Evidence[];
}

export interface AcceptedBatch {
  batchIndex: number;
  summary: string;
  nodes: KgNode[];
  edges: BatchEdge[];
  repairs: Repair[];
  dropped: DroppedEdge[];
  /** Nodes whose anchor could not be resolved (paragraph null): shown in a diagnostics list, never placed. */
  unresolved: string[];
  /** Set when the model's answer left most units without a node (coverage.ts) and they were retried once. */
  coverage?: CoverageNote;
  /** Set when the batch had its explanation-coverage review (review-pass.ts). */
  review?: ReviewNote;
}

export interface GateResult {
  accepted: AcceptedBatch;
  /** Problems worth a targeted retry. */
  feedback: GateFeedback[];
  /** Problems that cannot be dropped safely: if they survive the retries, the task fails. */
  fatal: GateFeedback[];
}

export function gateBatch(wire: WireBatch, ctx: GateContext): GateResult {
  const feedback: GateFeedback[] = [];
  const fatal: GateFeedback[] = [];
  const repairs: Repair[] = [];
  const unresolved: string[] = [];
  const nodes: KgNode[] = [];
  const seen = new Set<string>();

  for (const raw of wire.nodes) {
    const id = raw.id.trim();
    if (seen.has(id)) {
      const issue = {
        code: 'duplicate_node_id',
        blocking: true,
        message: `Node id ${id} is used twice; give every node its own id.`,
        nodeId: id,
      };
      feedback.push(issue);
      fatal.push(issue);
      continue;
    }
    seen.add(id);
    nodes.push(acceptNode(raw, id, ctx, repairs, unresolved, feedback));
  }

  const byId = new Map(nodes.map((n) => [n.id, n]));
  const edges: BatchEdge[] = [];
  const dropped: DroppedEdge[] = [];
  const edgeKeys = new Map<string, BatchEdge>();
  wire.edges.forEach((raw, index) => {
    const drop = (reason: DroppedEdge['reason'], message: string) => {
      dropped.push({ fromNodeId: raw.fromNodeId, toNodeId: raw.toNodeId, relation: raw.relation, reason });
      // A dangling or looping edge is a structural mistake worth a retry; an ungrounded one is simply dropped.
      const blocking = reason === 'dangling_edge' || reason === 'self_loop';
      feedback.push({ code: reason, blocking, message, edgeIndex: index });
    };
    const known = (nodeId: string) => seen.has(nodeId) || (ctx.externalNodeIds?.has(nodeId) ?? false);
    if (!known(raw.fromNodeId) || !known(raw.toNodeId)) {
      drop('dangling_edge', `Edge ${index} points at a node id that does not exist.`);
      return;
    }
    if (raw.fromNodeId === raw.toNodeId) {
      drop('self_loop', `Edge ${index} connects a node to itself.`);
      return;
    }
    const anchor = anchorQuote(raw.quote, raw.paragraph, ctx.batch);
    if (!anchor) {
      drop('edge_ungrounded', `Edge ${index}: its quote is not verbatim in unit [${raw.paragraph}].`);
      return;
    }
    const endpoint = (nodeId: string) => byId.get(nodeId) ?? ctx.externalNodes?.get(nodeId);
    const from = endpoint(raw.fromNodeId);
    const to = endpoint(raw.toNodeId);
    const problem = from && to ? edgeGroundingProblem(anchor.quote, anchor.paragraph, from, to, ctx.batch.byN) : null;
    if (problem === 'endpoint_ungrounded') {
      drop(
        problem,
        `Edge ${index}: an endpoint's quote is not verbatim in the source, so the edge cannot be grounded.`,
      );
      return;
    }
    if (problem === 'quote_off_endpoint') {
      drop(problem, `Edge ${index}: its quote does not speak of both endpoints; quote the words that mention both.`);
      return;
    }
    noteRepair(anchor, raw.paragraph, 'edge', String(index), repairs);
    const evidence = makeEvidence(ctx, anchor.paragraph, anchor.quote);
    const key = `${raw.fromNodeId}\u0000${raw.toNodeId}\u0000${raw.relation}`;
    const existing = edgeKeys.get(key);
    if (existing) {
      addEvidence(existing.evidence, evidence);
      return;
    }
    const edge: BatchEdge = {
      fromNodeId: raw.fromNodeId,
      toNodeId: raw.toNodeId,
      relation: raw.relation,
      evidence: [evidence],
    };
    edgeKeys.set(key, edge);
    edges.push(edge);
  });

  return {
    accepted: { batchIndex: ctx.batchIndex, summary: wire.summary ?? '', nodes, edges, repairs, dropped, unresolved },
    feedback,
    fatal,
  };
}

function acceptNode(
  raw: WireBatch['nodes'][number],
  id: string,
  ctx: GateContext,
  repairs: Repair[],
  unresolved: string[],
  feedback: GateFeedback[],
): KgNode {
  const citedUnit = ctx.batch.byN.get(raw.paragraph);
  const quote = raw.quote.trim();
  if (!quote) {
    // An anchor without a quote is a candidate: it can be located, but nothing authenticates it.
    if (citedUnit) return gatedNode(raw, id, raw.paragraph, '', [], 'candidate', citedUnit.sectionId);
    unresolved.push(id);
    return gatedNode(raw, id, null, '', [], 'unsupported');
  }
  const anchor = anchorQuote(quote, raw.paragraph, ctx.batch);
  if (anchor) {
    noteRepair(anchor, raw.paragraph, 'node', id, repairs);
    const unit = ctx.batch.byN.get(anchor.paragraph)!;
    const evidence = [makeEvidence(ctx, anchor.paragraph, anchor.quote)];
    return gatedNode(raw, id, anchor.paragraph, anchor.quote, evidence, 'grounded', unit.sectionId);
  }
  feedback.push({
    code: 'quote_not_found',
    blocking: false,
    message: `Node ${id}: its quote is not verbatim in unit [${raw.paragraph}].`,
    nodeId: id,
  });
  if (citedUnit) return gatedNode(raw, id, raw.paragraph, quote, [], 'unsupported', citedUnit.sectionId);
  unresolved.push(id);
  return gatedNode(raw, id, null, quote, [], 'unsupported');
}

/**
 * The accepted node, built as one object literal of a fixed shape: spreading a base object into each outcome cost
 * more CPU than the whole quote check (a book's pipeline gates ~17,000 nodes).
 */
function gatedNode(
  raw: WireBatch['nodes'][number],
  id: string,
  paragraph: number | null,
  quote: string,
  evidence: Evidence[],
  groundingStatus: KgNode['groundingStatus'],
  sectionId?: string,
): KgNode {
  const node: KgNode = {
    id,
    type: raw.type,
    text: raw.text.trim(),
    entailmentStatus: 'unverified',
    paragraph,
    quote,
    evidence,
    groundingStatus,
  };
  if (raw.confidence !== undefined) node.confidence = raw.confidence;
  if (sectionId !== undefined) node.sectionId = sectionId;
  return node;
}

function noteRepair(
  anchor: { how: string; paragraph: number },
  cited: number,
  target: Repair['target'],
  ref: string,
  repairs: Repair[],
): void {
  if (anchor.how === 'exact') return;
  repairs.push({
    kind: anchor.how === 'neighbour' ? 'quote_neighbour_unit' : 'quote_whitespace',
    target,
    ref,
    fromParagraph: cited,
    toParagraph: anchor.paragraph,
  });
}

export function makeEvidence(
  ctx: Pick<GateContext, 'documentId' | 'sourceId' | 'chunkId'>,
  paragraph: number,
  quote: string,
): Evidence {
  return { documentId: ctx.documentId, sourceId: ctx.sourceId, chunkId: ctx.chunkId, paragraph, quote };
}

/** Adds evidence unless the same unit and quote are already cited. */
export function addEvidence(list: Evidence[], item: Evidence): void {
  if (!list.some((e) => e.paragraph === item.paragraph && e.quote === item.quote && e.sourceId === item.sourceId))
    list.push(item);
}
