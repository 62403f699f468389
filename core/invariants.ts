// The whole-graph invariant gate. A commit is written only when it reports zero errors; the same function serves
// later checks (quick verification). Errors are facts about integrity; warnings are facts a reader should see.
import { findQuote } from './anchoring';
import {
  NODE_TYPES,
  RELATIONS,
  type ContentUnit,
  type Evidence,
  type KgGraph,
  type KgNode,
  type Mention,
} from './schema';

export type InvariantCode =
  | 'duplicate_node_id'
  | 'duplicate_edge_id'
  | 'dangling_edge'
  | 'self_loop'
  | 'unknown_type'
  | 'unknown_relation'
  | 'evidence_out_of_range'
  | 'evidence_wrong_document'
  | 'quote_not_in_unit'
  | 'grounded_without_evidence'
  | 'edge_without_evidence'
  | 'paragraph_out_of_range'
  | 'duplicate_mention_id'
  | 'dangling_mention'
  // warnings
  | 'anchor_unresolved'
  | 'unsupported_node'
  | 'isolated_node';

export interface InvariantIssue {
  code: InvariantCode;
  severity: 'error' | 'warning';
  message: string;
  nodeId?: string;
  edgeId?: string;
  /** The unit an evidence or anchor fault cites, so a reader's message can name it. */
  paragraph?: number;
}

export interface InvariantReport {
  errors: InvariantIssue[];
  warnings: InvariantIssue[];
  grounding: { grounded: number; candidate: number; unsupported: number; unresolved: number };
}

export interface InvariantContext {
  documentId: string;
  /** All units of the document, numbered 1..units.length (unit n at index n - 1). */
  units: readonly ContentUnit[];
  /** Stop collecting after this many errors (the first ones are what matter). */
  maxIssues?: number;
}

const TYPES = new Set<string>(NODE_TYPES);
const RELS = new Set<string>(RELATIONS);

