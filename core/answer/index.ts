// answer-graph (docs/contracts/answers.md): evidence-admitted answers over a graph query's retrieval.
export * from './types';
export { parseAnswerRequest, ANSWER_LIMITS } from './request';
export { citedParagraphs } from './catalogue';
export { fallbackScanner } from './fallback';
export { buildAnswerPrompt, RETRY_NOTE } from './prompt';
export { parseAnswerOutput } from './parse';
export { prepareAnswer, finishAnswer, type PreparedAnswer } from './pipeline';
export { extractiveDraft } from './extractive';
export { answerExportedGraph } from './static';
