// Publishing a revision: the whole graph and its units replace the previous ones in one D1 batch (a transaction),
// so readers see either the old revision or the new one, never a partial graph. Rows go in as JSON arrays through
// json_each, a few hundred kilobytes per statement, instead of thousands of single-row inserts. What a row repeats
// (a node's quote equal to its text, a node's evidence quote equal to the node's quote, the revision's source id) is
// sent as null and filled in by the statement, so the batch carries each text once; the stored rows are the same.
import { sql, type SQL } from 'drizzle-orm';
import type { ContentUnit, Evidence, KgGraph, Section } from '../core/schema';
import { foldForSearch } from '../core/search';
import { queryHaystack } from '../core/query/text';
import { runSqlBatch, type DbEnv } from './db';
import { chunkRows } from './json-rows';
import { mentionStatements } from './mentions';

export interface CommitInput {
  documentId: string;
  revision: number;
  sourceId: string;
  graph: KgGraph;
  units: readonly ContentUnit[];
  sections: readonly Section[];
  audit: unknown;
  /** Length of the source text of this revision. */
  chars: number;
  now: number;
  /** More statements that must land with this revision or not at all (the audit log of a commit). */
  extra?: readonly SQL[];
  /** What must be durable before any row references it (the revision's text copy): awaited after the rows are
   *  built, before the batch, so the two overlap. */
  ready?: Promise<unknown>;
}

export async function commitGraph(env: DbEnv, input: CommitInput): Promise<void> {
  const doc = input.documentId;
  const ordOf = new Map(input.graph.nodes.map((n, i) => [n.id, i]));
  const statements: SQL[] = [
    sql`DELETE FROM units WHERE document_id = ${doc}`,
    sql`DELETE FROM nodes WHERE document_id = ${doc}`,
    sql`DELETE FROM edges WHERE document_id = ${doc}`,
    sql`DELETE FROM evidence WHERE document_id = ${doc}`,
  ];

  const unitRows = input.units.map((u) => [u.n, u.start, u.end, u.kind, u.sectionId, u.text, u.page ?? null]);
  for (const rows of chunkRows(unitRows)) {
    statements.push(sql`INSERT INTO units (document_id, n, start, "end", kind, section_id, text, page)
      SELECT ${doc}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5, j.value->>6
      FROM json_each(${rows}) AS j`);
  }

  const nodeRows = input.graph.nodes.map((n, i) => [
    n.id,
    i,
    n.type,
    n.text,
    n.paragraph,
    n.quote === n.text ? null : n.quote,
    n.groundingStatus,
    n.entailmentStatus,
    n.confidence ?? null,
    n.sectionId ?? null,
    foldForSearch(n.text),
    queryHaystack(n),
  ]);
  for (const rows of chunkRows(nodeRows)) {
    statements.push(sql`INSERT INTO nodes (document_id, id, ord, type, text, paragraph, quote, grounding, entailment, confidence, section_id, search_text, query_text)
      SELECT ${doc}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, coalesce(j.value->>5, j.value->>3), j.value->>6, j.value->>7, j.value->>8, j.value->>9, j.value->>10, j.value->>11
      FROM json_each(${rows}) AS j`);
  }

  const edgeRows = input.graph.edges.map((e, i) => [
    e.id,
    i,
    e.fromNodeId,
    e.toNodeId,
    ordOf.get(e.fromNodeId),
    ordOf.get(e.toNodeId),
    e.relation,
  ]);
  for (const rows of chunkRows(edgeRows)) {
    statements.push(sql`INSERT INTO edges (document_id, id, ord, from_id, to_id, from_ord, to_ord, relation)
      SELECT ${doc}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5, j.value->>6
      FROM json_each(${rows}) AS j`);
  }

  const evidenceRows: unknown[][] = [];
  const pushEvidence = (kind: string, owner: string, list: Evidence[], ownerQuote: string | null) => {
    for (const [seq, e] of list.entries()) {
      evidenceRows.push([
        kind,
        owner,
        seq,
        e.sourceId === input.sourceId ? null : e.sourceId,
        e.chunkId,
        e.paragraph,
        e.quote === ownerQuote ? null : e.quote,
      ]);
    }
  };
  for (const n of input.graph.nodes) pushEvidence('node', n.id, n.evidence, n.quote);
  for (const e of input.graph.edges) pushEvidence('edge', e.id, e.evidence, null);
  // The nodes are inserted above, in the same transaction: a null quote is the owner node's (an index lookup).
  for (const rows of chunkRows(evidenceRows)) {
    statements.push(sql`INSERT INTO evidence (document_id, owner_kind, owner_id, seq, source_id, chunk_id, paragraph, quote)
      SELECT ${doc}, j.value->>0, j.value->>1, j.value->>2, coalesce(j.value->>3, ${input.sourceId}), j.value->>4, j.value->>5,
        coalesce(j.value->>6, (SELECT n.quote FROM nodes AS n WHERE n.document_id = ${doc} AND n.id = j.value->>1))
      FROM json_each(${rows}) AS j`);
  }

  // The concept layer's mentions, apart from the relations: replaced with the graph, in the same transaction.
  const mentionList = input.graph.mentions ?? [];
  statements.push(...mentionStatements(doc, input.sourceId, mentionList));

  statements.push(...(input.extra ?? []));
  statements.push(sql`UPDATE documents SET
      revision = ${input.revision}, source_id = ${input.sourceId}, chars = ${input.chars}, unit_count = ${input.units.length},
      node_count = ${input.graph.nodes.length}, edge_count = ${input.graph.edges.length},
      mention_count = ${mentionList.length}, summary = ${input.graph.summary},
      sections = ${JSON.stringify(input.sections)}, audit = ${JSON.stringify(input.audit)}, updated_at = ${input.now}
    WHERE id = ${doc}`);

  await input.ready;
  await runSqlBatch(env, statements);
}
