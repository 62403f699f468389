// Graph edits: POST /api/documents/:id/commit and /undo (write access), GET /api/documents/:id/audit (read access).
import { Hono } from 'hono';
import { CommitRequestSchema, UndoRequestSchema } from '../../core/operations';
import { intQuery, readJson, type AppEnv } from '../lib/http';
import { MAX_COMMIT_BODY_BYTES, MAX_SMALL_BODY_BYTES } from '../lib/request-limits';
import { commitOperations, listAudit, undoLastCommit } from '../services/commit';

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
    const limit = intQuery(c, 'limit', 50, 1, 200);
    return c.json(await listAudit(c.env, c.req.param('id'), c.req.query('cursor') || undefined, limit));
  });
