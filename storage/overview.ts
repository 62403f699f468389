// What the whole-document overview reads and keeps (issue 16):
//   - the lean columns of every node and edge of the current revision (no texts, no evidence), in keyset pages;
//   - the texts of a few nodes by ord (labels, fetched as the reader zooms);
//   - the nodes of a chosen set with the relations among them (the detailed view of an overview region);
//   - the computed overview of a revision as one R2 object, documents/<id>/overview/r<revision>.json (removed with
//     the document's prefix; older revisions' objects pruned when a newer one is written).
// R2 rather than a D1 table: the overview is read whole and never queried by column, a 15,000-node one is ~0.7 MB
// of JSON (one object read, against ~30 D1 row pages or a blob column near D1's 2 MB row limit).
import { and, asc, eq, gt } from 'drizzle-orm';
import type { KgEdge, KgNode } from '../core/schema';
import type { BlobEnv } from './blobs';
import { dbOf, inJson, type DbEnv } from './db';
import { withEvidence } from './evidence';
import { edges, nodes } from './schema';

/** Rows per page of the lean reads: small rows (a few columns), so pages can be larger than GRAPH_PAGE. */
const LEAN_PAGE = 5000;

export interface OverviewRows {
  /** Per node in canonical (ord) order. */
  ids: string[];
  types: string[];
  sectionIds: Array<string | null>;
  paragraphs: Array<number | null>;
  /** Relations as ord pairs, flat. */
  edgeOrds: number[];
}

export async function readOverviewRows(env: DbEnv, documentId: string): Promise<OverviewRows> {
  const db = dbOf(env);
  const out: OverviewRows = { ids: [], types: [], sectionIds: [], paragraphs: [], edgeOrds: [] };
  for (let after = -1; ; ) {
    const rows = await db
      .select({
        ord: nodes.ord,
        id: nodes.id,
        type: nodes.type,
        sectionId: nodes.sectionId,
        paragraph: nodes.paragraph,
      })
      .from(nodes)
      .where(and(eq(nodes.documentId, documentId), gt(nodes.ord, after)))
      .orderBy(asc(nodes.ord))
      .limit(LEAN_PAGE);
    if (rows.length === 0) break;
    for (const r of rows) {
      out.ids.push(r.id);
      out.types.push(r.type);
      out.sectionIds.push(r.sectionId);
      out.paragraphs.push(r.paragraph);
    }
    after = rows[rows.length - 1].ord;
  }
  for (let after = -1; ; ) {
    const rows = await db
      .select({ ord: edges.ord, fromOrd: edges.fromOrd, toOrd: edges.toOrd })
      .from(edges)
      .where(and(eq(edges.documentId, documentId), gt(edges.ord, after)))
      .orderBy(asc(edges.ord))
      .limit(LEAN_PAGE);
    if (rows.length === 0) break;
    for (const r of rows) out.edgeOrds.push(r.fromOrd, r.toOrd);
    after = rows[rows.length - 1].ord;
  }
  return out;
}

/** Texts of the nodes at the given ords (labels); ords not in the graph are absent from the answer. */
export async function readNodeTexts(
  env: DbEnv,
  documentId: string,
  ords: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ords.length === 0) return out;
  const rows = await dbOf(env)
    .select({ ord: nodes.ord, text: nodes.text })
    .from(nodes)
    .where(and(eq(nodes.documentId, documentId), inJson(nodes.ord, ords)));
  for (const r of rows) out.set(r.ord, r.text);
  return out;
}

/** The nodes at these ords (in canonical order) and every relation among them, with evidence. */
export async function readNodeSet(
  env: DbEnv,
  documentId: string,
  wanted: readonly number[],
): Promise<{ nodes: KgNode[]; edges: KgEdge[] }> {
  const db = dbOf(env);
  if (wanted.length === 0) return { nodes: [], edges: [] };
  const nodeRows = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.documentId, documentId), inJson(nodes.ord, wanted)))
    .orderBy(asc(nodes.ord));
  const ords = nodeRows.map((n) => n.ord);
  const edgeRows = ords.length
    ? await db
        .select()
        .from(edges)
        .where(and(eq(edges.documentId, documentId), inJson(edges.fromOrd, ords), inJson(edges.toOrd, ords)))
        .orderBy(asc(edges.ord))
    : [];
  return withEvidence(db, documentId, nodeRows, edgeRows);
}

const overviewPrefix = (documentId: string) => `documents/${documentId}/overview/`;
const overviewKey = (documentId: string, revision: number, version: number) =>
  `${overviewPrefix(documentId)}r${revision}-v${version}.json`;

export async function getOverviewBlob(
  env: BlobEnv,
  documentId: string,
  revision: number,
  version: number,
): Promise<string | null> {
  const object = await env.BLOBS.get(overviewKey(documentId, revision, version));
  return object ? object.text() : null;
}

/** Stores a revision's overview and removes the ones of older revisions (they can never be asked for again). */
export async function putOverviewBlob(
  env: BlobEnv,
  documentId: string,
  revision: number,
  version: number,
  body: string,
): Promise<void> {
  await env.BLOBS.put(overviewKey(documentId, revision, version), body, {
    httpMetadata: { contentType: 'application/json' },
  });
  const listed = await env.BLOBS.list({ prefix: overviewPrefix(documentId) });
  const stale = listed.objects.map((o) => o.key).filter((key) => Number(/\/r(\d+)-v/.exec(key)?.[1]) < revision);
  if (stale.length) await env.BLOBS.delete(stale);
}
