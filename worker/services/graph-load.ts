// The whole canonical graph and its units, read from D1 in keyset pages: what an append task starts from.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { ContentUnit, KgGraph } from '../../core/schema';
import { edges, nodes, units } from '../db/schema';
import { withEvidence } from './graph-read';

const PAGE = 500;

export async function loadCanonical(db: DrizzleD1Database, documentId: string, summary: string): Promise<{ graph: KgGraph; units: ContentUnit[] }> {
  const graph: KgGraph = { summary, nodes: [], edges: [] };
  for (let after = -1; ; ) {
    const rows = await db.select().from(nodes).where(and(eq(nodes.documentId, documentId), gt(nodes.ord, after))).orderBy(asc(nodes.ord)).limit(PAGE);
    if (rows.length === 0) break;
    graph.nodes.push(...(await withEvidence(db, { documentId }, rows, [])).nodes);
    after = rows[rows.length - 1].ord;
  }
  for (let after = -1; ; ) {
    const rows = await db.select().from(edges).where(and(eq(edges.documentId, documentId), gt(edges.ord, after))).orderBy(asc(edges.ord)).limit(PAGE);
    if (rows.length === 0) break;
    graph.edges.push(...(await withEvidence(db, { documentId }, [], rows)).edges);
    after = rows[rows.length - 1].ord;
  }
  const all: ContentUnit[] = [];
  for (let after = 0; ; ) {
    const rows = await db.select().from(units).where(and(eq(units.documentId, documentId), gt(units.n, after))).orderBy(asc(units.n)).limit(PAGE * 4);
    if (rows.length === 0) break;
    all.push(...rows.map(({ documentId: _d, ...u }) => u as ContentUnit));
    after = rows[rows.length - 1].n;
  }
  return { graph, units: all };
}
