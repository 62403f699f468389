// Questioning a node, a relation or the whole graph (docs/contracts/questions.md), pure: the context a question shows the
// model, the prompt, the normalisation of its answer and the stored result. The Durable Object task
// (durable-objects/tasks/question.ts) loads the canonical state and passes the model call in.
export { normaliseQuestionAnswer, MAX_ANSWER_CHARS, type NormalisedAnswer } from './answer';
export { findEdge, questionContext, type QuestionContext, type QuestionTarget } from './context';
export { buildQuestionPrompt, QUESTION_SYSTEM_PROMPT, VERDICTS, type Verdict } from './prompt';
export { buildQuestionReport, MAX_QUESTION_CHARS, type QuestionReport } from './report';
export { QuestionParamsSchema, QuestionTargetSchema, type QuestionParams } from './params';
