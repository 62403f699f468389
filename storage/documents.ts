// Creating and listing documents in D1. A new document's row and its first task's row go in one batch, so a task id
// never names a missing document. Listings read newest first on the (updated_at, id) keyset, the order of the
// documents_owner_updated index (the deleted listing on (deleted_at, id), documents_owner_deleted); the cursor of a
// page is that key of its last row.
import { and, desc, eq, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
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

/**
 * Which listing: the live documents newest first by `updated_at`, or the deleted ones (soft delete, restorable)
 * most recently deleted first by `deleted_at`. Each is keyset paged on (its time, id).
 */
export type DocumentListing = 'live' | 'deleted';

/** A listing's sort key, newest first: what its cursor holds (`at` is updated_at or deleted_at). */
export interface DocumentKey {
  at: number;
  id: string;
}

export function documentSortKey(listing: DocumentListing): (row: DocumentRow) => CursorKey {
  return listing === 'deleted' ? (row) => [row.deletedAt ?? 0, row.id] : (row) => [row.updatedAt, row.id];
}

/** The key of a documents cursor (invalid_input when it is not one). */
export function readDocumentCursor(cursor: string): DocumentKey {
  return decodeCursor(cursor, ([ts, id]) => {
    const at = Number(ts);
    return Number.isSafeInteger(at) && id !== undefined && isDocumentId(id) ? { at, id } : null;
  });
}

/** Which documents a listing reads: an owner's (null: the unowned ones of open mode), or those with these ids. */
export type DocumentSelection = { owner: string | null } | { ids: readonly string[] };

/**
 * The selected documents newest first, after `after` when given; all when no limit. Abandoned ones are left out;
 * the live listing leaves out the deleted ones, the deleted listing has only those.
 */
export async function documentsNewestFirst(
  env: DbEnv,
  selection: DocumentSelection,
  after: DocumentKey | null,
  limit?: number,
  listing: DocumentListing = 'live',
): Promise<DocumentRow[]> {
  const time = listing === 'deleted' ? documents.deletedAt : documents.updatedAt;
  const conditions: (SQL | undefined)[] = [
    'ids' in selection
      ? inJson(documents.id, selection.ids)
      : selection.owner === null
        ? isNull(documents.owner)
        : eq(documents.owner, selection.owner),
    isNull(documents.abandonedAt),
    listing === 'deleted' ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt),
  ];
  if (after) {
    conditions.push(or(lt(time, after.at), and(eq(time, after.at), lt(documents.id, after.id))));
  }
  const query = dbOf(env)
    .select()
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(time), desc(documents.id));
  return limit === undefined ? await query : await query.limit(limit);
}
