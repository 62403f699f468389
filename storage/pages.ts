// The one keyset paged reader of a document's graph: nodes and edges by `ord` (dense from 0), units by `n` (dense
// from 1), mentions by `seq` (dense from 0). A page is an index range after a key, never an OFFSET scan. Windows read one page; the append base and
// the exports walk all of them.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ContentUnit, KgEdge, KgNode, Mention } from '../core/schema';
import { dbOf, type Db, type DbEnv } from './db';
import { edgesWithEvidence, nodesWithEvidence } from './evidence';
import { mentionPage } from './mentions';
import { toUnit, type EdgeRow, type NodeRow } from './rows';
import { edges, nodes, units } from './schema';

/** Rows per page for nodes and edges (each page also reads their evidence); units are smaller and go 4× as many. */
export const GRAPH_PAGE = 500;
export const UNIT_PAGE = GRAPH_PAGE * 4;

/** Node rows with ord > afterOrd, at most `limit` (a window is the page after ord offset - 1). */
export async function nodeRowPage(db: Db, documentId: string, afterOrd: number, limit: number): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(and(eq(nodes.documentId, documentId), gt(nodes.ord, afterOrd)))
    .orderBy(asc(nodes.ord))
    .limit(limit);
}

export async function edgeRowPage(db: Db, documentId: string, afterOrd: number, limit: number): Promise<EdgeRow[]> {
  return db
    .select()
    .from(edges)
    .where(and(eq(edges.documentId, documentId), gt(edges.ord, afterOrd)))
    .orderBy(asc(edges.ord))
    .limit(limit);
}

/** Units with n > afterN, at most `limit`. */
export async function readUnitPage(db: Db, documentId: string, afterN: number, limit: number): Promise<ContentUnit[]> {
  const rows = await db
    .select()
    .from(units)
    .where(and(eq(units.documentId, documentId), gt(units.n, afterN)))
    .orderBy(asc(units.n))
    .limit(limit);
  return rows.map(toUnit);
}

// Every page of a document, in canonical order.

export async function* nodePages(env: DbEnv, documentId: string): AsyncGenerator<KgNode[]> {
  const db = dbOf(env);
  for (let after = -1; ; ) {
    const rows = await nodeRowPage(db, documentId, after, GRAPH_PAGE);
    if (rows.length === 0) return;
    yield await nodesWithEvidence(db, documentId, rows);
    after = rows[rows.length - 1].ord;
  }
}

export async function* edgePages(env: DbEnv, documentId: string): AsyncGenerator<KgEdge[]> {
  const db = dbOf(env);
  for (let after = -1; ; ) {
    const rows = await edgeRowPage(db, documentId, after, GRAPH_PAGE);
    if (rows.length === 0) return;
    yield await edgesWithEvidence(db, documentId, rows);
    after = rows[rows.length - 1].ord;
  }
}

export async function* unitPages(env: DbEnv, documentId: string): AsyncGenerator<ContentUnit[]> {
  const db = dbOf(env);
  for (let after = 0; ; ) {
    const page = await readUnitPage(db, documentId, after, UNIT_PAGE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1].n;
  }
}

export async function* mentionPages(env: DbEnv, documentId: string): AsyncGenerator<Mention[]> {
  const db = dbOf(env);
  // Seqs are dense from 0: the last seq read is after + page.length.
  for (let after = -1; ; ) {
    const page = await mentionPage(db, documentId, after, UNIT_PAGE);
    if (page.length === 0) return;
    yield page;
    after += page.length;
  }
}
