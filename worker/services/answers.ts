// Starting an answer task: the request validated (core/answer/request.ts), the document checked at request time
// (it exists and has a graph; expectedRevision still current), the answerer resolved, then a read-only task in the
// document's object (one task per document: busy otherwise). Its result arrives on the task (GET /api/tasks/:id).
import { parseAnswerRequest } from '../../core/answer';
import { KgError } from '../../core/errors';
import { RevisionConflict } from '../../core/query';
import type { TaskStatus } from '../../core/schema';
import { resolveAnswerer } from '../../models/answerers';
import { getDocumentRow } from './documents';
import { startReadTask } from './tasks';

export async function startAnswer(env: Env, documentId: string, body: unknown): Promise<TaskStatus> {
  const request = parseAnswerRequest(body);
  const doc = await getDocumentRow(env, documentId);
  if (doc.revision === 0 || doc.nodeCount === 0) {
    throw new KgError('not_found', {
      en: 'There is no canonical knowledge graph to query.',
      zh: '找不到可检索的 canonical knowledge graph',
    });
  }
  if (request.expectedRevision !== undefined && request.expectedRevision !== doc.revision)
    throw new RevisionConflict(doc.revision);
  const answerer = resolveAnswerer(env, request.model);
  // The object fences the start by revision again (its own record is authoritative): a commit in between is a conflict.
  return startReadTask(env, documentId, doc.title, {
    kind: 'answer',
    model: answerer.id,
    params: request,
    expectedRevision: doc.revision,
  });
}
