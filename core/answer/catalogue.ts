// The evidence catalogue (docs/contracts/answers.md#evidence-catalogue): the only things an answer may cite, numbered ev1…evN
// (at most 24). Direct-match nodes first (≤ 2 items each, while fewer than 12); with a why / what question, the
// reason and definition nodes its concept-layer answer cites (layer.ts) and their edges (while fewer than 16); then
// edges touching a direct match (≤ 2 each, while fewer than 18), then source units the fallback found (while fewer
// than 22). Every item needs a unit number and a non-empty quote, and the quote must be verbatim in that canonical
// unit: an item whose unit is missing or does not contain its quote is left out, so nothing unauthenticated can be
// cited. Mentions are never items: a node's `names` (the anchors it mentions) only rides along on its own item.
import type { GraphQueryResult, QueryEdge, QueryNode } from '../query/types';
import { layerTargets } from './layer';
import type { EvidenceItem, FallbackUnit } from './types';

export const CATALOGUE_LIMITS = {
  items: 24,
  nodeStage: 12,
  layerStage: 16,
  edgeStage: 18,
  sourceStage: 22,
  perTarget: 2,
  quoteChars: 600,
} as const;

export interface CatalogueInput {
  retrieval: GraphQueryResult;
  /** Canonical unit texts by unit number: every unit an evidence item of the retrieval cites, and the fallback units. */
  units: ReadonlyMap<number, string>;
  fallback: readonly FallbackUnit[];
  /** The question: a why / what question adds the nodes its concept-layer answer cites (layer.ts). */
  question?: string;
}

type Meta = Omit<EvidenceItem, 'id' | 'paragraph' | 'quote'>;

