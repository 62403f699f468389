// Questioning a node, a relation or the whole graph (docs/contracts/questions.md), pure: the context a question shows the
// model, the prompt, the normalisation of its answer and the stored result. The Durable Object task
// (durable-objects/tasks/question.ts) loads the canonical state and passes the model call in.
export { normaliseQuestionAnswer } from './answer';
export { questionContext, type QuestionTarget } from './context';
export { buildQuestionPrompt } from './prompt';
export { buildQuestionReport, MAX_QUESTION_CHARS, type QuestionReport } from './report';
export { QuestionParamsSchema, QuestionTargetSchema, type QuestionParams } from './params';
