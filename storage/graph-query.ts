// The query view: nodes matching `q` (id, section, type or text) and their one-hop neighbours, in canonical order;
// with `section`, only inside it. The matching rule lives in core/search.ts; here it is SQL over the folded
// `search_text` column: instr() has no pattern length limit (D1 refuses LIKE patterns over 50 bytes) and, on
// text folded by the same function as the query, folds exactly as the browser does.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { GraphView } from '../core/schema';
import { searchQuery } from '../core/search';
import { dbOf, inJson, type DbEnv } from './db';
import { viewRows, type GraphTotals } from './graph-window';
import { edges, nodes } from './schema';

export async function readQuery(
  env: DbEnv,
  doc: GraphTotals,
  q: string,
  offset: number,
  limit: number,
  section?: string,
): Promise<GraphView> {
  const db = dbOf(env);
  const query = searchQuery(q);
  const term = query.term;
  const conditions = [
    eq(nodes.id, term),
    eq(nodes.sectionId, term),
    sql`instr(${nodes.searchText}, ${query.folded}) > 0`,
  ];
  if (query.type !== null) conditions.push(eq(nodes.type, query.type));
  const inScope = section
    ? and(eq(nodes.documentId, doc.documentId), eq(nodes.sectionId, section))
    : eq(nodes.documentId, doc.documentId);
  const matchWhere = and(inScope, or(...conditions));
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(nodes).where(matchWhere);
  const matched = await db.select().from(nodes).where(matchWhere).orderBy(asc(nodes.ord)).limit(limit).offset(offset);

  // One hop around the matches, within the same node budget, so a match can be located in context.
  const matchedOrds = matched.map((n) => n.ord);
  const incident = matchedOrds.length
    ? await db
        .select()
        .from(edges)
        .where(
          and(
            eq(edges.documentId, doc.documentId),
            or(inJson(edges.fromOrd, matchedOrds), inJson(edges.toOrd, matchedOrds)),
          ),
        )
        .orderBy(asc(edges.ord))
        .limit(limit * 4)
    : [];
  const have = new Set(matchedOrds);
  const neighbourOrds: number[] = [];
  for (const e of incident) {
    for (const ord of [e.fromOrd, e.toOrd]) {
      if (!have.has(ord) && have.size < limit) {
        have.add(ord);
        neighbourOrds.push(ord);
      }
    }
  }
  const neighbours = neighbourOrds.length
    ? await db
        .select()
        .from(nodes)
        .where(and(inScope, inJson(nodes.ord, neighbourOrds)))
    : [];
  const nodeRows = [...matched, ...neighbours].sort((a, b) => a.ord - b.ord);
  const shown = new Set(nodeRows.map((n) => n.ord));
  const edgeRows = incident.filter((e) => shown.has(e.fromOrd) && shown.has(e.toOrd));
  const built = await viewRows(db, doc.documentId, nodeRows, edgeRows);
  return {
    ...built,
    view: {
      kind: 'query',
      nodeOffset: offset,
      nodeLimit: limit,
      totalNodes: doc.nodeCount,
      totalEdges: doc.edgeCount,
      truncated: count > offset + matched.length || nodeRows.length < doc.nodeCount,
      query: term,
      matchedNodes: count,
      ...(section ? { section } : {}),
    },
  };
}