export function buildCatalogue(input: CatalogueInput): EvidenceItem[] {
  const { retrieval, units } = input;
  const items: EvidenceItem[] = [];
  const seen = new Set<string>();
  const nodesById = new Map(retrieval.graph.nodes.map((n) => [n.id, n]));
  const sections = retrieval.graph.source.sections;
  const sectionAt = (paragraph: number) =>
    sections.find((s) => s.startParagraph <= paragraph && paragraph <= s.endParagraph);
  const documentId = retrieval.documentId;

  const add = (meta: Meta, paragraph: number | null | undefined, rawQuote: string | null | undefined): boolean => {
    if (items.length >= CATALOGUE_LIMITS.items) return false;
    if (typeof paragraph !== 'number' || !Number.isInteger(paragraph) || paragraph < 1) return false;
    const quote = (rawQuote ?? '').trim().slice(0, CATALOGUE_LIMITS.quoteChars).trim();
    if (!quote) return false;
    const unit = units.get(paragraph);
    if (unit === undefined || !unit.includes(quote)) return false;
    const key = `${meta.targetKind}|${meta.targetId}|${paragraph}|${quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const section = meta.sectionId ? sections.find((s) => s.id === meta.sectionId) : sectionAt(paragraph);
    items.push({
      ...meta,
      id: `ev${items.length + 1}`,
      paragraph,
      quote,
      sectionId: meta.sectionId ?? section?.id ?? null,
      sectionTitle: meta.sectionTitle ?? section?.title ?? null,
    });
    return true;
  };

  // The anchors each node names (its mentions): what a "what is X" answer finds X's statements by. Not relations.
  const names = new Map<string, string[]>();
  for (const m of retrieval.graph.mentions ?? []) names.set(m.nodeId, [...(names.get(m.nodeId) ?? []), m.conceptId]);
  const addNode = (node: QueryNode, stage: number) => {
    const named = names.get(node.id);
    const meta = { ...nodeMeta(node, documentId), ...(named ? { names: named } : {}) };
    for (const ev of evidenceOf(node)) {
      if (items.length >= stage) break;
      add(
        { ...meta, sourceId: ev.sourceId ?? meta.sourceId, chunkId: ev.chunkId ?? meta.chunkId },
        ev.paragraph,
        ev.quote,
      );
    }
  };
  const addEdge = (edge: QueryEdge, stage: number) => {
    const meta = edgeMeta(edge, nodesById, documentId);
    for (const ev of edge.evidence.slice(0, CATALOGUE_LIMITS.perTarget)) {
      if (items.length >= stage) break;
      add(
        { ...meta, sourceId: ev.sourceId ?? meta.sourceId, chunkId: ev.chunkId ?? meta.chunkId },
        ev.paragraph,
        ev.quote,
      );
    }
  };

  const direct = retrieval.matches.map((m) => nodesById.get(m.nodeId)).filter((n): n is QueryNode => n !== undefined);
  for (const node of direct) {
    if (items.length >= CATALOGUE_LIMITS.nodeStage) break;
    addNode(node, CATALOGUE_LIMITS.nodeStage);
  }

  if (input.question) {
    const edgesById = new Map(retrieval.graph.edges.map((e) => [e.id, e]));
    for (const target of layerTargets(input.question, retrieval)) {
      if (items.length >= CATALOGUE_LIMITS.layerStage) break;
      const node = nodesById.get(target.nodeId);
      const edge = edgesById.get(target.edgeId);
      if (node) addNode(node, CATALOGUE_LIMITS.layerStage);
      if (edge) addEdge(edge, CATALOGUE_LIMITS.layerStage);
    }
  }

  const directIds = new Set(direct.map((n) => n.id));
  for (const edge of retrieval.graph.edges) {
    if (items.length >= CATALOGUE_LIMITS.edgeStage) break;
    if (!directIds.has(edge.fromNodeId) && !directIds.has(edge.toNodeId)) continue;
    addEdge(edge, CATALOGUE_LIMITS.edgeStage);
  }

  for (const unit of input.fallback) {
    if (items.length >= CATALOGUE_LIMITS.sourceStage) break;
    const anchored = retrieval.graph.nodes.filter((n) => n.paragraph === unit.paragraph).map((n) => n.id);
    add(sourceMeta(unit.paragraph, documentId, retrieval.graph.source.id, anchored), unit.paragraph, unit.text);
  }
  return items;
}

interface EvidenceRef {
  paragraph: number;
  quote: string;
  sourceId?: string;
  chunkId?: string;
}

/** A node's evidence items (≤ 2); a node without any cites its own anchor and quote. */
function evidenceOf(node: QueryNode): EvidenceRef[] {
  if (node.evidence.length > 0) return node.evidence.slice(0, CATALOGUE_LIMITS.perTarget);
  return node.paragraph !== null && node.quote ? [{ paragraph: node.paragraph, quote: node.quote }] : [];
}

function nodeMeta(node: QueryNode, documentId: string): Meta {
  return {
    targetKind: 'node',
    targetId: node.id,
    documentId,
    sourceId: node.sourceId ?? null,
    chunkId: node.chunkId ?? null,
    sectionId: node.sectionId ?? null,
    sectionTitle: node.sectionTitle ?? null,
    nodeType: node.type,
    nodeText: node.text,
    fromNodeId: null,
    toNodeId: null,
    fromNodeText: null,
    toNodeText: null,
    relation: null,
    groundingStatus: node.groundingStatus ?? 'candidate',
    entailmentStatus: node.entailmentStatus ?? 'unverified',
    nodeIds: [node.id],
  };
}

function edgeMeta(edge: QueryEdge, nodesById: ReadonlyMap<string, QueryNode>, documentId: string): Meta {
  return {
    targetKind: 'edge',
    targetId: edge.id,
    documentId,
    sourceId: edge.sourceId ?? null,
    chunkId: edge.chunkId ?? null,
    sectionId: null,
    sectionTitle: null,
    nodeType: null,
    nodeText: null,
    fromNodeId: edge.fromNodeId,
    toNodeId: edge.toNodeId,
    fromNodeText: nodesById.get(edge.fromNodeId)?.text ?? null,
    toNodeText: nodesById.get(edge.toNodeId)?.text ?? null,
    relation: edge.relation,
    // The edge's quote is authenticated here; that the relation holds is not (nobody verified it).
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    nodeIds: [edge.fromNodeId, edge.toNodeId],
  };
}

function sourceMeta(paragraph: number, documentId: string, sourceId: string | null, nodeIds: string[]): Meta {
  return {
    targetKind: 'source',
    targetId: `paragraph:${paragraph}`,
    documentId,
    sourceId,
    chunkId: null,
    sectionId: null,
    sectionTitle: null,
    nodeType: null,
    nodeText: null,
    fromNodeId: null,
    toNodeId: null,
    fromNodeText: null,
    toNodeText: null,
    relation: null,
    // The unit is the source text itself, but what it says is the document's claim, not an established fact.
    groundingStatus: 'grounded',
    entailmentStatus: 'unverified',
    nodeIds,
  };
}

/** The unit numbers a catalogue of this retrieval may cite (node and edge evidence): the units to load first. */
export function citedParagraphs(retrieval: GraphQueryResult): number[] {
  const out = new Set<number>();
  for (const node of retrieval.graph.nodes) {
    for (const ev of evidenceOf(node)) out.add(ev.paragraph);
  }
  for (const edge of retrieval.graph.edges)
    for (const ev of edge.evidence.slice(0, CATALOGUE_LIMITS.perTarget)) out.add(ev.paragraph);
  return [...out].filter((n) => Number.isInteger(n) && n >= 1).sort((a, b) => a - b);
}
