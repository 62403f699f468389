// POST /api/documents/:id/questions { question, target: { kind: node|edge|graph, id? }, expectedRevision?, model? }
//   → 202 with the question task's status (docs/contracts/questions.md#route). Read access suffices: a question never changes
//   the graph (a proposed fix is applied, if at all, through POST …/commit).
import { Hono } from 'hono';
import { z } from 'zod';
import { KgError } from '../../core/errors';
import { MAX_QUESTION_CHARS, QuestionTargetSchema } from '../../core/questions';
import { hasVisibleText } from '../../core/text/well-formed';
import { parseWith, readJson, type AppEnv } from '../lib/http';
import { ModelIdField } from '../lib/request-fields';
import { MAX_SMALL_BODY_BYTES } from '../lib/body-sizes';
import { startQuestion } from '../services/questions';

export const QuestionBody = z.strictObject({
  question: z.string(),
  target: z.strictObject({ kind: z.enum(['node', 'edge', 'graph']), id: z.string().max(401).optional() }),
  expectedRevision: z.number().int().nonnegative().optional(),
  model: ModelIdField,
});

export const questionRoutes = new Hono<AppEnv>().post('/:id/questions', async (c) => {
  const body = await readJson(c, QuestionBody, MAX_SMALL_BODY_BYTES);
  const question = body.question.trim();
  if (!hasVisibleText(question))
    throw new KgError('invalid_input', { en: 'Type a question first.', zh: '请先输入要质疑的问题。' });
  if (question.length > MAX_QUESTION_CHARS) {
    throw new KgError('invalid_input', {
      en: `A question has at most ${MAX_QUESTION_CHARS} characters.`,
      zh: `质疑问题不能超过 ${MAX_QUESTION_CHARS} 字。`,
    });
  }
  if (body.target.kind !== 'graph' && !body.target.id?.trim()) {
    throw new KgError('invalid_input', { en: 'A node or relation target needs its id.', zh: '质疑目标缺少 id。' });
  }
  const target = parseWith(QuestionTargetSchema, body.target.kind === 'graph' ? { kind: 'graph' } : body.target);
  return c.json(
    await startQuestion(c.env, c.req.param('id'), {
      question,
      target,
      expectedRevision: body.expectedRevision,
      model: body.model,
    }),
    202,
  );
});
