// Graph edits: POST /api/documents/:id/commit and /undo (write access), GET /api/documents/:id/audit (read access).
import { Hono } from 'hono';
import { z } from 'zod';
import { CommitRequestSchema, UndoRequestSchema } from '../../core/operations';
import { hasVisibleText } from '../../core/text/well-formed';
import { readJson, type AppEnv } from '../lib/http';
import { refuseEmpty } from '../lib/request-fields';
import { intParam, parseQuery, stringParam } from '../lib/query';
import { MAX_COMMIT_BODY_BYTES, MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { commitOperations, listAudit, undoLastCommit } from '../services/commit';

/**
 * The commit body: a node's text is required, so text with nothing visible in it is refused like an empty one
 * (core/text/well-formed.ts); a summary with nothing visible is an empty summary (core/operations/apply.ts).
 */
export const CommitBody = CommitRequestSchema.superRefine((body, ctx) => {
  body.operations.forEach((op, i) => {
    if (op.action !== 'update_node' && op.action !== 'add_node') return;
    const text = op.nodePatch.patch.text;
    if (text !== undefined && !hasVisibleText(text)) refuseEmpty(ctx, ['operations', i, 'nodePatch', 'patch', 'text']);
  });
});

export const AuditQuery = z.object({ limit: intParam({ min: 1, max: 200, fallback: 50 }), cursor: stringParam() });

export const commitRoutes = new Hono<AppEnv>()
  .post('/:id/commit', async (c) => {
    const body = await readJson(c, CommitBody, MAX_COMMIT_BODY_BYTES);
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
