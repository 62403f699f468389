// Starting a model review (POST /api/documents/:id/verify with mode "standard"): the model resolved first (with no
// language model configured the answer is model_required, never a made-up verdict), the size checked at request
// time for a whole-graph review, then a read-only 'review' task in the document's object (one task per document:
// busy otherwise). Its report arrives on the task (GET /api/tasks/:id, `result`) and in GET …/reports.
import { KgError } from '../../core/errors';
import { MAX_REVIEW_NODES, type ReviewParams } from '../../core/review';
import type { TaskStatus } from '../../core/schema';
import { requireLanguageModel } from '../../models/ask';
import type { DocumentRow } from '../../storage/document-rows';
import { startReadTask } from './tasks';

export interface ReviewRequest {
  model?: string;
  sectionIds?: string[];
  units?: number[];
}

export async function startReviewTask(env: Env, row: DocumentRow, request: ReviewRequest): Promise<TaskStatus> {
  const config = requireLanguageModel(env, request.model);
  if (row.revision === 0 || row.nodeCount === 0) {
    throw new KgError('invalid_input', { en: 'There is no graph to review yet.', zh: '当前没有可验证的知识图。' });
  }
  const scoped = Boolean(request.sectionIds?.length || request.units?.length);
  // A scoped review's node count is known only once the graph is loaded (the task checks it then).
  if (!scoped && row.nodeCount > MAX_REVIEW_NODES) {
    throw new KgError('limit_exceeded', {
      en: `A model review covers at most ${MAX_REVIEW_NODES} nodes; this graph has ${row.nodeCount}. Review it by section or unit list (sectionIds, units).`,
      zh: `一次 AI 审校最多 ${MAX_REVIEW_NODES} 个节点，当前图有 ${row.nodeCount} 个。请按章节或段落范围（sectionIds、units）审校。`,
    });
  }
  const params: ReviewParams = scoped ? { scope: { sectionIds: request.sectionIds, units: request.units } } : {};
  return startReadTask(env, row.id, row.title, {
    kind: 'review',
    model: config.id,
    params,
    expectedRevision: row.revision,
  });
}
