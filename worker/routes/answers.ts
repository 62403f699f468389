// POST /api/documents/:id/answers → 202 with the answer task's status (docs/contracts/answers.md#request-and-result). Read access suffices
// (worker/auth/document-access.ts): asking never changes the graph.
import { Hono } from 'hono';
import { KgError } from '../../core/errors';
import type { AppEnv } from '../lib/http';
import { startAnswer } from '../services/answers';

/** A question and its filters are small; the cap keeps a forged graph in the body from costing anything. */
const MAX_ANSWER_BODY_CHARS = 64 * 1024;

export const answerRoutes = new Hono<AppEnv>().post('/:id/answers', async (c) => {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new KgError('invalid_input', { en: 'Send the body as application/json.', zh: '请求体须为 JSON。' });
  const raw = await c.req.text();
  if (raw.length > MAX_ANSWER_BODY_CHARS)
    throw new KgError('input_too_large', {
      en: `The body exceeds ${MAX_ANSWER_BODY_CHARS} characters.`,
      zh: `请求体超过 ${MAX_ANSWER_BODY_CHARS} 个字符。`,
    });
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new KgError('invalid_input', { en: 'The body is not valid JSON.', zh: '请求体不是合法的 JSON。' });
  }
  return c.json(await startAnswer(c.env, c.req.param('id'), body), 202);
});
