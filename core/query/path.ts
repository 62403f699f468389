// The path between two nodes (GET /api/documents/:id/path, and the browser's static mode over an exported graph):
// breadth-first over the typed relations first (either direction: a path is read, not a derivation), and only when
// they do not connect the two, over relations and the concept layer's mentions together. One algorithm over an
// adjacency the caller supplies — D1 in the Worker (storage/graph-path.ts), the graph in memory here — bounded in
// depth and in nodes visited, so a hub never makes it walk the whole document.
import { KgError } from '../errors';
import type { KgEdge, KgNode, Mention } from '../schema';
import { QUERY_LIMITS } from './limits';

export const PATH_LIMITS = {
  /** Steps of a path at most. */
  depth: 8,
  /** Nodes reached before the search gives up. */
  visited: 5000,
} as const;

export interface PathEdgeRef {
  id: string;
  fromNodeId: string;
  toNodeId: string;
}

export interface PathMentionRef {
  id: string;
  nodeId: string;
  conceptId: string;
}

/** What the search reads: the relations and the mentions touching a set of nodes (either end). */
export interface PathAdjacency {
  edgesAt(ids: readonly string[]): Promise<PathEdgeRef[]>;
  mentionsAt(ids: readonly string[]): Promise<PathMentionRef[]>;
}

export interface PathStep {
  /** The step as walked: from the path's previous node to its next. */
  from: string;
  to: string;
  kind: 'edge' | 'mention';
  /** The relation's or the mention's id. */
  id: string;
}

export type PathVia = 'relations' | 'mentions' | null;

export interface PathSearch {
  found: boolean;
  via: PathVia;
  steps: PathStep[];
}

export interface GraphPathResult extends PathSearch {
  /** The path's nodes in walking order (from first, to last). */
  nodes: KgNode[];
  edges: KgEdge[];
  mentions: Mention[];
}

/** The `from` and `to` query parameters: non-empty ids of at most QUERY_LIMITS.idChars characters. */
export function parsePathRequest(from: unknown, to: unknown): { from: string; to: string } {
  const check = (value: unknown, name: string): string => {
    if (typeof value !== 'string' || value.trim() === '' || value.length > QUERY_LIMITS.idChars) {
      throw new KgError('invalid_input', {
        en: `${name} must be a node id of 1 to ${QUERY_LIMITS.idChars} characters.`,
        zh: `${name} 必须是 1 到 ${QUERY_LIMITS.idChars} 个字符的节点 id`,
      });
    }
    return value.trim();
  };
  return { from: check(from, 'from'), to: check(to, 'to') };
}

interface Link {
  to: string;
  kind: 'edge' | 'mention';
  id: string;
}

async function search(adj: PathAdjacency, from: string, to: string, withMentions: boolean): Promise<PathStep[] | null> {
  if (from === to) return [];
  const parent = new Map<string, { prev: string; link: Link }>();
  const seen = new Set([from]);
  let frontier = [from];
  for (let depth = 0; depth < PATH_LIMITS.depth && frontier.length > 0; depth++) {
    const links = new Map<string, Link[]>();
    const add = (a: string, link: Link) => {
      const list = links.get(a) ?? [];
      list.push(link);
      links.set(a, list);
    };
    const inFrontier = new Set(frontier);
    for (const e of await adj.edgesAt(frontier)) {
      if (inFrontier.has(e.fromNodeId)) add(e.fromNodeId, { to: e.toNodeId, kind: 'edge', id: e.id });
      if (inFrontier.has(e.toNodeId)) add(e.toNodeId, { to: e.fromNodeId, kind: 'edge', id: e.id });
    }
    if (withMentions) {
      for (const m of await adj.mentionsAt(frontier)) {
        if (inFrontier.has(m.nodeId)) add(m.nodeId, { to: m.conceptId, kind: 'mention', id: m.id });
        if (inFrontier.has(m.conceptId)) add(m.conceptId, { to: m.nodeId, kind: 'mention', id: m.id });
      }
    }
    const next: string[] = [];
    // The frontier in its order and each node's links sorted by id: the same graph always gives the same path.
    for (const a of frontier) {
      const list = (links.get(a) ?? []).sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      for (const link of list) {
        if (seen.has(link.to)) continue;
        seen.add(link.to);
        parent.set(link.to, { prev: a, link });
        if (link.to === to) return walkBack(parent, to);
        next.push(link.to);
        if (seen.size >= PATH_LIMITS.visited) return null;
      }
    }
    frontier = next;
  }
  return null;
}

function walkBack(parent: Map<string, { prev: string; link: Link }>, to: string): PathStep[] {
  const steps: PathStep[] = [];
  for (let at = to; parent.has(at); ) {
    const { prev, link } = parent.get(at)!;
    steps.push({ from: prev, to: at, kind: link.kind, id: link.id });
    at = prev;
  }
  return steps.reverse();
}

/** The shortest path over typed relations, else over relations and mentions; `found: false` when neither joins them. */
export async function findPath(adj: PathAdjacency, from: string, to: string): Promise<PathSearch> {
  const byRelations = await search(adj, from, to, false);
  if (byRelations) return { found: true, via: from === to ? null : 'relations', steps: byRelations };
  const byMentions = await search(adj, from, to, true);
  if (byMentions) return { found: true, via: 'mentions', steps: byMentions };
  return { found: false, via: null, steps: [] };
}

/** The path's nodes in walking order. */
export function pathNodeIds(from: string, steps: readonly PathStep[]): string[] {
  return [from, ...steps.map((s) => s.to)];
}

export interface PathGraph {
  nodes: readonly KgNode[];
  edges: readonly KgEdge[];
  mentions?: readonly Mention[];
}

/** The adjacency of a graph in memory (the static mode's exported graph, tests). */
export function memoryAdjacency(graph: PathGraph): PathAdjacency {
  const edgesBy = new Map<string, KgEdge[]>();
  const mentionsBy = new Map<string, Mention[]>();
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key) ?? [];
    list.push(value);
    map.set(key, list);
  };
  for (const e of graph.edges) {
    push(edgesBy, e.fromNodeId, e);
    if (e.toNodeId !== e.fromNodeId) push(edgesBy, e.toNodeId, e);
  }
  for (const m of graph.mentions ?? []) {
    push(mentionsBy, m.nodeId, m);
    push(mentionsBy, m.conceptId, m);
  }
  const gather = <T>(map: Map<string, T[]>, ids: readonly string[]) => [
    ...new Set(ids.flatMap((id) => map.get(id) ?? [])),
  ];
  return {
    edgesAt: async (ids) => gather(edgesBy, ids),
    mentionsAt: async (ids) => gather(mentionsBy, ids),
  };
}

/** The path between two nodes of a graph in memory, with its nodes, relations and mentions (static mode). */
export async function pathInGraph(graph: PathGraph, from: string, to: string): Promise<GraphPathResult> {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (const id of [from, to]) {
    if (!byId.has(id)) throw new KgError('not_found', { en: `No node ${id}.`, zh: `没有节点 ${id}` });
  }
  const found = await findPath(memoryAdjacency(graph), from, to);
  const edgeIds = new Set(found.steps.filter((s) => s.kind === 'edge').map((s) => s.id));
  const mentionIds = new Set(found.steps.filter((s) => s.kind === 'mention').map((s) => s.id));
  return {
    ...found,
    nodes: found.found ? pathNodeIds(from, found.steps).map((id) => byId.get(id)!) : [],
    edges: graph.edges.filter((e) => edgeIds.has(e.id)),
    mentions: (graph.mentions ?? []).filter((m) => mentionIds.has(m.id)),
  };
}
