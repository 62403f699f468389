// Starting a question (POST /api/documents/:id/questions): the model resolved first (model_required when none is
// configured), the document checked at request time (it has a graph; expectedRevision still current), then a
// read-only 'question' task in the document's object (busy while another task runs). A target that does not exist
// in the revision fails the task with not_found; the answer arrives on the task (`result`) and in GET …/reports.
import { KgError } from '../../core/errors';
import type { QuestionParams } from '../../core/questions';
import type { TaskStatus } from '../../core/schema';
import { requireLanguageModel } from '../../models/ask';
import { getDocumentRow } from './documents';
import { startReadTask } from './tasks';

export interface QuestionRequest extends QuestionParams {
  expectedRevision?: number;
  model?: string;
}

export async function startQuestion(env: Env, documentId: string, request: QuestionRequest): Promise<TaskStatus> {
  const config = requireLanguageModel(env, request.model);
  const doc = await getDocumentRow(env, documentId);
  if (doc.revision === 0 || doc.nodeCount === 0) {
    throw new KgError('invalid_input', { en: 'There is no graph to question yet.', zh: '当前没有可质疑的知识图。' });
  }
  if (request.expectedRevision !== undefined && request.expectedRevision !== doc.revision) {
    throw new KgError('revision_conflict', {
      en: `The document is at revision ${doc.revision}, not ${request.expectedRevision}.`,
      zh: `文档当前版本为 ${doc.revision}，而非 ${request.expectedRevision}。`,
    });
  }
  const params: QuestionParams = { question: request.question, target: request.target };
  return startReadTask(env, doc.id, doc.title, {
    kind: 'question',
    model: config.id,
    params,
    expectedRevision: doc.revision,
  });
}
