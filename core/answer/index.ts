// answer-graph (docs/contracts/answers.md): evidence-admitted answers over a graph query's retrieval.
export * from './types';
export { parseAnswerRequest, ANSWER_LIMITS } from './request';
export { buildCatalogue, citedParagraphs, CATALOGUE_LIMITS } from './catalogue';
export { fallbackScanner, FALLBACK_LIMITS, type FallbackScanner } from './fallback';
export { buildAnswerPrompt, catalogueLine, ANSWER_SYSTEM_PROMPT, RETRY_NOTE } from './prompt';
export { parseAnswerOutput } from './parse';
export { admitAnswer, ADMISSION_LIMITS } from './admit';
export { judgeClause, authorityAllows, supportText } from './gates';
export { renderLine, renderPart, FIXED_TEXTS } from './render';
export { prepareAnswer, finishAnswer, type PreparedAnswer } from './pipeline';
export { extractiveDraft, relevanceTokens, BUILTIN_EXTRACTIVE_ID, EXTRACTIVE } from './extractive';
export { answerExportedGraph } from './static';
export { langOfQuestion } from './wording';
