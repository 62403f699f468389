// The model review (docs/contracts/verification.md#model-review), pure: batches, prompts, the host-side filter of each answer (quotes must
// authenticate, confidence floor, fixes sanitised), the verifier pass, the merge with the quick check's issues.
// The Durable Object task (durable-objects/tasks/review.ts) loads the canonical state and passes the model call in.
export { MAX_REVIEW_NODES, REVIEW_BATCH_CHARS, REVIEW_BATCH_NODES, reviewBatches, type ReviewBatch } from './batches';
export { checkEvidence, type CheckedEvidence } from './evidence';
export { isOutputFailure, parseJsonObject } from './json';
export { mergeIssues } from './merge';
export { normaliseReviewAnswer, type DropReason, type ReviewGraph } from './normalize';
export { REVIEW_SYSTEM_PROMPT, VERIFIER_SYSTEM_PROMPT, subgraphJson } from './prompt';
export { buildStandardReport } from './report';
export { askJsonObject, type Ask } from './ask-json';
export {
  REVIEW_ATTEMPTS,
  REVIEW_CALL_MS,
  VERIFIER_CALL_MS,
  runReview,
  type BatchOutcome,
  type ReviewRunResult,
} from './run';
export { applyVerifier } from './verifier';
export { ReviewParamsSchema, ReviewScopeSchema, type ReviewParams } from './params';
