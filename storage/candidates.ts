// Candidates in D1 (docs/contracts/candidates.md): derived from each committed revision (core/candidates/derive.ts), their
// review status kept by stable id. A sync upserts every derived candidate (status untouched), then deletes the rows
// the revision no longer derives (a deleted node's candidates, an edited text's old claim), then records the
// revision, all in one batch (a transaction) whose every statement is fenced by candidate_sync: a sync for an older
// revision than the one already recorded changes nothing, so the after-commit hook and the catch-up on read can race.
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Candidate, CandidateKind, CandidateStatus, DerivedCandidate } from '../core/candidates/derive';
import type { Evidence } from '../core/schema';
import { chunkRows } from './json-rows';
import { dbOf, runSqlBatch, type DbEnv } from './db';
import { candidates, candidateSync } from './schema';

export async function syncCandidates(
  env: DbEnv,
  documentId: string,
  revision: number,
  derived: readonly DerivedCandidate[],
  now: number,
): Promise<void> {
  const fresh = sql`NOT EXISTS (SELECT 1 FROM candidate_sync WHERE document_id = ${documentId} AND revision >= ${revision})`;
  const statements: SQL[] = [];
  const rows = derived.map((c) => [
    c.id,
    c.kind,
    c.nodeId,
    c.nodeOrd,
    c.type,
    c.text,
    c.confidence ?? null,
    JSON.stringify(c.evidence.map(({ documentId: _d, ...ev }) => ev)),
    c.paragraph,
    c.sectionId ?? null,
  ]);
  for (const chunk of chunkRows(rows)) {
    statements.push(sql`INSERT INTO candidates (document_id, id, kind, node_id, node_ord, type, text, confidence, evidence, paragraph, section_id, status, revision, updated_at)
      SELECT ${documentId}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5, j.value->>6, j.value->>7, j.value->>8, j.value->>9, 'candidate', ${revision}, ${now}
      FROM json_each(${chunk}) AS j WHERE ${fresh}
      ON CONFLICT (document_id, id) DO UPDATE SET kind = excluded.kind, node_id = excluded.node_id, node_ord = excluded.node_ord,
        type = excluded.type, text = excluded.text, confidence = excluded.confidence, evidence = excluded.evidence,
        paragraph = excluded.paragraph, section_id = excluded.section_id, revision = excluded.revision`);
  }
  statements.push(
    sql`DELETE FROM candidates WHERE document_id = ${documentId} AND revision < ${revision} AND ${fresh}`,
  );
  statements.push(sql`INSERT INTO candidate_sync (document_id, revision) VALUES (${documentId}, ${revision})
    ON CONFLICT (document_id) DO UPDATE SET revision = excluded.revision WHERE excluded.revision > candidate_sync.revision`);
  await runSqlBatch(env, statements);
}

/** The revision the document's candidates were last derived from (0 when never). */
export async function candidatesRevision(env: DbEnv, documentId: string): Promise<number> {
  const [row] = await dbOf(env)
    .select({ revision: candidateSync.revision })
    .from(candidateSync)
    .where(eq(candidateSync.documentId, documentId));
  return row?.revision ?? 0;
}

export interface CandidateFilter {
  kind?: CandidateKind;
  status?: CandidateStatus;
  /** Keyset: the (nodeOrd, id) of the last candidate of the previous page. */
  after?: { nodeOrd: number; id: string };
  limit: number;
}

/** One page in canonical node order, and whether more follow. */
export async function listCandidates(
  env: DbEnv,
  documentId: string,
  filter: CandidateFilter,
): Promise<{ items: Candidate[]; more: boolean; last?: { nodeOrd: number; id: string } }> {
  const conditions: (SQL | undefined)[] = [eq(candidates.documentId, documentId)];
  if (filter.kind) conditions.push(eq(candidates.kind, filter.kind));
  if (filter.status) conditions.push(eq(candidates.status, filter.status));
  if (filter.after) {
    const { nodeOrd, id } = filter.after;
    conditions.push(or(gt(candidates.nodeOrd, nodeOrd), and(eq(candidates.nodeOrd, nodeOrd), gt(candidates.id, id))));
  }
  const rows = await dbOf(env)
    .select()
    .from(candidates)
    .where(and(...conditions))
    .orderBy(asc(candidates.nodeOrd), asc(candidates.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const lastRow = page[page.length - 1];
  return {
    items: page.map(toCandidate),
    more: rows.length > filter.limit,
    ...(lastRow ? { last: { nodeOrd: lastRow.nodeOrd, id: lastRow.id } } : {}),
  };
}

/** Sets a candidate's status; null when the document has no candidate with that id. */
export async function setCandidateStatus(
  env: DbEnv,
  documentId: string,
  id: string,
  status: CandidateStatus,
  now: number,
): Promise<Candidate | null> {
  const rows = await dbOf(env)
    .update(candidates)
    .set({ status, updatedAt: now })
    .where(and(eq(candidates.documentId, documentId), eq(candidates.id, id)))
    .returning();
  return rows[0] ? toCandidate(rows[0]) : null;
}

function toCandidate(r: typeof candidates.$inferSelect): Candidate {
  const evidence = (JSON.parse(r.evidence) as Omit<Evidence, 'documentId'>[]).map((ev) => ({
    documentId: r.documentId,
    ...ev,
  }));
  return {
    id: r.id,
    kind: r.kind as CandidateKind,
    documentId: r.documentId,
    nodeId: r.nodeId,
    type: r.type as Candidate['type'],
    text: r.text,
    ...(r.confidence === null ? {} : { confidence: r.confidence }),
    evidence,
    paragraph: r.paragraph,
    ...(r.sectionId === null ? {} : { sectionId: r.sectionId }),
    status: r.status as CandidateStatus,
    revision: r.revision,
    updatedAt: r.updatedAt,
  };
}
