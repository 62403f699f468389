// Entailment judgements of a model review, written onto the nodes of the revision the review read. Only the
// `entailment` column of the named nodes changes, and only while the document is still at that revision (one
// statement, fenced on documents.revision): a judgement is about a node's exact type and text at that revision, so
// it is not a new revision of the graph — it changes no content, and a later commit keeps or resets it by the
// entailment-authority rule (core/operations/entailment.ts). The caller is the document's Durable Object, the
// graph's only writer, while the review holds the document's one-task lock.
import { sql, type SQL } from 'drizzle-orm';
import type { EntailmentStatus } from '../core/schema';
import { runSqlBatch, type DbEnv } from './db';

/** Node ids and statuses per statement (each pair is a few dozen characters; D1 binds up to ~100 KB comfortably). */
const PAIRS_PER_STATEMENT = 1_000;

/** Returns the number of nodes updated; 0 when the document has moved past `revision` (nothing is written then). */
export async function writeEntailment(
  env: DbEnv,
  documentId: string,
  revision: number,
  statuses: ReadonlyMap<string, EntailmentStatus>,
): Promise<number> {
  const pairs = [...statuses];
  if (!pairs.length) return 0;
  const statements: SQL[] = [];
  for (let at = 0; at < pairs.length; at += PAIRS_PER_STATEMENT) {
    const list = JSON.stringify(pairs.slice(at, at + PAIRS_PER_STATEMENT));
    statements.push(sql`UPDATE nodes SET entailment = (SELECT j.value->>1 FROM json_each(${list}) AS j WHERE j.value->>0 = nodes.id)
        WHERE document_id = ${documentId}
          AND id IN (SELECT j.value->>0 FROM json_each(${list}) AS j)
          AND EXISTS (SELECT 1 FROM documents WHERE id = ${documentId} AND revision = ${revision})`);
  }
  // One batch (a transaction): every chunk or none.
  const results = await runSqlBatch(env, statements);
  return results.reduce((sum, r) => sum + (r.meta?.changes ?? 0), 0);
}
