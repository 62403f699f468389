// The path search's adjacency over D1 (core/query/path.ts): the relations touching a frontier over the
// edges_doc_from / edges_doc_to indexes (by ord), the mentions over mentions_doc_node / mentions_doc_concept, and
// the path's rows with their evidence at the end. Never joined: a mention is not a relation.
import type { KgEdge, KgNode, Mention } from '../core/schema';
import type { PathAdjacency, PathEdgeRef, PathMentionRef } from '../core/query/path';
import { and, asc, eq } from 'drizzle-orm';
import { dbOf, inJson, type DbEnv } from './db';
import { D1QuerySource } from './graph-query-source';
import { toMention } from './rows';
import { mentions } from './schema';

const ORDS = 'SELECT ord FROM nodes WHERE document_id = ? AND id IN (SELECT value FROM json_each(?))';

export class D1PathAdjacency implements PathAdjacency {
  constructor(
    private readonly env: DbEnv,
    private readonly documentId: string,
  ) {}

  private async all<T>(query: string, params: unknown[]): Promise<T[]> {
    const { results } = await this.env.DB.prepare(query)
      .bind(...params)
      .all<T>();
    return results;
  }

  async edgesAt(ids: readonly string[]): Promise<PathEdgeRef[]> {
    if (ids.length === 0) return [];
    const list = JSON.stringify(ids);
    const rows = await this.all<{ id: string; from_id: string; to_id: string }>(
      `SELECT id, from_id, to_id FROM edges WHERE document_id = ? AND from_ord IN (${ORDS})
       UNION SELECT id, from_id, to_id FROM edges WHERE document_id = ? AND to_ord IN (${ORDS})`,
      [this.documentId, this.documentId, list, this.documentId, this.documentId, list],
    );
    return rows.map((r) => ({ id: r.id, fromNodeId: r.from_id, toNodeId: r.to_id }));
  }

  async mentionsAt(ids: readonly string[]): Promise<PathMentionRef[]> {
    if (ids.length === 0) return [];
    const list = JSON.stringify(ids);
    const rows = await this.all<{ id: string; node_id: string; concept_id: string }>(
      `SELECT id, node_id, concept_id FROM mentions WHERE document_id = ? AND node_id IN (SELECT value FROM json_each(?))
       UNION SELECT id, node_id, concept_id FROM mentions WHERE document_id = ? AND concept_id IN (SELECT value FROM json_each(?))`,
      [this.documentId, list, this.documentId, list],
    );
    return rows.map((r) => ({ id: r.id, nodeId: r.node_id, conceptId: r.concept_id }));
  }
}

/** The ids among `ids` that are nodes of the document. */
export async function existingNodeIds(env: DbEnv, documentId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await new D1QuerySource(env, documentId).nodesById(ids);
  return new Set(rows.map((r) => r.id));
}

/** A path's rows with their evidence: nodes, relations and mentions by id. */
export async function pathRows(
  env: DbEnv,
  documentId: string,
  ids: { nodes: readonly string[]; edges: readonly string[]; mentions: readonly string[] },
): Promise<{ nodes: KgNode[]; edges: KgEdge[]; mentions: Mention[] }> {
  const source = new D1QuerySource(env, documentId);
  const db = dbOf(env);
  const [nodeRows, edgeRows, mentionRows] = await Promise.all([
    source.nodes(ids.nodes),
    source.edges(ids.edges),
    ids.mentions.length
      ? db
          .select()
          .from(mentions)
          .where(and(eq(mentions.documentId, documentId), inJson(mentions.id, ids.mentions)))
          .orderBy(asc(mentions.seq))
      : Promise.resolve([]),
  ]);
  const byId = new Map(nodeRows.map((n) => [n.id, n]));
  return {
    nodes: ids.nodes.map((id) => byId.get(id)).filter((n): n is KgNode => !!n),
    edges: edgeRows,
    mentions: mentionRows.map((r) => toMention(documentId, r)),
  };
}
