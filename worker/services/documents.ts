// Documents: creation (source to R2, row to D1, task to the document's Durable Object), listing, reading, soft
// deletion, restore and the lazy purge of deleted documents past their 30 days.
import { KgError, isKgError } from '../../core/errors';
import { isDocumentId, newDocumentId, newId, sha256Hex } from '../../core/ids';
import { MAX_TEXT_CHARS, MAX_TITLE_CHARS, purgeTime } from '../../core/limits';
import {
  extractionParams,
  type DocumentDetail,
  type DocumentSummary,
  type Section,
  type SourceKind,
  type TaskStatus,
} from '../../core/schema';
import { pageWithCursor } from '../../core/schema/cursor';
import { stripControls } from '../../core/text/well-formed';
import { combineTexts } from '../../core/units/append';
import { documentObject } from '../../durable-objects/client';
import { resolveModel } from '../../models/registry';
import { deleteTaskBlobs, getSource, putTaskSource, sourceKey } from '../../storage/blobs';
import { findDocumentRow, findDocumentRowAnyState, type DocumentRow } from '../../storage/document-rows';
import {
  documentSortKey,
  documentsNewestFirst,
  insertDocumentWithTask,
  readDocumentCursor,
  type DocumentListing,
} from '../../storage/documents';
import { deleteTask, insertTask } from '../../storage/tasks';
import { newDocumentCredentials, type DocumentCreator } from '../auth/document-credentials';

export interface CreateDocumentInput {
  title?: string;
  text: string;
  model?: string;
  /** 'trace' for an agent's execution trace (worker/services/traces.ts); 'text' otherwise. */
  sourceKind?: SourceKind;
  /** A PDF's page starts in `text` (core/files): its units carry their pages. */
  pages?: number[];
}

/** `creator` says who owns the document and whether it gets an open-mode write capability (worker/auth/). */
export async function createDocument(env: Env, input: CreateDocumentInput, creator: DocumentCreator) {
  if (input.text.length > MAX_TEXT_CHARS) {
    throw new KgError(
      'input_too_large',
      `The text has ${input.text.length} characters; the limit is ${MAX_TEXT_CHARS}.`,
    );
  }
  if (!input.text.trim()) throw new KgError('invalid_input', 'The text is empty.');
  const model = resolveModel(env, input.model);
  const sourceKind = input.sourceKind ?? 'text';
  const documentId = newDocumentId();
  const taskId = newId('task');
  const sourceId = await sha256Hex(input.text);
  const title = (input.title?.trim() || deriveTitle(input.text)).slice(0, MAX_TITLE_CHARS);
  const now = Date.now();
  const sourceKey = await putTaskSource(env, documentId, taskId, input.text);
  const credentials = await newDocumentCredentials(documentId, creator);
  await insertDocumentWithTask(
    env,
    {
      id: documentId,
      title,
      ...credentials.columns,
      chars: input.text.length,
      model: model.id,
      sourceKind,
      createdAt: now,
    },
    { id: taskId, kind: 'extract' },
  );
  await documentObject(env, documentId).start({
    taskId,
    documentId,
    kind: 'extract',
    model: model.id,
    title,
    sourceKey,
    sourceId,
    params: extractionParams(sourceKind, input.pages),
  });
  return { documentId, taskId, revision: 0, ...credentials.answer };
}

