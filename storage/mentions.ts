// The concept layer's mentions in D1 (statement node → concept anchor node; issue 25): written with the graph in the
// revision's batch (graph-commit.ts), read for the append base and exports in keyset pages by `seq` (pages.ts), and
// for a view: the mentions of the view's statements plus the anchors they name outside the view. Never edges: no
// relation count, reader or score sees this table.
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { KgNode, Mention } from '../core/schema';
import { inJson, type Db } from './db';
import { nodesWithEvidence } from './evidence';
import { chunkRows } from './json-rows';
import { toMention } from './rows';
import { mentions, nodes } from './schema';

/** The statements that replace a document's mentions with `list` (inside the revision's batch). */
export function mentionStatements(documentId: string, sourceId: string, list: readonly Mention[]): SQL[] {
  const statements: SQL[] = [sql`DELETE FROM mentions WHERE document_id = ${documentId}`];
  // A mention's evidence is one item (core/schema/graph.ts MentionSchema): the term in the statement's unit.
  const rows = list.map((m, seq) => {
    const ev = m.evidence[0];
    return [
      m.id,
      seq,
      m.nodeId,
      m.conceptId,
      m.term,
      ev.paragraph,
      ev.quote === m.term ? null : ev.quote,
      ev.sourceId === sourceId ? null : ev.sourceId,
      ev.chunkId,
    ];
  });
  for (const chunk of chunkRows(rows)) {
    statements.push(sql`INSERT INTO mentions (document_id, id, seq, node_id, concept_id, term, paragraph, quote, source_id, chunk_id)
      SELECT ${documentId}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5,
        coalesce(j.value->>6, j.value->>4), coalesce(j.value->>7, ${sourceId}), j.value->>8
      FROM json_each(${chunk}) AS j`);
  }
  return statements;
}

/** Mentions with seq > afterSeq, at most `limit`, in canonical order. */
export async function mentionPage(db: Db, documentId: string, afterSeq: number, limit: number): Promise<Mention[]> {
  const rows = await db
    .select()
    .from(mentions)
    .where(and(eq(mentions.documentId, documentId), gt(mentions.seq, afterSeq)))
    .orderBy(asc(mentions.seq))
    .limit(limit);
  return rows.map((r) => toMention(documentId, r));
}

/**
 * The concept layer of a view: the mentions whose statement is among `nodeIds`, and the anchors they name that lie
 * outside them (with their evidence), so every mention served can be drawn while `nodes` stays the view's window.
 */
export async function mentionsOfView(
  db: Db,
  documentId: string,
  nodeIds: readonly string[],
): Promise<{ mentions: Mention[]; concepts: KgNode[] }> {
  if (nodeIds.length === 0) return { mentions: [], concepts: [] };
  const rows = await db
    .select()
    .from(mentions)
    .where(and(eq(mentions.documentId, documentId), inJson(mentions.nodeId, nodeIds)))
    .orderBy(asc(mentions.seq));
  const inView = new Set(nodeIds);
  const outside = [...new Set(rows.map((r) => r.conceptId).filter((id) => !inView.has(id)))];
  const conceptRows = outside.length
    ? await db
        .select()
        .from(nodes)
        .where(and(eq(nodes.documentId, documentId), inJson(nodes.id, outside)))
        .orderBy(asc(nodes.ord))
    : [];
  return {
    mentions: rows.map((r) => toMention(documentId, r)),
    concepts: await nodesWithEvidence(db, documentId, conceptRows),
  };
}