export function checkGraph(graph: KgGraph, ctx: InvariantContext): InvariantReport {
  const max = ctx.maxIssues ?? 200;
  const errors: InvariantIssue[] = [];
  const warnings: InvariantIssue[] = [];
  const err = (issue: Omit<InvariantIssue, 'severity'>) => {
    if (errors.length < max) errors.push({ ...issue, severity: 'error' });
  };
  const warn = (issue: Omit<InvariantIssue, 'severity'>) => {
    if (warnings.length < max) warnings.push({ ...issue, severity: 'warning' });
  };
  const unitAt = (n: number) => (Number.isInteger(n) && n >= 1 && n <= ctx.units.length ? ctx.units[n - 1] : undefined);
  const checkEvidence = (ev: Evidence, owner: { nodeId?: string; edgeId?: string }) => {
    const unit = unitAt(ev.paragraph);
    if (ev.documentId !== ctx.documentId)
      err({ code: 'evidence_wrong_document', message: 'Evidence cites another document.', ...owner });
    if (!unit)
      return err({
        code: 'evidence_out_of_range',
        message: `Evidence cites unit ${ev.paragraph}, which does not exist.`,
        paragraph: ev.paragraph,
        ...owner,
      });
    // Evidence must be the unit's own characters: exact, not merely whitespace-equivalent.
    const m = findQuote(unit.text, ev.quote);
    if (!m?.exact)
      err({
        code: 'quote_not_in_unit',
        message: `Quote is not verbatim in unit ${ev.paragraph}.`,
        paragraph: ev.paragraph,
        ...owner,
      });
  };

  const grounding = { grounded: 0, candidate: 0, unsupported: 0, unresolved: 0 };
  const ids = new Set<string>();
  for (const node of graph.nodes) {
    if (ids.has(node.id))
      err({ code: 'duplicate_node_id', message: `Node id ${node.id} appears twice.`, nodeId: node.id });
    ids.add(node.id);
    if (!TYPES.has(node.type))
      err({ code: 'unknown_type', message: `Unknown node type "${node.type}".`, nodeId: node.id });
    grounding[node.groundingStatus] = (grounding[node.groundingStatus] ?? 0) + 1;
    if (node.paragraph === null) {
      grounding.unresolved++;
      warn({ code: 'anchor_unresolved', message: `Node ${node.id} has no resolvable anchor.`, nodeId: node.id });
    } else if (!unitAt(node.paragraph)) {
      err({
        code: 'paragraph_out_of_range',
        message: `Node ${node.id} cites unit ${node.paragraph}, which does not exist.`,
        nodeId: node.id,
        paragraph: node.paragraph,
      });
    }
    if (node.groundingStatus === 'grounded' && node.evidence.length === 0) {
      err({
        code: 'grounded_without_evidence',
        message: `Node ${node.id} is marked grounded but has no evidence.`,
        nodeId: node.id,
      });
    }
    if (node.groundingStatus === 'unsupported')
      warn({
        code: 'unsupported_node',
        message: `Node ${node.id}'s quote could not be authenticated.`,
        nodeId: node.id,
      });
    for (const ev of node.evidence) checkEvidence(ev, { nodeId: node.id });
  }

  const edgeIds = new Set<string>();
  const degree = new Map<string, number>();
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id))
      err({ code: 'duplicate_edge_id', message: `Edge id ${edge.id} appears twice.`, edgeId: edge.id });
    edgeIds.add(edge.id);
    if (!RELS.has(edge.relation))
      err({ code: 'unknown_relation', message: `Unknown relation "${edge.relation}".`, edgeId: edge.id });
    if (!ids.has(edge.fromNodeId) || !ids.has(edge.toNodeId)) {
      err({ code: 'dangling_edge', message: `Edge ${edge.id} points at a missing node.`, edgeId: edge.id });
    }
    if (edge.fromNodeId === edge.toNodeId)
      err({ code: 'self_loop', message: `Edge ${edge.id} is a self loop.`, edgeId: edge.id });
    if (edge.evidence.length === 0)
      err({ code: 'edge_without_evidence', message: `Edge ${edge.id} has no evidence.`, edgeId: edge.id });
    for (const ev of edge.evidence) checkEvidence(ev, { edgeId: edge.id });
    degree.set(edge.fromNodeId, (degree.get(edge.fromNodeId) ?? 0) + 1);
    degree.set(edge.toNodeId, (degree.get(edge.toNodeId) ?? 0) + 1);
  }

  // The concept layer: mentions are not relations (no degree, no relation rule), but each must hold on to both of
  // its nodes and to the statement's own words, and its evidence is verbatim like any other.
  const nodeById = new Map(graph.nodes.map((n) => [n.id, n]));
  const mentionIds = new Set<string>();
  for (const mention of graph.mentions ?? []) {
    if (mentionIds.has(mention.id))
      err({ code: 'duplicate_mention_id', message: `Mention id ${mention.id} appears twice.`, nodeId: mention.nodeId });
    mentionIds.add(mention.id);
    const fault = mentionFault(mention, nodeById);
    if (fault) err({ code: 'dangling_mention', message: `Mention ${mention.id} ${fault}.`, nodeId: mention.nodeId });
    for (const ev of mention.evidence) checkEvidence(ev, { nodeId: mention.nodeId });
  }
  if (graph.edges.length > 0) {
    for (const node of graph.nodes) {
      if (!degree.has(node.id))
        warn({ code: 'isolated_node', message: `Node ${node.id} has no relations.`, nodeId: node.id });
    }
  }
  return { errors, warnings, grounding };
}

/**
 * What is wrong with a mention in this graph, or null: its statement or anchor is missing, it names itself, its
 * term is not verbatim in the statement's quote, or it has no evidence (stored mentions keep one item). The one rule for the gate (dangling_mention) and for an edit that
 * drops the mentions a changed or deleted node left behind before the layer is recomputed.
 */
export function mentionFault(mention: Mention, nodeById: ReadonlyMap<string, KgNode>): string | null {
  const statement = nodeById.get(mention.nodeId);
  if (!statement) return `names missing statement ${mention.nodeId}`;
  if (!nodeById.has(mention.conceptId)) return `points at missing anchor ${mention.conceptId}`;
  if (mention.conceptId === mention.nodeId) return 'links a node to itself';
  if (!statement.quote.includes(mention.term)) return `term "${mention.term}" is not verbatim in the statement's quote`;
  if (mention.evidence.length === 0) return 'has no evidence';
  return null;
}

/** The mentions of `graph` that hold (mentionFault is null): what an edit keeps before the layer is recomputed. */
export function holdingMentions(graph: KgGraph): Mention[] {
  const nodeById = new Map(graph.nodes.map((n) => [n.id, n]));
  return (graph.mentions ?? []).filter((m) => mentionFault(m, nodeById) === null);
}