export function deriveTitle(text: string): string {
  const firstLine = text.trim().split(/\r?\n/, 1)[0] ?? '';
  // A title keeps no controls (core/text/well-formed.ts), even when it comes from the text.
  const clean = stripControls(firstLine)
    .replace(/^[#>\s`*-]+/, '')
    .trim();
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean || 'Untitled';
}

export interface AppendInput {
  text: string;
  model?: string;
  expectedRevision?: number;
}

/**
 * Appends text to a document: the combined source is stored as a new version and the document's Durable Object runs
 * an append task over the new units only (the base graph and units stay as they are). Fenced by revision.
 */
export async function appendToDocument(env: Env, documentId: string, input: AppendInput) {
  const doc = await getDocumentRow(env, documentId);
  if (!input.text.trim()) throw new KgError('invalid_input', 'The text is empty.');
  const base = doc.sourceId ? await getSource(env, sourceKey(documentId, doc.sourceId)) : '';
  const { text, appendFrom } = combineTexts(base, input.text);
  if (text.length > MAX_TEXT_CHARS) {
    throw new KgError(
      'input_too_large',
      `Appended, the text would have ${text.length} characters; the limit is ${MAX_TEXT_CHARS}.`,
    );
  }
  const model = resolveModel(env, input.model ?? preferredModel(env, doc.model));
  const taskId = newId('task');
  const sourceId = await sha256Hex(text);
  const key = await putTaskSource(env, documentId, taskId, text);
  await insertTask(env, { id: taskId, documentId, kind: 'append', createdAt: Date.now() });
  // Whatever the answer, this request's own task row and blobs go unless the object accepted this very task: a
  // refusal (busy, revision_conflict) or a retry joined to the identical task already running (same text, same base).
  const discardOwn = async () => {
    await deleteTask(env, taskId);
    await deleteTaskBlobs(env, documentId, taskId);
  };
  let started: TaskStatus;
  try {
    started = await documentObject(env, documentId).start({
      taskId,
      documentId,
      kind: 'append',
      model: model.id,
      title: doc.title,
      sourceKey: key,
      sourceId,
      appendFrom,
      expectedRevision: input.expectedRevision,
      params: extractionParams(doc.sourceKind as SourceKind),
    });
  } catch (error) {
    if (isKgError(error)) await discardOwn();
    throw error;
  }
  if (started.taskId !== taskId) {
    await discardOwn();
    return { documentId, taskId: started.taskId, revision: doc.revision };
  }
  return { documentId, taskId, revision: doc.revision };
}

/** The model a document was made with, if it is still configured; otherwise the default. */
export function preferredModel(env: Env, id: string): string | undefined {
  try {
    return resolveModel(env, id).id;
  } catch {
    return undefined;
  }
}

export async function listDocuments(
  env: Env,
  owner: string | null,
  cursor: string | undefined,
  limit: number,
  listing: DocumentListing = 'live',
) {
  const after = cursor ? readDocumentCursor(cursor) : null;
  const rows = await documentsNewestFirst(env, { owner }, after, limit + 1, listing);
  return documentPage(listing === 'deleted' ? await withoutPurged(env, rows) : rows, limit, listing);
}

/** A listing's answer from up to `limit + 1` rows newest first: the summaries and the next page's cursor. */
export function documentPage(
  rows: readonly DocumentRow[],
  limit: number,
  listing: DocumentListing = 'live',
): { items: DocumentSummary[]; nextCursor: string | null } {
  const { page, nextCursor } = pageWithCursor(rows, limit, documentSortKey(listing));
  return { items: page.map(toSummary), nextCursor };
}

/** Whether a deleted document is past its 30 days (its alarm may not have fired yet). */
function purgeDue(row: DocumentRow, now: number): boolean {
  return row.deletedAt !== null && purgeTime(row.deletedAt) <= now;
}

/** Lazy purge on read: deleted rows past their 30 days are purged now and left out of the answer. */
export async function withoutPurged(env: Env, rows: readonly DocumentRow[]): Promise<DocumentRow[]> {
  const now = Date.now();
  const kept: DocumentRow[] = [];
  for (const row of rows) {
    if (purgeDue(row, now)) await documentObject(env, row.id).destroy();
    else kept.push(row);
  }
  return kept;
}

export async function getDocumentRow(env: Env, documentId: string) {
  if (!isDocumentId(documentId)) throw new KgError('not_found', 'No such document.');
  const row = await findDocumentRow(env, documentId);
  if (!row) throw new KgError('not_found', 'No such document.');
  return row;
}

export async function getDocument(env: Env, documentId: string): Promise<DocumentDetail> {
  const row = await getDocumentRow(env, documentId);
  const activeTask = await documentObject(env, documentId).activeTask();
  return {
    ...toSummary(row),
    createdAt: row.createdAt,
    model: row.model,
    sourceId: row.sourceId,
    unitCount: row.unitCount,
    summary: row.summary,
    sections: JSON.parse(row.sections) as Section[],
    audit: row.audit ? JSON.parse(row.audit) : null,
    activeTask,
  };
}

/** Soft delete: the document can be restored for 30 days (restoreDocument), then its object purges it. */
export async function deleteDocument(env: Env, documentId: string) {
  await getDocumentRow(env, documentId);
  const { deletedAt, purgeAt } = await documentObject(env, documentId).softDelete(Date.now());
  return { deleted: true as const, documentId, deletedAt, purgeAt };
}

/**
 * Brings a deleted document back at the revision it had. A document that is not deleted answers restored: false
 * (a retried restore is harmless); one past its 30 days is purged now and not found.
 */
export async function restoreDocument(env: Env, documentId: string) {
  const row = isDocumentId(documentId) ? await findDocumentRowAnyState(env, documentId) : null;
  if (!row) throw new KgError('not_found', 'No such document.');
  if (row.deletedAt === null) return { restored: false, documentId, revision: row.revision };
  if (purgeDue(row, Date.now())) {
    await documentObject(env, documentId).destroy();
    throw new KgError('not_found', 'The document was deleted more than 30 days ago and is purged.');
  }
  await documentObject(env, documentId).restore();
  return { restored: true, documentId, revision: row.revision };
}

export function toSummary(row: DocumentRow): DocumentSummary {
  return {
    documentId: row.id,
    title: row.title,
    revision: row.revision,
    nodeCount: row.nodeCount,
    edgeCount: row.edgeCount,
    chars: row.chars,
    updatedAt: row.updatedAt,
    sourceKind: row.sourceKind as SourceKind,
    model: row.model,
    ...(row.deletedAt === null ? {} : { deletedAt: row.deletedAt, purgeAt: purgeTime(row.deletedAt) }),
  };
}
