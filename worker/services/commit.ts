// Graph edits and their audit trail: commit and undo go to the document's Durable Object (the only writer of the
// canonical graph); the audit log is read straight from D1.
import { KgError } from '../../core/errors';
import type { AuditPage, CommitRequest, CommitResponse, Operation, UndoResponse } from '../../core/operations';
import { decodeCursor, pageWithCursor } from '../../core/schema/cursor';
import { documentObject } from '../../durable-objects/client';
import { readAuditPage, type AuditCursor } from '../../storage/audit';
import { getDocumentRow } from './documents';

export async function commitOperations(env: Env, documentId: string, body: CommitRequest): Promise<CommitResponse> {
  await getDocumentRow(env, documentId);
  const operations = body.operations.filter((op): op is Operation => op.action !== 'none');
  if (operations.length === 0) throw new KgError('invalid_input', 'operations: every operation is "none".');
  const request = {
    kind: 'commit' as const,
    documentId,
    expectedRevision: body.expectedRevision,
    operations,
    ...(body.reportId ? { reportId: body.reportId } : {}),
  };
  return (await documentObject(env, documentId).edit(request)) as CommitResponse;
}

export async function undoLastCommit(env: Env, documentId: string, expectedRevision: number): Promise<UndoResponse> {
  await getDocumentRow(env, documentId);
  return (await documentObject(env, documentId).edit({ kind: 'undo', documentId, expectedRevision })) as UndoResponse;
}

export async function listAudit(
  env: Env,
  documentId: string,
  cursor: string | undefined,
  limit: number,
): Promise<AuditPage> {
  await getDocumentRow(env, documentId);
  const after = cursor ? readAuditCursor(cursor) : null;
  const items = await readAuditPage(env, documentId, after, limit + 1);
  const { page, nextCursor } = pageWithCursor(items, limit, (entry) => [entry.revision, entry.seq]);
  return { items: page, nextCursor };
}

/** An audit cursor holds (revision, seq) of the previous page's last entry. */
function readAuditCursor(cursor: string): AuditCursor {
  return decodeCursor(cursor, (parts) => {
    const [revision = -1, seq = -1] = parts.map(Number); // a missing part is no key
    return Number.isSafeInteger(revision) && Number.isSafeInteger(seq) && revision >= 0 && seq >= 0
      ? { revision, seq }
      : null;
  });
}
