// Verification reports in D1, one row per report (quick check, model review, question), kept per revision. A report
// is stale when the document has moved past the revision it was computed from (after an append or a commit): that
// is computed on read from the document's revision, so no write has to touch old reports.
import type { VerificationReportHead } from '../core/export/format';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReportKind } from '../core/verify/types';
import { dbOf, runSqlBatch, type DbEnv } from './db';
import { reports } from './schema';

/** Reports kept per document and kind; older ones are pruned when a new one is saved. */
export const REPORTS_KEPT_PER_KIND = 20;
/** A stored body stays well under D1's 2 MB row limit: issues beyond it are dropped (and counted). */
export const MAX_REPORT_BODY_CHARS = 1_500_000;

/** What every stored report has; the rest of the body is the report's own (quick, standard or question). One shape
 * with the JSON export's report head (core/export/format.ts). */
export type StorableReport = VerificationReportHead;

export interface StoredReport<T extends StorableReport = StorableReport> {
  report: T;
  /** The document is past the report's revision: the report covers an older graph. */
  stale: boolean;
}

export async function saveReport(env: DbEnv, report: StorableReport): Promise<void> {
  const body = fitBody(report);
  const { documentId, mode } = report;
  // One D1 batch (a transaction): the new report and the pruning of the oldest beyond REPORTS_KEPT_PER_KIND.
  await runSqlBatch(env, [
    sql`INSERT INTO reports (id, document_id, kind, revision, created_at, body)
      VALUES (${report.reportId}, ${documentId}, ${mode}, ${report.revision}, ${report.createdAt}, ${body})`,
    sql`DELETE FROM reports WHERE document_id = ${documentId} AND kind = ${mode} AND id NOT IN (
      SELECT id FROM reports WHERE document_id = ${documentId} AND kind = ${mode}
      ORDER BY created_at DESC, id DESC LIMIT ${REPORTS_KEPT_PER_KIND})`,
  ]);
}

/** The newest report of each kind asked for (all kinds when none), with its staleness against `currentRevision`. */
export async function latestReports(
  env: DbEnv,
  documentId: string,
  currentRevision: number,
  kind?: ReportKind,
): Promise<StoredReport[]> {
  const db = dbOf(env);
  const kinds: ReportKind[] = kind ? [kind] : ['quick', 'standard', 'question'];
  const rows = await Promise.all(
    kinds.map((k) =>
      db
        .select({ body: reports.body })
        .from(reports)
        .where(and(eq(reports.documentId, documentId), eq(reports.kind, k)))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(1),
    ),
  );
  return rows.flatMap((r) => r.map((row) => stored(row.body, currentRevision)));
}

export function isStale(report: Pick<StorableReport, 'revision'>, currentRevision: number): boolean {
  return report.revision < currentRevision;
}

function stored(body: string, currentRevision: number): StoredReport {
  const report = JSON.parse(body) as StorableReport;
  return { report, stale: isStale(report, currentRevision) };
}

/** The body as JSON, its issue list shortened (and the omission counted in metrics.omittedIssues) if too long. */
function fitBody(report: StorableReport): string {
  let body = JSON.stringify(report);
  if (body.length <= MAX_REPORT_BODY_CHARS || !Array.isArray(report.issues)) return body;
  let keep = report.issues.length;
  while (body.length > MAX_REPORT_BODY_CHARS && keep > 0) {
    keep = Math.floor(keep / 2);
    const metrics = (report as { metrics?: { omittedIssues?: number } }).metrics;
    const dropped = report.issues.length - keep;
    body = JSON.stringify({
      ...report,
      issues: report.issues.slice(0, keep),
      ...(metrics ? { metrics: { ...metrics, omittedIssues: (metrics.omittedIssues ?? 0) + dropped } } : {}),
    });
  }
  return body;
}

/**
 * Sets one issue's status in a stored report's body (a reader's "Ignore" is `rejected`), so a reload shows it as it
 * was left. False when the document has no such report or the report no such issue.
 */
export async function setReportIssueStatus(
  env: DbEnv,
  documentId: string,
  reportId: string,
  issueId: string,
  status: string,
): Promise<boolean> {
  const db = dbOf(env);
  const [row] = await db
    .select({ body: reports.body })
    .from(reports)
    .where(and(eq(reports.documentId, documentId), eq(reports.id, reportId)))
    .limit(1);
  if (!row) return false;
  const report = JSON.parse(row.body) as StorableReport;
  const issue = (report.issues ?? []).find(
    (i): i is { id: string; status?: string } => (i as { id?: unknown } | null)?.id === issueId,
  );
  if (!issue) return false;
  issue.status = status;
  await db
    .update(reports)
    .set({ body: JSON.stringify(report) })
    .where(and(eq(reports.documentId, documentId), eq(reports.id, reportId)));
  return true;
}
