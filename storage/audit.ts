// The audit log of graph edits in D1: written in the same batch as the revision it describes (graph-commit.ts
// `extra`), read newest first in keyset pages, walked whole for the JSON export, and asked which commit an undo
// would revert.
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../core/operations';
import type { OperationRecord } from '../core/operations';
import { dbOf, type DbEnv } from './db';
import { auditLog } from './schema';

type AuditRow = typeof auditLog.$inferSelect & { undone?: number | null };

export interface AuditWrite {
  documentId: string;
  revision: number;
  kind: 'commit' | 'undo';
  reportId?: string;
  undoOf?: number;
  records: readonly OperationRecord[];
  now: number;
}

/** INSERT statements for one revision's entries, for the commit's own D1 batch (all or nothing with the graph). */
export function auditInsertStatements(w: AuditWrite): SQL[] {
  return w.records.map(
    (
      r,
      seq,
    ) => sql`INSERT INTO audit_log (document_id, revision, seq, kind, action, target_id, operation, report_id, undo_of, before, after, created_at)
      VALUES (${w.documentId}, ${w.revision}, ${seq}, ${w.kind}, ${r.action}, ${r.targetId}, ${JSON.stringify(r.operation)}, ${w.reportId ?? null},
        ${w.undoOf ?? null}, ${JSON.stringify(r.before)}, ${JSON.stringify(r.after)}, ${w.now})`,
  );
}

/** Whether a later undo names this row's revision (commit rows only). */
const undoneColumn = sql<
  number | null
>`(SELECT 1 FROM audit_log u WHERE u.document_id = audit_log.document_id AND u.undo_of = audit_log.revision LIMIT 1)`;

export interface AuditCursor {
  revision: number;
  seq: number;
}

/** Newest first: entries of later revisions, then later operations of the same revision. */
export async function readAuditPage(
  env: DbEnv,
  documentId: string,
  after: AuditCursor | null,
  limit: number,
): Promise<AuditEntry[]> {
  const older = after
    ? or(lt(auditLog.revision, after.revision), and(eq(auditLog.revision, after.revision), lt(auditLog.seq, after.seq)))
    : undefined;
  const rows = await dbOf(env)
    .select({ row: auditLog, undone: undoneColumn })
    .from(auditLog)
    .where(and(eq(auditLog.documentId, documentId), older))
    .orderBy(desc(auditLog.revision), desc(auditLog.seq))
    .limit(limit);
  return rows.map(({ row, undone }) => toEntry({ ...row, undone }));
}

/** Every entry, oldest first, in pages (the JSON export). */
export async function* auditPages(env: DbEnv, documentId: string, pageSize = 200): AsyncGenerator<AuditEntry[]> {
  const db = dbOf(env);
  for (let after: AuditCursor = { revision: -1, seq: -1 }; ; ) {
    const rows = await db
      .select({ row: auditLog, undone: undoneColumn })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.documentId, documentId),
          or(
            gt(auditLog.revision, after.revision),
            and(eq(auditLog.revision, after.revision), gt(auditLog.seq, after.seq)),
          ),
        ),
      )
      .orderBy(asc(auditLog.revision), asc(auditLog.seq))
      .limit(pageSize);
    if (rows.length === 0) return;
    yield rows.map(({ row, undone }) => toEntry({ ...row, undone }));
    const last = rows[rows.length - 1].row;
    after = { revision: last.revision, seq: last.seq };
  }
}

export interface UndoTarget {
  revision: number;
  records: Pick<OperationRecord, 'index' | 'before' | 'after'>[];
}

/**
 * The commit an undo reverts: the newest commit no undo has named yet, provided every revision after it was an undo
 * (an extraction or append in between changed the graph outside the log, so its inverse no longer applies).
 * null when there is nothing to undo; `blocked` when a revision outside the log came after it.
 */
export async function findUndoTarget(
  env: DbEnv,
  documentId: string,
  currentRevision: number,
): Promise<UndoTarget | 'blocked' | null> {
  const d1 = env.DB;
  const target = await d1
    .prepare(
      `SELECT max(a.revision) AS revision FROM audit_log a WHERE a.document_id = ? AND a.kind = 'commit'
        AND NOT EXISTS (SELECT 1 FROM audit_log u WHERE u.document_id = a.document_id AND u.undo_of = a.revision)`,
    )
    .bind(documentId)
    .first<{ revision: number | null }>();
  if (target?.revision == null) return null;
  const later = await d1
    .prepare(`SELECT count(DISTINCT revision) AS n FROM audit_log WHERE document_id = ? AND revision > ?`)
    .bind(documentId, target.revision)
    .first<{ n: number }>();
  if ((later?.n ?? 0) !== currentRevision - target.revision) return 'blocked';
  const rows = await dbOf(env)
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.documentId, documentId), eq(auditLog.revision, target.revision)))
    .orderBy(asc(auditLog.seq));
  return {
    revision: target.revision,
    records: rows.map((r) => ({ index: r.seq, before: JSON.parse(r.before), after: JSON.parse(r.after) })),
  };
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    revision: r.revision,
    seq: r.seq,
    kind: r.kind === 'undo' ? 'undo' : 'commit',
    action: r.action as AuditEntry['action'],
    targetId: r.targetId,
    operation: JSON.parse(r.operation),
    reportId: r.reportId,
    undoOf: r.undoOf,
    undone: r.kind === 'commit' && r.undone != null,
    before: JSON.parse(r.before),
    after: JSON.parse(r.after),
    createdAt: r.createdAt,
  };
}
