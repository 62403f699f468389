// POST /api/documents/:id/fact-check { expectedRevision?, mode?: quick|deep, sources?: (wikipedia|rules)[], rules?, model? }
//   → 202 with the fact_check task's status (issue 14, docs/contracts/fact-check.md). Unknown sources are refused (400).
// GET  /api/documents/:id/fact-check → { report: FactCheckReport | null, stale }
// POST /api/documents/:id/fact-check/claims/:claimId { status: open|accepted|rejected } → { report, stale } (write access)
// Access: starting a check needs what a model review (POST …/verify, mode standard) needs — read access; see
// worker/auth/document-access.ts READING_POSTS and docs/trust-loop.md#external-fact-check.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  FACT_CHECK_MODES,
  FACT_CHECK_SOURCES,
  FACT_CLAIM_STATUSES,
  MAX_RULES_CHARS,
} from '../../core/fact-check/types';
import { readJson, type AppEnv } from '../lib/http';
import { ModelIdField, optionalTextField } from '../lib/request-fields';
import { MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { latestFactCheck, setClaimStatus, startFactCheck } from '../services/fact-check';
import { KgError } from '../../core/errors';

export const FactCheckBody = z.strictObject({
  expectedRevision: z.number().int().nonnegative().optional(),
  mode: z.enum(FACT_CHECK_MODES).optional(),
  sources: z
    .array(z.enum(FACT_CHECK_SOURCES))
    .max(FACT_CHECK_SOURCES.length * 2)
    .optional(),
  rules: optionalTextField(MAX_RULES_CHARS * 2),
  model: ModelIdField,
});

export const ClaimStatusBody = z.strictObject({ status: z.enum(FACT_CLAIM_STATUSES) });
const CLAIM_ID = /^c\d{1,4}$/;

export const factCheckRoutes = new Hono<AppEnv>()
  .post('/:id/fact-check', async (c) => {
    const body = await readJson(c, FactCheckBody, MAX_SMALL_BODY_BYTES);
    return c.json(await startFactCheck(c.env, c.req.param('id'), body), 202);
  })
  .get('/:id/fact-check', async (c) => c.json(await latestFactCheck(c.env, c.req.param('id'))))
  .post('/:id/fact-check/claims/:claimId', async (c) => {
    const body = await readJson(c, ClaimStatusBody, MAX_SMALL_BODY_BYTES);
    const claimId = c.req.param('claimId');
    if (!CLAIM_ID.test(claimId)) throw new KgError('not_found', `No claim ${claimId.slice(0, 20)}.`);
    return c.json(await setClaimStatus(c.env, c.req.param('id'), claimId, body.status));
  });
