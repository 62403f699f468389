// D1 rows of one document: the document row itself and everything that hangs off it.
import { and, eq, isNull } from 'drizzle-orm';
import { dbOf, type DbEnv } from './db';
import {
  auditLog,
  candidates,
  candidateSync,
  documents,
  edges,
  evidence,
  factCheckReports,
  mentions,
  nodes,
  reports,
  tasks,
  units,
} from './schema';

export type DocumentRow = typeof documents.$inferSelect;

/** The document row, or null when there is none or it is deleted (soft delete: only restore sees it). */
export async function findDocumentRow(env: DbEnv, documentId: string): Promise<DocumentRow | null> {
  const rows = await dbOf(env)
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The document row, deleted or not (restore and purge), or null when there is none. */
export async function findDocumentRowAnyState(env: DbEnv, documentId: string): Promise<DocumentRow | null> {
  const rows = await dbOf(env).select().from(documents).where(eq(documents.id, documentId)).limit(1);
  return rows[0] ?? null;
}

/** The document's current revision, or null once it is gone or deleted. */
export async function readRevision(env: DbEnv, documentId: string): Promise<number | null> {
  const [row] = await dbOf(env)
    .select({ revision: documents.revision })
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)));
  return row?.revision ?? null;
}

/** Soft delete: the row stays, marked; every read that is not a restore stops finding it. */
export async function markDeleted(env: DbEnv, documentId: string, now: number): Promise<void> {
  await dbOf(env).update(documents).set({ deletedAt: now }).where(eq(documents.id, documentId));
}

/** Restore: the mark goes, and the document is found again at the revision it had. */
export async function clearDeleted(env: DbEnv, documentId: string): Promise<void> {
  await dbOf(env).update(documents).set({ deletedAt: null }).where(eq(documents.id, documentId));
}

/**
 * A document whose first extraction ended without publishing anything (cancelled or failed): kept, so its task
 * stays readable, but marked so that listings leave out an empty document nobody asked to keep.
 */
export async function markAbandoned(env: DbEnv, documentId: string, now: number): Promise<void> {
  await dbOf(env)
    .update(documents)
    .set({ abandonedAt: now })
    .where(and(eq(documents.id, documentId), eq(documents.revision, 0)));
}

/** Sets the secret that signs the document's read capabilities, only while it has none (a first issue). */
export async function setCapabilitySecretIfUnset(env: DbEnv, documentId: string, secret: string): Promise<void> {
  await dbOf(env)
    .update(documents)
    .set({ capabilitySecret: secret })
    .where(and(eq(documents.id, documentId), isNull(documents.capabilitySecret)));
}

/** Replaces the capability secret: every read capability signed with the old one stops verifying. */
export async function replaceCapabilitySecret(env: DbEnv, documentId: string, secret: string): Promise<void> {
  await dbOf(env).update(documents).set({ capabilitySecret: secret }).where(eq(documents.id, documentId));
}

export async function deleteDocumentRows(env: DbEnv, documentId: string): Promise<void> {
  const db = dbOf(env);
  await db.batch([
    db.delete(evidence).where(eq(evidence.documentId, documentId)),
    db.delete(mentions).where(eq(mentions.documentId, documentId)),
    db.delete(edges).where(eq(edges.documentId, documentId)),
    db.delete(nodes).where(eq(nodes.documentId, documentId)),
    db.delete(units).where(eq(units.documentId, documentId)),
    db.delete(tasks).where(eq(tasks.documentId, documentId)),
    db.delete(auditLog).where(eq(auditLog.documentId, documentId)),
    db.delete(reports).where(eq(reports.documentId, documentId)),
    db.delete(factCheckReports).where(eq(factCheckReports.documentId, documentId)),
    db.delete(candidates).where(eq(candidates.documentId, documentId)),
    db.delete(candidateSync).where(eq(candidateSync.documentId, documentId)),
    db.delete(documents).where(eq(documents.id, documentId)),
  ]);
}
