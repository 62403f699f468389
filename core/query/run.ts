// A graph query from request to result (docs/contracts/graph-query.md#algorithm): direct matches (matches.ts), expansion by up to two
// hops within the node and edge budgets, projection, the context envelope and the cited source units. Reads only
// through a QueryCandidateSource, so D1 and an exported graph in memory run this same code.
import { KgError } from '../errors';
import type { KgEdge, KgNode } from '../schema';
import { findDirectMatches } from './matches';
import { CONTEXT_BUDGET, QUERY_LIMITS as L } from './limits';
import { projectEdge, projectNode, projectSource } from './project';
import { queryIdOf } from './query-id';
import { RevisionConflict } from './revision-conflict';
import type { QueryCandidateSource } from './source';
import { collectSourceUnits } from './source-units';
import type { GraphQueryResult, QueryEdge, QueryNode, QueryRequest } from './types';

export async function runGraphQuery(source: QueryCandidateSource, request: QueryRequest): Promise<GraphQueryResult> {
  const doc = await source.document();
  if (!doc)
    throw new KgError('not_found', {
      en: 'There is no canonical knowledge graph to query.',
      zh: '找不到可检索的 canonical knowledge graph',
    });
  if (request.expectedRevision !== undefined && request.expectedRevision !== doc.revision)
    throw new RevisionConflict(doc.revision);

  const direct = await findDirectMatches(source, doc, request);
  const directIds = direct.ranked.map((r) => r.id);

  // Expansion: up to `hops` rounds from the last round's new nodes, neighbours in (paragraph, id) order.
  const selected = [...directIds];
  let cut = false;
  let frontier = directIds;
  for (let hop = 0; hop < request.hops && frontier.length > 0; hop++) {
    const room = request.maxNodes - selected.length;
    const next = await source.neighbours(frontier, request.direction, request.relations, selected, room + 1);
    if (next.length > room) cut = true;
    frontier = next.slice(0, Math.max(0, room));
    selected.push(...frontier);
  }
  const edgeRefs = await source.edgesAmong(selected, directIds, request.relations, request.maxEdges + 1);
  if (edgeRefs.length > request.maxEdges) {
    cut = true;
    edgeRefs.length = request.maxEdges;
  }

  const [nodeList, edgeList] = await Promise.all([source.nodes(selected), source.edges(edgeRefs.map((e) => e.id))]);
  const titles = new Map(doc.sections.map((s) => [s.id, s.title]));
  const nodeById = new Map(nodeList.map((n) => [n.id, n]));
  const edgeById = new Map(edgeList.map((e) => [e.id, e]));
  const nodes = selected
    .map((id) => nodeById.get(id))
    .filter((n): n is KgNode => n !== undefined)
    .map((n) => projectNode(n, doc, titles));
  const edges = edgeRefs
    .map((e) => edgeById.get(e.id))
    .filter((e): e is KgEdge => e !== undefined)
    .map((e) => projectEdge(e, doc));

  const envelope = boundContext(nodes, edges, new Set(directIds));
  const units = await collectSourceUnits(source, envelope.nodes, envelope.edges, new Set(directIds));
  // The concept layer among the returned nodes, apart from the edges: a mention ends at an anchor (a concept node),
  // so without one returned there is none to read.
  const mentions = envelope.nodes.some((n) => n.type === 'concept')
    ? await source.mentionsAmong(
        envelope.nodes.map((n) => n.id),
        L.mentions,
      )
    : [];
  const summary = doc.summary.slice(0, L.summaryChars);
  const sourceInfo = projectSource(doc);
  const returnedNodes = envelope.nodes.length;
  const returnedEdges = envelope.edges.length;
  const unitChars = units.units.reduce((sum, u) => sum + u.text.length, 0);
  const graphChars = JSON.stringify({ nodes: envelope.nodes, edges: envelope.edges }).length;

  return {
    queryId: queryIdOf(doc.documentId, doc.revision, request),
    documentId: doc.documentId,
    revision: doc.revision,
    query: request.query,
    matches: direct.ranked.map((r) => ({ nodeId: r.id, score: Math.round(r.score * 1000) / 1000, reasons: r.reasons })),
    graph: {
      summary,
      source: sourceInfo,
      nodes: envelope.nodes,
      edges: envelope.edges,
      ...(mentions.length > 0 ? { mentions } : {}),
      view: {
        kind: 'consumption',
        query: request.query,
        directMatches: directIds,
        relationCandidateEdges: direct.relationCandidateEdges,
        totalNodes: doc.nodeCount,
        totalEdges: doc.edgeCount,
        returnedNodes,
        returnedEdges,
        hops: request.hops,
        direction: request.direction,
        truncated: cut || envelope.dropped,
      },
    },
    sourceUnits: units.units,
    metrics: {
      candidateMatches: direct.candidateMatches,
      relationCandidateEdges: direct.relationCandidateEdges,
      directMatches: directIds.length,
      returnedNodes,
      returnedEdges,
      sourceUnits: units.units.length,
      sourceRefsOmitted: units.omitted,
      contextChars: graphChars + unitChars + summary.length + JSON.stringify(sourceInfo).length,
      contextBudget: CONTEXT_BUDGET,
      hops: request.hops,
    },
  };
}

/**
 * The context envelope (step 7): direct matches always stay; neighbours until the graph JSON reaches 62 % of the
 * context budget; edges (those touching a direct match first, as edgesAmong orders them) until it reaches all of it.
 */
export function boundContext(nodes: QueryNode[], edges: QueryEdge[], direct: ReadonlySet<string>) {
  let chars = 0;
  let dropped = false;
  const keptNodes: QueryNode[] = [];
  for (const n of nodes) {
    const size = JSON.stringify(n).length + 1;
    if (!direct.has(n.id) && chars + size > L.contextChars * L.neighbourShare) {
      dropped = true;
      continue;
    }
    keptNodes.push(n);
    chars += size;
  }
  const kept = new Set(keptNodes.map((n) => n.id));
  const keptEdges: QueryEdge[] = [];
  for (const e of edges) {
    const size = JSON.stringify(e).length + 1;
    if (!kept.has(e.fromNodeId) || !kept.has(e.toNodeId) || chars + size > L.contextChars) {
      dropped = true;
      continue;
    }
    keptEdges.push(e);
    chars += size;
  }
  return { nodes: keptNodes, edges: keptEdges, dropped };
}
