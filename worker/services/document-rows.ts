// D1 rows of one document: the document row itself and everything that hangs off it.
import { eq } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { documents, edges, evidence, nodes, tasks, units } from '../db/schema';

export async function deleteDocumentRows(db: DrizzleD1Database, documentId: string): Promise<void> {
  await db.batch([
    db.delete(evidence).where(eq(evidence.documentId, documentId)),
    db.delete(edges).where(eq(edges.documentId, documentId)),
    db.delete(nodes).where(eq(nodes.documentId, documentId)),
    db.delete(units).where(eq(units.documentId, documentId)),
    db.delete(tasks).where(eq(tasks.documentId, documentId)),
    db.delete(documents).where(eq(documents.id, documentId)),
  ]);
}
