// What a node's card explores, over the workbench's context: the node's neighbourhood (its relations and mentions,
// read by a query for its id, so a neighbour outside the current 800-node window is listed too), the local graph of
// depth 1–3 around it (shown as a region), and the path between two nodes (the API's GET …/path, or in static mode
// the same search of core/query/path.ts over the exported graph), highlighted in the graph. The path's start and
// result belong to the shown document, not to one card: the reader opens another node's card to end the path.
import type { KgEdge, KgNode, Mention } from '../../core/schema';
import { QUERY_LIMITS } from '../../core/query/limits';
import type { GraphPathResult } from '../../core/query/path';
import { edgeKey, type GraphQueryResult } from '../ask-panel/ask-types';
import { StaticDocumentSource } from '../shared/static-source';
import type { WorkbenchContext } from '../workbench/context';
import { askBackendOf } from '../workbench/ask-navigation';

export type NodeBrief = Pick<KgNode, 'id' | 'text' | 'type'>;

export interface MentionRef {
  id: string;
  nodeId: string;
  conceptId: string;
  term: string;
  paragraph: number | null;
  quote: string;
}

export interface Neighbourhood {
  nodeId: string;
  edges: KgEdge[];
  mentions: MentionRef[];
  nodes: Map<string, NodeBrief>;
}

/** The document's exploring state: the path's start and the last path found. */
export interface ExploreState {
  pathStart: NodeBrief | null;
  path: (GraphPathResult & { from: string; to: string }) | null;
}

const states = new WeakMap<object, ExploreState>();

export function exploreState(ctx: WorkbenchContext): ExploreState {
  const key = ctx.doc.source ?? ctx;
  let state = states.get(key);
  if (!state) {
    state = { pathStart: null, path: null };
    states.set(key, state);
  }
  return state;
}

const mentionRef = (m: Mention): MentionRef => ({
  id: m.id,
  nodeId: m.nodeId,
  conceptId: m.conceptId,
  term: m.term,
  paragraph: m.evidence[0]?.paragraph ?? null,
  quote: m.evidence[0]?.quote ?? m.term,
});

/** The node's relations and mentions in the current view (instant; a neighbour outside the window is missing). */
export function neighbourhoodInView(ctx: WorkbenchContext, nodeId: string): Neighbourhood {
  const graph = ctx.doc.graph;
  const nodes = new Map<string, NodeBrief>();
  for (const n of [...(graph?.nodes ?? []), ...(graph?.concepts ?? [])]) nodes.set(n.id, n);
  return {
    nodeId,
    edges: (graph?.edges ?? []).filter((e) => e.fromNodeId === nodeId || e.toNodeId === nodeId),
    mentions: (graph?.mentions ?? []).filter((m) => m.nodeId === nodeId || m.conceptId === nodeId).map(mentionRef),
    nodes,
  };
}

type QueryGraph = GraphQueryResult['graph'] & { mentions?: MentionRef[] };

async function query(ctx: WorkbenchContext, nodeIds: string[], hops: number, signal: AbortSignal): Promise<QueryGraph> {
  const backend = askBackendOf(ctx);
  if (!backend) throw new Error('No document.');
  // maxNodes and maxEdges at their caps: by default they follow `limit` (4 nodes per match), which would cut a
  // neighbourhood of one node short.
  const request = {
    nodeIds,
    hops,
    limit: Math.min(QUERY_LIMITS.matches, nodeIds.length),
    maxNodes: QUERY_LIMITS.nodes,
    maxEdges: QUERY_LIMITS.edges,
  };
  const result = await backend.query(request, signal);
  return result.graph as QueryGraph;
}

const asEdge = (e: QueryGraph['edges'][number]): KgEdge => ({ ...e, id: edgeKey(e) });

/** The node's relations and mentions, read by a query for its id (whatever the window holds). */
export async function loadNeighbourhood(
  ctx: WorkbenchContext,
  nodeId: string,
  signal: AbortSignal,
): Promise<Neighbourhood> {
  const near = neighbourhoodInView(ctx, nodeId);
  const graph = await query(ctx, [nodeId], 1, signal);
  for (const n of graph.nodes) if (!near.nodes.has(n.id)) near.nodes.set(n.id, n);
  const edges = new Map(near.edges.map((e) => [e.id, e]));
  for (const e of graph.edges.map(asEdge)) {
    if ((e.fromNodeId === nodeId || e.toNodeId === nodeId) && !edges.has(e.id)) edges.set(e.id, e);
  }
  const mentions = new Map(near.mentions.map((m) => [m.id, m]));
  for (const m of graph.mentions ?? []) {
    if ((m.nodeId === nodeId || m.conceptId === nodeId) && !mentions.has(m.id)) mentions.set(m.id, m);
  }
  return { nodeId, edges: [...edges.values()], mentions: [...mentions.values()], nodes: near.nodes };
}

