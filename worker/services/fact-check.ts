// The external fact-check (issue 14): starting it (the model resolved first — model_required when none is
// configured, never a made-up verdict; the request's sources resolved and refused when they cannot run; the
// document checked at request time), then a read-only 'fact_check' task in the document's object (busy while
// another task runs). The latest report with `stale`, and a claim's status on it.
import { KgError } from '../../core/errors';
import { resolveFactCheckParams, type FactCheckInput } from '../../core/fact-check/params';
import type { FactCheckLatest, FactCheckReport, FactClaimStatus } from '../../core/fact-check/types';
import type { TaskStatus } from '../../core/schema';
import { requireLanguageModel } from '../../models/ask';
import { latestFactCheckReport, setFactClaimStatus } from '../../storage/fact-check-reports';
import { getDocumentRow } from './documents';
import { startReadTask } from './tasks';

export interface FactCheckStart extends FactCheckInput {
  expectedRevision?: number;
  model?: string;
}

export async function startFactCheck(env: Env, documentId: string, request: FactCheckStart): Promise<TaskStatus> {
  const params = resolveFactCheckParams(request);
  const config = requireLanguageModel(env, request.model);
  const doc = await getDocumentRow(env, documentId);
  if (request.expectedRevision !== undefined && request.expectedRevision !== doc.revision) {
    throw new KgError(
      'revision_conflict',
      {
        en: `The document is at revision ${doc.revision}, not ${request.expectedRevision}.`,
        zh: `文档当前版本为 ${doc.revision}，而非 ${request.expectedRevision}。`,
      },
      { currentRevision: doc.revision },
    );
  }
  if (doc.revision === 0 || doc.nodeCount === 0) {
    throw new KgError('invalid_input', { en: 'There is no graph to fact-check yet.', zh: '当前没有可核查的知识图。' });
  }
  return startReadTask(env, doc.id, doc.title, {
    kind: 'fact_check',
    model: config.id,
    params,
    expectedRevision: doc.revision,
  });
}

export async function latestFactCheck(env: Env, documentId: string): Promise<FactCheckLatest> {
  const doc = await getDocumentRow(env, documentId);
  const report = await latestFactCheckReport(env, doc.id);
  return { report, stale: report !== null && report.revision !== doc.revision };
}

export async function setClaimStatus(
  env: Env,
  documentId: string,
  claimId: string,
  status: FactClaimStatus,
): Promise<FactCheckLatest & { report: FactCheckReport }> {
  const doc = await getDocumentRow(env, documentId);
  const report = await setFactClaimStatus(env, doc.id, claimId, status);
  return { report, stale: report.revision !== doc.revision };
}
