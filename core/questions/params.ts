// What a question task takes as input: validated by the route, kept on the task record, parsed again by the task's
// handler. A node or relation target names its id (a relation by its id or by the seed's `from>to`).
import { z } from 'zod';
import { MAX_QUESTION_CHARS } from './report';

export const QuestionTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('node'), id: z.string().trim().min(1).max(200) }),
  z.strictObject({ kind: z.literal('edge'), id: z.string().trim().min(1).max(401) }),
  z.strictObject({ kind: z.literal('graph'), id: z.string().max(401).optional() }),
]);

export const QuestionParamsSchema = z.strictObject({
  question: z.string().trim().min(1).max(MAX_QUESTION_CHARS),
  target: QuestionTargetSchema,
});
export type QuestionParams = z.infer<typeof QuestionParamsSchema>;