/** Distances from `start` over these relations (either direction). */
export function distances(
  start: string,
  edges: readonly Pick<KgEdge, 'fromNodeId' | 'toNodeId'>[],
): Map<string, number> {
  const dist = new Map([[start, 0]]);
  for (let frontier = [start], d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
    const inFrontier = new Set(frontier);
    for (const e of edges) {
      for (const [a, b] of [
        [e.fromNodeId, e.toNodeId],
        [e.toNodeId, e.fromNodeId],
      ]) {
        if (inFrontier.has(a) && !dist.has(b)) {
          dist.set(b, d);
          next.push(b);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

/** The local graph of depth 1–3 around a node: the nodes within `depth` relations of it and the relations among
 * them, read by queries (the query's hops stop at 2, so depth 3 asks again from the nodes at distance 2). */
export async function loadLocalGraph(
  ctx: WorkbenchContext,
  nodeId: string,
  depth: number,
  signal: AbortSignal,
): Promise<{ nodes: KgNode[]; edges: KgEdge[] }> {
  const nodes = new Map<string, KgNode>();
  const edges = new Map<string, KgEdge>();
  const take = (g: QueryGraph) => {
    for (const n of g.nodes) if (!nodes.has(n.id)) nodes.set(n.id, ctx.doc.known.get(n.id) ?? (n as KgNode));
    for (const e of g.edges.map(asEdge)) edges.set(e.id, e);
  };
  take(await query(ctx, [nodeId], Math.min(depth, 2), signal));
  if (depth > 2) {
    const dist = distances(nodeId, [...edges.values()]);
    const rim = [...dist].filter(([, d]) => d === 2).map(([id]) => id);
    if (rim.length > 0) take(await query(ctx, rim.slice(0, 40), 1, signal));
  }
  const dist = distances(
    nodeId,
    [...edges.values()].filter((e) => nodes.has(e.fromNodeId) && nodes.has(e.toNodeId)),
  );
  const keep = new Set([...dist].filter(([, d]) => d <= depth).map(([id]) => id));
  keep.add(nodeId);
  return {
    nodes: [...nodes.values()].filter((n) => keep.has(n.id)),
    edges: [...edges.values()].filter((e) => keep.has(e.fromNodeId) && keep.has(e.toNodeId)),
  };
}

/** The path between two nodes: the API's route, or the same search over the exported graph in static mode. */
export async function loadPath(
  ctx: WorkbenchContext,
  from: string,
  to: string,
  signal: AbortSignal,
): Promise<GraphPathResult> {
  const source = ctx.doc.source;
  if (source instanceof StaticDocumentSource) {
    const { pathInGraph } = await import('../../core/query/path');
    return pathInGraph(source.exported, from, to);
  }
  if (!ctx.client || !source) throw new Error('No document.');
  return ctx.client.path(source.documentId, from, to, signal);
}

/** Emphasises a path in the graph (its nodes and relations); a path reaching outside the view is shown as a region
 * of exactly its nodes first. */
export async function highlightPath(ctx: WorkbenchContext, path: GraphPathResult, keepCardOf: string): Promise<void> {
  const inView = new Set(ctx.doc.graph?.nodes.map((n) => n.id) ?? []);
  if (!path.nodes.every((n) => inView.has(n.id))) {
    ctx.doc.showRegion(
      path.nodes.map((n) => ctx.doc.known.get(n.id) ?? n),
      path.edges,
    );
    await ctx.updateComplete;
    ctx.selection.selectNode(keepCardOf, { reveal: false });
  }
  ctx.selection.highlightNodeIds = new Set(path.nodes.map((n) => n.id));
  ctx.selection.highlightEdgeIds = new Set(path.edges.map((e) => e.id));
  ctx.requestUpdate();
  await ctx.updateComplete;
  void ctx.panes.focusNodes(path.nodes.map((n) => n.id));
}
