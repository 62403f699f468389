// Graph edits and their audit trail: commit and undo go to the document's Durable Object (the only writer of the
// canonical graph); the audit log is read straight from D1.
import { KgError } from '../../core/errors';
import type { AuditPage, CommitRequest, CommitResponse, Operation, UndoResponse } from '../../core/operations';
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
  const after = cursor ? decodeAuditCursor(cursor) : null;
  const items = await readAuditPage(env, documentId, after, limit + 1);
  const page = items.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: items.length > limit && last ? encodeAuditCursor({ revision: last.revision, seq: last.seq }) : null,
  };
}

function encodeAuditCursor(c: AuditCursor): string {
  return btoa(`${c.revision}|${c.seq}`).replace(/=+$/, '');
}

function decodeAuditCursor(cursor: string): AuditCursor {
  try {
    const [revision, seq] = atob(cursor).split('|').map(Number);
    if (!Number.isSafeInteger(revision) || !Number.isSafeInteger(seq) || revision < 0 || seq < 0)
      throw new Error('bad cursor');
    return { revision, seq };
  } catch {
    throw new KgError('invalid_input', 'cursor is not valid.');
  }
}
