// POST /api/documents/:id/answers → 202 with the answer task's status (docs/contracts/answers.md). Read access
// suffices (worker/auth/document-access.ts): asking never changes the graph. The body is read like every JSON body
// (strict UTF-8, no lone surrogate: worker/lib/http.ts) and validated by core/answer's zod-free parser.
import { Hono } from 'hono';
import { parseJsonText, readJsonText, type AppEnv } from '../lib/http';
import { MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { startAnswer } from '../services/answers';

export const answerRoutes = new Hono<AppEnv>().post('/:id/answers', async (c) => {
  // A question and its filters are small; the cap keeps a forged graph in the body from costing anything.
  const body = parseJsonText(await readJsonText(c, MAX_SMALL_BODY_BYTES));
  return c.json(await startAnswer(c.env, c.req.param('id'), body), 202);
});
