// GET   /api/documents/:id/candidates?kind=entity|claim|all&status=candidate|accepted|rejected|all&cursor=&limit=
// PATCH /api/documents/:id/candidates/:candidateId { status }   (write access, like every non-GET document route)
import { Hono } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { intQuery, readJson, type AppEnv } from '../lib/http';
import { MAX_SMALL_BODY_BYTES } from '../lib/request-limits';
import { CANDIDATE_KINDS, CANDIDATE_STATUSES, readCandidates, updateCandidate } from '../services/candidates';

export const PatchBody = z.strictObject({ status: z.enum(CANDIDATE_STATUSES) });

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === '' || value === 'all') return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new KgError('invalid_input', `${name} must be one of: ${[...allowed, 'all'].join(', ')}.`);
  return value as T;
}

export const candidateRoutes = new Hono<AppEnv>()
  .get('/:id/candidates', async (c) => {
    const kind = oneOf('kind', c.req.query('kind'), CANDIDATE_KINDS);
    const status = oneOf('status', c.req.query('status'), CANDIDATE_STATUSES);
    const limit = intQuery(c, 'limit', 100, 1, 500);
    return c.json(
      await readCandidates(c.env, c.req.param('id'), {
        kind,
        status,
        cursor: c.req.query('cursor') || undefined,
        limit,
      }),
    );
  })
  .patch('/:id/candidates/:candidateId', async (c) => {
    const body = await readJson(c, PatchBody, MAX_SMALL_BODY_BYTES);
    return c.json(await updateCandidate(c.env, c.req.param('id'), c.req.param('candidateId'), body.status));
  });
