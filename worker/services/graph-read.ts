// Reading the canonical graph from D1: a window of at most 800 nodes by `ord` (keyset: an index range, not an
// OFFSET scan), or the subgraph matching a query (node id, text, type or section) with its one-hop neighbours.
// 800 is a view budget, never a knowledge cap: every node is reachable through a window or a query.
import { and, asc, between, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { NODE_TYPES, type Evidence, type GraphView, type KgEdge, type KgNode } from '../../core/schema';
import { edges, evidence, nodes, units } from '../db/schema';

type NodeRow = typeof nodes.$inferSelect;
type EdgeRow = typeof edges.$inferSelect;

interface Totals {
  documentId: string;
  sourceId: string | null;
  nodeCount: number;
  edgeCount: number;
}

export async function readWindow(db: DrizzleD1Database, doc: Totals, offset: number, limit: number): Promise<GraphView> {
  const last = offset + limit - 1;
  const nodeRows = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.documentId, doc.documentId), between(nodes.ord, offset, last)))
    .orderBy(asc(nodes.ord));
  const edgeRows = await db
    .select()
    .from(edges)
    .where(and(eq(edges.documentId, doc.documentId), between(edges.fromOrd, offset, last), between(edges.toOrd, offset, last)))
    .orderBy(asc(edges.ord));
  const built = await withEvidence(db, doc, nodeRows, edgeRows);
  return {
    ...built,
    view: {
      kind: 'window',
      nodeOffset: offset,
      nodeLimit: limit,
      totalNodes: doc.nodeCount,
      totalEdges: doc.edgeCount,
      truncated: offset > 0 || offset + nodeRows.length < doc.nodeCount,
    },
  };
}

/** A window over one section's nodes, in canonical order, with the relations between them. */
export async function readSectionWindow(db: DrizzleD1Database, doc: Totals, section: string, offset: number, limit: number): Promise<GraphView> {
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
  const built = await withEvidence(db, doc, nodeRows, edgeRows);
  return {
    ...built,
    view: {
      kind: 'window',
      nodeOffset: offset,
      nodeLimit: limit,
      totalNodes: doc.nodeCount,
      totalEdges: doc.edgeCount,
      truncated: offset > 0 || offset + nodeRows.length < count,
      section,
      sectionNodes: count,
    },
  };
}

/** Nodes matching `q` (id, section, type or text) and their one-hop neighbours; with `section`, only inside it. */
export async function readQuery(
  db: DrizzleD1Database,
  doc: Totals,
  q: string,
  offset: number,
  limit: number,
  section?: string,
): Promise<GraphView> {
  const term = q.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const conditions = [eq(nodes.id, term), eq(nodes.sectionId, term), sql`${nodes.text} LIKE ${pattern} ESCAPE '\\'`];
  if ((NODE_TYPES as readonly string[]).includes(term)) conditions.push(eq(nodes.type, term));
  const inScope = section ? and(eq(nodes.documentId, doc.documentId), eq(nodes.sectionId, section)) : eq(nodes.documentId, doc.documentId);
  const matchWhere = and(inScope, or(...conditions));
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(nodes).where(matchWhere);
  const matched = await db.select().from(nodes).where(matchWhere).orderBy(asc(nodes.ord)).limit(limit).offset(offset);

  // One hop around the matches, within the same node budget, so a match can be located in context.
  const matchedOrds = matched.map((n) => n.ord);
  const incident = matchedOrds.length
    ? await db
        .select()
        .from(edges)
        .where(and(eq(edges.documentId, doc.documentId), or(inJson(edges.fromOrd, matchedOrds), inJson(edges.toOrd, matchedOrds))))
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
  const neighbours = neighbourOrds.length ? await db.select().from(nodes).where(and(inScope, inJson(nodes.ord, neighbourOrds))) : [];
  const nodeRows = [...matched, ...neighbours].sort((a, b) => a.ord - b.ord);
  const shown = new Set(nodeRows.map((n) => n.ord));
  const edgeRows = incident.filter((e) => shown.has(e.fromOrd) && shown.has(e.toOrd));
  const built = await withEvidence(db, doc, nodeRows, edgeRows);
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

/** `column IN (list)` through json_each: one bound parameter however long the list (D1 allows 100). */
function inJson(column: SQLiteColumn, values: number[]) {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/** Nodes and edges of the given rows with their evidence (two queries, however many rows). */
export async function withEvidence(db: DrizzleD1Database, doc: Pick<Totals, 'documentId'>, nodeRows: NodeRow[], edgeRows: EdgeRow[]) {
  const evidenceFor = async (kind: 'node' | 'edge', ids: string[]) => {
    const byOwner = new Map<string, Evidence[]>();
    if (ids.length === 0) return byOwner;
    const rows = await db
      .select()
      .from(evidence)
      .where(
        and(
          eq(evidence.documentId, doc.documentId),
          eq(evidence.ownerKind, kind),
          sql`${evidence.ownerId} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        ),
      )
      .orderBy(asc(evidence.ownerId), asc(evidence.seq));
    for (const r of rows) {
      const list = byOwner.get(r.ownerId) ?? [];
      list.push({ documentId: doc.documentId, sourceId: r.sourceId, chunkId: r.chunkId, paragraph: r.paragraph, quote: r.quote });
      byOwner.set(r.ownerId, list);
    }
    return byOwner;
  };
  const nodeEvidence = await evidenceFor('node', nodeRows.map((n) => n.id));
  const edgeEvidence = await evidenceFor('edge', edgeRows.map((e) => e.id));
  return {
    nodes: nodeRows.map((r) => toNode(r, nodeEvidence.get(r.id) ?? [])),
    edges: edgeRows.map((r) => ({ id: r.id, fromNodeId: r.fromId, toNodeId: r.toId, relation: r.relation, evidence: edgeEvidence.get(r.id) ?? [] }) as KgEdge),
  };
}

function toNode(r: NodeRow, ev: Evidence[]): KgNode {
  return {
    id: r.id,
    type: r.type as KgNode['type'],
    text: r.text,
    paragraph: r.paragraph,
    quote: r.quote,
    evidence: ev,
    groundingStatus: r.grounding as KgNode['groundingStatus'],
    entailmentStatus: r.entailment as KgNode['entailmentStatus'],
    ...(r.confidence === null ? {} : { confidence: r.confidence }),
    ...(r.sectionId === null ? {} : { sectionId: r.sectionId }),
  };
}

/** Units by number, each with the types of the nodes anchored to it (the source pane's badges, for any page). */
export async function readUnits(db: DrizzleD1Database, documentId: string, offset: number, limit: number) {
  const first = offset + 1;
  const rows = await db
    .select()
    .from(units)
    .where(and(eq(units.documentId, documentId), gte(units.n, first), lt(units.n, first + limit)))
    .orderBy(asc(units.n));
  const anchored = await db
    .selectDistinct({ paragraph: nodes.paragraph, type: nodes.type })
    .from(nodes)
    .where(and(eq(nodes.documentId, documentId), gte(nodes.paragraph, first), lt(nodes.paragraph, first + limit)));
  const typesOf = new Map<number, Set<string>>();
  for (const a of anchored) {
    if (a.paragraph === null) continue;
    const set = typesOf.get(a.paragraph) ?? new Set<string>();
    set.add(a.type);
    typesOf.set(a.paragraph, set);
  }
  return rows.map(({ documentId: _d, ...u }) => ({
    ...u,
    nodeTypes: NODE_TYPES.filter((t) => typesOf.get(u.n)?.has(t)),
  }));
}

