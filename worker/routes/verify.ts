// POST /api/documents/:id/verify { mode, expectedRevision?, sectionIds?, units?, model? } — the quick check answers
//   { report, stale: false } at once (and stores it); mode "standard" is the model review task.
// GET /api/documents/:id/reports?kind=quick|standard|question — the latest report of each kind, with `stale`.
// POST /api/documents/:id/reports/:reportId/issues/:issueId { status: open|accepted|rejected } → { reportId, issueId,
//   status }: a reader's decision on an issue ("Ignore" = rejected), stored in the report (write access).
import { Hono } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { MAX_SCOPE_SECTIONS, MAX_SCOPE_UNITS, REPORT_KINDS, type IssueStatus } from '../../core/verify';
import { readJson, type AppEnv } from '../lib/http';
import { enumParam, parseQuery } from '../lib/query';
import { ModelIdField, SectionIdField } from '../lib/request-fields';
import { MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { documentReports, setIssueStatus, verifyDocument } from '../services/verify';

export const VerifyBody = z.strictObject({
  mode: z.enum(['quick', 'standard']),
  expectedRevision: z.number().int().nonnegative().optional(),
  sectionIds: z.array(SectionIdField).max(MAX_SCOPE_SECTIONS).optional(),
  units: z.array(z.number().int().positive()).max(MAX_SCOPE_UNITS).optional(),
  model: ModelIdField,
});

/** What a reader may set; `applied` is the commit's to write. */
export const SETTABLE_ISSUE_STATUSES = ['open', 'accepted', 'rejected'] as const satisfies readonly IssueStatus[];
export const IssueStatusBody = z.strictObject({ status: z.enum(SETTABLE_ISSUE_STATUSES) });
/** Report and issue ids as the server writes them (vq_…, loc12, …): anything else names nothing. */
const REPORT_PART_ID = /^[A-Za-z0-9_-]{1,80}$/;

export const ReportsQuery = z.object({ kind: enumParam(REPORT_KINDS) });

export const verifyRoutes = new Hono<AppEnv>()
  .post('/:id/verify', async (c) => {
    const body = await readJson(c, VerifyBody, MAX_SMALL_BODY_BYTES);
    if (body.sectionIds?.length && body.units?.length) {
      throw new KgError('invalid_input', {
        en: 'Give sectionIds or units, not both.',
        zh: 'sectionIds 与 units 只能二选一。',
      });
    }
    const answer = await verifyDocument(c.env, c.req.param('id'), body);
    return c.json(answer, 'taskId' in answer ? 202 : 200);
  })
  .get('/:id/reports', async (c) => {
    const { kind } = parseQuery(c, ReportsQuery);
    return c.json(await documentReports(c.env, c.req.param('id'), kind));
  })
  .post('/:id/reports/:reportId/issues/:issueId', async (c) => {
    const body = await readJson(c, IssueStatusBody, MAX_SMALL_BODY_BYTES);
    const { reportId, issueId } = c.req.param();
    if (!REPORT_PART_ID.test(reportId) || !REPORT_PART_ID.test(issueId))
      throw new KgError('not_found', `No issue ${issueId.slice(0, 20)} in report ${reportId.slice(0, 20)}.`);
    return c.json(await setIssueStatus(c.env, c.req.param('id'), reportId, issueId, body.status));
  });
