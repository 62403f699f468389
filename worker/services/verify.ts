// Verification of a stored graph. The server loads the canonical graph itself (never one sent by a browser), checks
// it against the revision the caller saw, and answers the quick check synchronously, storing the report per
// revision. The model review (mode "standard") runs as a task in the document's object: startModelReview.
import { KgError } from '../../core/errors';
import type { Section } from '../../core/schema';
import { quickCheck, type IssueStatus, type ReportKind, type VerificationReport } from '../../core/verify';
import type { DocumentRow } from '../../storage/document-rows';
import { loadCanonical } from '../../storage/graph-load';
import { latestReports, saveReport, setReportIssueStatus, type StoredReport } from '../../storage/reports';
import { getDocumentRow } from './documents';
import { startReviewTask } from './review';

export interface VerifyRequest {
  mode: 'quick' | 'standard';
  expectedRevision?: number;
  sectionIds?: string[];
  units?: number[];
  model?: string;
}

export type VerifyAnswer = { report: VerificationReport; stale: false } | { taskId: string; [key: string]: unknown };

/** Loads of the canonical graph retried when a commit lands in the middle of one (the pages would mix revisions). */
const LOAD_ATTEMPTS = 3;

export async function verifyDocument(env: Env, documentId: string, request: VerifyRequest): Promise<VerifyAnswer> {
  const row = await getDocumentRow(env, documentId);
  assertRevision(row, request.expectedRevision);
  if (request.mode === 'standard') return startModelReview(env, row, request);
  if (row.nodeCount === 0)
    throw new KgError('invalid_input', {
      en: 'The document has no graph to check yet.',
      zh: '当前没有可验证的知识图。',
    });
  checkScope(row, request);
  return { report: await runQuickCheck(env, row, request), stale: false };
}

async function runQuickCheck(env: Env, row: DocumentRow, request: VerifyRequest): Promise<VerificationReport> {
  let revision = row.revision;
  let summary = row.summary;
  for (let attempt = 1; ; attempt++) {
    const { graph, units } = await loadCanonical(env, row.id, summary);
    const after = await getDocumentRow(env, row.id);
    if (after.revision === revision) {
      assertRevision(after, request.expectedRevision);
      const report = quickCheck({
        documentId: row.id,
        revision,
        graph,
        units,
        scope: { sectionIds: request.sectionIds, units: request.units },
        now: Date.now(),
      });
      await saveReport(env, report);
      return report;
    }
    if (attempt >= LOAD_ATTEMPTS)
      throw new KgError('storage_error', 'The document kept changing while it was read; retry.');
    revision = after.revision;
    summary = after.summary;
  }
}

/**
 * mode "standard": the model review task (docs/contracts/verification.md#model-review), worker/services/review.ts. With no model configured
 * it answers model_required (never a made-up verdict); the task stores its report (mode 'standard').
 */
export async function startModelReview(env: Env, row: DocumentRow, request: VerifyRequest): Promise<VerifyAnswer> {
  checkScope(row, request);
  return { ...(await startReviewTask(env, row, request)) };
}

/** The latest report of each kind (or of one kind) with `stale` against the document's current revision. */
export async function documentReports(
  env: Env,
  documentId: string,
  kind?: ReportKind,
): Promise<{ documentId: string; revision: number; reports: StoredReport[] }> {
  const row = await getDocumentRow(env, documentId);
  return { documentId: row.id, revision: row.revision, reports: await latestReports(env, row.id, row.revision, kind) };
}

function assertRevision(row: DocumentRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== row.revision) {
    throw new KgError(
      'revision_conflict',
      {
        en: `The document is at revision ${row.revision}, not ${expected}.`,
        zh: `文档当前版本为 ${row.revision}，而非 ${expected}。`,
      },
      { currentRevision: row.revision },
    );
  }
}

/** Section ids must be the document's; unit numbers must exist. */
function checkScope(row: DocumentRow, request: VerifyRequest): void {
  if (request.sectionIds?.length) {
    const known = new Set((JSON.parse(row.sections) as Section[]).map((s) => s.id));
    const unknown = request.sectionIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw new KgError('invalid_input', {
        en: `Unknown section ids: ${unknown.slice(0, 5).join(', ')}.`,
        zh: `未知的章节：${unknown.slice(0, 5).join('、')}。`,
      });
  }
  const outside = request.units?.filter((n) => n > row.unitCount) ?? [];
  if (outside.length)
    throw new KgError('invalid_input', {
      en: `The document has ${row.unitCount} units; ${outside[0]} is not one.`,
      zh: `文档只有 ${row.unitCount} 个段落，不存在第 ${outside[0]} 段。`,
    });
}

/** An issue's status as a reader set it (Ignore = rejected), stored in its report's body. */
export async function setIssueStatus(
  env: Env,
  documentId: string,
  reportId: string,
  issueId: string,
  status: IssueStatus,
): Promise<{ reportId: string; issueId: string; status: IssueStatus }> {
  const row = await getDocumentRow(env, documentId);
  if (!(await setReportIssueStatus(env, row.id, reportId, issueId, status)))
    throw new KgError('not_found', {
      en: `The document has no report ${reportId.slice(0, 40)} with an issue ${issueId.slice(0, 40)}.`,
      zh: `该文档没有报告 ${reportId.slice(0, 40)} 或其中没有问题 ${issueId.slice(0, 40)}。`,
    });
  return { reportId, issueId, status };
}
