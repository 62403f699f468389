// Graph edits: POST /api/documents/:id/commit and /undo (write access), GET /api/documents/:id/audit (read access).
import { Hono } from 'hono';
import { z } from 'zod';
import { CommitRequestSchema, UndoRequestSchema } from '../../core/operations';
import { readJson, type AppEnv } from '../lib/http';
import { intParam, parseQuery, stringParam } from '../lib/query';
import { MAX_COMMIT_BODY_BYTES, MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { commitOperations, listAudit, undoLastCommit } from '../services/commit';

export const AuditQuery = z.object({ limit: intParam({ min: 1, max: 200, fallback: 50 }), cursor: stringParam() });

export const commitRoutes = new Hono<AppEnv>()
  .post('/:id/commit', async (c) => {
    const body = await readJson(c, CommitRequestSchema, MAX_COMMIT_BODY_BYTES);
    return c.json(await commitOperations(c.env, c.req.param('id'), body));
  })
  .post('/:id/undo', async (c) => {
    const body = await readJson(c, UndoRequestSchema, MAX_SMALL_BODY_BYTES);
    return c.json(await undoLastCommit(c.env, c.req.param('id'), body.expectedRevision));
  })
  .get('/:id/audit', async (c) => {
    const { limit, cursor } = parseQuery(c, AuditQuery);
    return c.json(await listAudit(c.env, c.req.param('id'), cursor, limit));
  });
