// Windows over the canonical graph in D1: at most GRAPH_VIEW_LIMIT nodes by `ord` (keyset: an index range, not an
// OFFSET scan), or a window over one section's nodes. A view budget, never a knowledge cap: every node is
// reachable through a window or a query (graph-query.ts).
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { GraphView } from '../core/schema';
import { dbOf, inJson, type Db, type DbEnv } from './db';
import { withEvidence } from './evidence';
import { mentionsOfView } from './mentions';
import { nodeRowPage } from './pages';
import type { EdgeRow, NodeRow } from './rows';
import { edges, nodes } from './schema';

/** What a view needs to know about its document besides the rows. */
export interface GraphTotals {
  documentId: string;
  sourceId: string | null;
  nodeCount: number;
  edgeCount: number;
}

export async function readWindow(env: DbEnv, doc: GraphTotals, offset: number, limit: number): Promise<GraphView> {
  const db = dbOf(env);
  const last = offset + limit - 1;
  // Ords are dense from 0, so the page after ord offset-1 is exactly the ord range [offset, last].
  const nodeRows = await nodeRowPage(db, doc.documentId, offset - 1, limit);
  const edgeRows = await db
    .select()
    .from(edges)
    .where(
      and(
        eq(edges.documentId, doc.documentId),
        between(edges.fromOrd, offset, last),
        between(edges.toOrd, offset, last),
      ),
    )
    .orderBy(asc(edges.ord));
  const built = await viewRows(db, doc.documentId, nodeRows, edgeRows);
  return { ...built, view: windowView(doc, offset, limit, offset > 0 || offset + nodeRows.length < doc.nodeCount) };
}

/** A view's nodes and edges with their evidence, and its concept layer: the mentions of its statements and the
 *  anchors they name outside it (`nodes` stays exactly the view). */
export async function viewRows(
  db: Db,
  documentId: string,
  nodeRows: readonly NodeRow[],
  edgeRows: readonly EdgeRow[],
): Promise<Pick<GraphView, 'nodes' | 'edges' | 'mentions' | 'concepts'>> {
  const built = await withEvidence(db, documentId, nodeRows, edgeRows);
  const layer = await mentionsOfView(
    db,
    documentId,
    nodeRows.map((n) => n.id),
  );
  return { ...built, ...layer };
}

/** The `view` of a window answer: where it starts, its budget and the document's totals. */
function windowView(doc: GraphTotals, offset: number, limit: number, truncated: boolean): GraphView['view'] {
  return {
    kind: 'window',
    nodeOffset: offset,
    nodeLimit: limit,
    totalNodes: doc.nodeCount,
    totalEdges: doc.edgeCount,
    truncated,
  };
}

/** A window over one section's nodes, in canonical order, with the relations between them. */
export async function readSectionWindow(
  env: DbEnv,
  doc: GraphTotals,
  section: string,
  offset: number,
  limit: number,
): Promise<GraphView> {
  const db = dbOf(env);
  const where = and(eq(nodes.documentId, doc.documentId), eq(nodes.sectionId, section));
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(nodes).where(where);
  const nodeRows = await db.select().from(nodes).where(where).orderBy(asc(nodes.ord)).limit(limit).offset(offset);
  const ords = nodeRows.map((n) => n.ord);
  const edgeRows = ords.length
    ? await db
        .select()
        .from(edges)
        .where(and(eq(edges.documentId, doc.documentId), inJson(edges.fromOrd, ords), inJson(edges.toOrd, ords)))
        .orderBy(asc(edges.ord))
    : [];
  const built = await viewRows(db, doc.documentId, nodeRows, edgeRows);
  return {
    ...built,
    view: {
      ...windowView(doc, offset, limit, offset > 0 || offset + nodeRows.length < count),
      section,
      sectionNodes: count,
    },
  };
}
