// GET   /api/documents/:id/candidates?kind=entity|claim|all&status=candidate|accepted|rejected|all&cursor=&limit=
// PATCH /api/documents/:id/candidates/:candidateId { status }   (write access, like every non-GET document route)
import { Hono } from 'hono';
import { z } from 'zod';
import { readJson, type AppEnv } from '../lib/http';
import { enumParam, intParam, parseQuery, stringParam } from '../lib/query';
import { MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { CANDIDATE_KINDS, CANDIDATE_STATUSES, readCandidates, updateCandidate } from '../services/candidates';

export const PatchBody = z.strictObject({ status: z.enum(CANDIDATE_STATUSES) });

export const CandidatesQuery = z.object({
  kind: enumParam([...CANDIDATE_KINDS, 'all'], { fallback: 'all' }),
  status: enumParam([...CANDIDATE_STATUSES, 'all'], { fallback: 'all' }),
  limit: intParam({ min: 1, max: 500, fallback: 100 }),
  cursor: stringParam(),
});

/** `all` (the default) filters nothing. */
const unlessAll = <T extends string>(value: T | 'all') => (value === 'all' ? undefined : value);

export const candidateRoutes = new Hono<AppEnv>()
  .get('/:id/candidates', async (c) => {
    const { kind, status, limit, cursor } = parseQuery(c, CandidatesQuery);
    return c.json(
      await readCandidates(c.env, c.req.param('id'), {
        kind: unlessAll(kind),
        status: unlessAll(status),
        cursor,
        limit,
      }),
    );
  })
  .patch('/:id/candidates/:candidateId', async (c) => {
    const body = await readJson(c, PatchBody, MAX_SMALL_BODY_BYTES);
    return c.json(await updateCandidate(c.env, c.req.param('id'), c.req.param('candidateId'), body.status));
  });
