// Creating and listing documents in D1. A new document's row and its first task's row go in one batch, so a task id
// never names a missing document. Listings read newest first on the (updated_at, id) keyset, the order of the
// documents_owner_updated index; the cursor of a page is that key of its last row.
import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { isDocumentId } from '../core/ids';
import { decodeCursor, type CursorKey } from '../core/schema/cursor';
import { dbOf, inJson, type DbEnv } from './db';
import type { DocumentRow } from './document-rows';
import { documents } from './schema';
import { insertTaskStatement } from './tasks';

export interface NewDocument {
  id: string;
  title: string;
  /** The creating principal; null in open mode. */
  owner: string | null;
  capabilitySecret: string;
  writeCapabilityHash: string | null;
  chars: number;
  model: string;
  /** Left out: the column's default ('text'). */
  sourceKind?: string;
  createdAt: number;
}

/** The document at revision 0 and the task that will build its first revision, in one D1 batch (a transaction). */
export async function insertDocumentWithTask(
  env: DbEnv,
  document: NewDocument,
  task: { id: string; kind: string },
): Promise<void> {
  const db = dbOf(env);
  const { createdAt } = document;
  await db.batch([
    db.insert(documents).values({ ...document, revision: 0, updatedAt: createdAt }),
    insertTaskStatement(db, { id: task.id, documentId: document.id, kind: task.kind, createdAt }),
  ]);
}

/** The documents' sort key, newest first: what a listing's cursor holds. */
export interface DocumentKey {
  updatedAt: number;
  id: string;
}

export function documentSortKey(row: DocumentRow): CursorKey {
  return [row.updatedAt, row.id];
}

/** The key of a documents cursor (invalid_input when it is not one). */
export function readDocumentCursor(cursor: string): DocumentKey {
  return decodeCursor(cursor, ([ts, id]) => {
    const updatedAt = Number(ts);
    return Number.isSafeInteger(updatedAt) && id !== undefined && isDocumentId(id) ? { updatedAt, id } : null;
  });
}

/** Which documents a listing reads: an owner's (null: the unowned ones of open mode), or those with these ids. */
export type DocumentSelection = { owner: string | null } | { ids: readonly string[] };

/** The selected documents newest first, after `after` when given, leaving out abandoned ones; all when no limit. */
export async function documentsNewestFirst(
  env: DbEnv,
  selection: DocumentSelection,
  after: DocumentKey | null,
  limit?: number,
): Promise<DocumentRow[]> {
  const conditions: (SQL | undefined)[] = [
    'ids' in selection
      ? inJson(documents.id, selection.ids)
      : selection.owner === null
        ? isNull(documents.owner)
        : eq(documents.owner, selection.owner),
    isNull(documents.abandonedAt),
  ];
  if (after) {
    conditions.push(
      or(
        lt(documents.updatedAt, after.updatedAt),
        and(eq(documents.updatedAt, after.updatedAt), lt(documents.id, after.id)),
      ),
    );
  }
  const query = dbOf(env)
    .select()
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(documents.updatedAt), desc(documents.id));
  return limit === undefined ? await query : await query.limit(limit);
}
