// Evidence of a set of node or edge rows, and the rows turned into graph nodes and edges with it (two queries
// however many rows).
import { and, asc, eq } from 'drizzle-orm';
import type { Evidence, KgEdge, KgNode } from '../core/schema';
import { inJson, type Db } from './db';
import { toEdge, toEvidence, toNode, type EdgeRow, type NodeRow } from './rows';
import { evidence } from './schema';

export async function evidenceOf(
  db: Db,
  documentId: string,
  kind: 'node' | 'edge',
  ids: readonly string[],
): Promise<Map<string, Evidence[]>> {
  const byOwner = new Map<string, Evidence[]>();
  if (ids.length === 0) return byOwner;
  const rows = await db
    .select()
    .from(evidence)
    .where(and(eq(evidence.documentId, documentId), eq(evidence.ownerKind, kind), inJson(evidence.ownerId, ids)))
    .orderBy(asc(evidence.ownerId), asc(evidence.seq));
  for (const r of rows) {
    const list = byOwner.get(r.ownerId) ?? [];
    list.push(toEvidence(documentId, r));
    byOwner.set(r.ownerId, list);
  }
  return byOwner;
}

export async function nodesWithEvidence(db: Db, documentId: string, rows: readonly NodeRow[]): Promise<KgNode[]> {
  const ev = await evidenceOf(
    db,
    documentId,
    'node',
    rows.map((r) => r.id),
  );
  return rows.map((r) => toNode(r, ev.get(r.id) ?? []));
}

export async function edgesWithEvidence(db: Db, documentId: string, rows: readonly EdgeRow[]): Promise<KgEdge[]> {
  const ev = await evidenceOf(
    db,
    documentId,
    'edge',
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEdge(r, ev.get(r.id) ?? []));
}

/** Nodes and edges of the given rows with their evidence. */
export async function withEvidence(
  db: Db,
  documentId: string,
  nodeRows: readonly NodeRow[],
  edgeRows: readonly EdgeRow[],
) {
  return {
    nodes: await nodesWithEvidence(db, documentId, nodeRows),
    edges: await edgesWithEvidence(db, documentId, edgeRows),
  };
}
