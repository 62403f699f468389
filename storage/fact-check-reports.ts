// Fact-check reports in D1 (issue 14), one row per report, kept per revision; the latest is what GET
// …/fact-check answers, `stale` when the document's revision differs from the report's (after an append or a
// commit). A claim's status (accepted / rejected / open) is set on the latest report in place.
import { and, desc, eq, sql } from 'drizzle-orm';
import { KgError } from '../core/errors';
import type { FactCheckReport, FactClaimStatus } from '../core/fact-check/types';
import { dbOf, runSqlBatch, type DbEnv } from './db';
import { factCheckReports } from './schema';

/** Reports kept per document; older ones are pruned when a new one is saved. */
export const FACT_CHECK_REPORTS_KEPT = 10;

export async function saveFactCheckReport(env: DbEnv, report: FactCheckReport): Promise<void> {
  const { reportId, documentId, revision, createdAt } = report;
  // One batch (a transaction): the new report and the pruning of the oldest beyond FACT_CHECK_REPORTS_KEPT.
  await runSqlBatch(env, [
    sql`INSERT INTO fact_check_reports (id, document_id, revision, created_at, body)
      VALUES (${reportId}, ${documentId}, ${revision}, ${createdAt}, ${JSON.stringify(report)})`,
    sql`DELETE FROM fact_check_reports WHERE document_id = ${documentId} AND id NOT IN (
      SELECT id FROM fact_check_reports WHERE document_id = ${documentId}
      ORDER BY created_at DESC, id DESC LIMIT ${FACT_CHECK_REPORTS_KEPT})`,
  ]);
}

export async function latestFactCheckReport(env: DbEnv, documentId: string): Promise<FactCheckReport | null> {
  const [row] = await dbOf(env)
    .select({ body: factCheckReports.body })
    .from(factCheckReports)
    .where(eq(factCheckReports.documentId, documentId))
    .orderBy(desc(factCheckReports.createdAt), desc(factCheckReports.id))
    .limit(1);
  return row ? (JSON.parse(row.body) as FactCheckReport) : null;
}

/** Sets one claim's status on the latest report; answers the updated report (not_found without report or claim). */
export async function setFactClaimStatus(
  env: DbEnv,
  documentId: string,
  claimId: string,
  status: FactClaimStatus,
): Promise<FactCheckReport> {
  const report = await latestFactCheckReport(env, documentId);
  if (!report)
    throw new KgError('not_found', {
      en: 'The document has no fact-check report yet.',
      zh: '该文档还没有外部核查报告。',
    });
  const claim = report.claims.find((c) => c.id === claimId);
  if (!claim)
    throw new KgError('not_found', {
      en: `The latest fact-check report has no claim ${claimId}.`,
      zh: `最新的外部核查报告中没有声明 ${claimId}。`,
    });
  claim.status = status;
  await dbOf(env)
    .update(factCheckReports)
    .set({ body: JSON.stringify(report) })
    .where(and(eq(factCheckReports.documentId, documentId), eq(factCheckReports.id, report.reportId)));
  return report;
}
