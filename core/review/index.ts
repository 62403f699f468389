// The model review (docs/contracts/verification.md#model-review), pure: batches, prompts, the host-side filter of each answer (quotes must
// authenticate, confidence floor, fixes sanitised), the verifier pass, the merge with the quick check's issues.
// The Durable Object task (durable-objects/tasks/review.ts) loads the canonical state and passes the model call in.
export { MAX_REVIEW_NODES, reviewBatches } from './batches';
export type { ReviewGraph } from './normalize';
export { buildStandardReport } from './report';
export { askJsonObject } from './ask-json';
export {
  runReview,
  type BatchOutcome,
} from './run';
export { ReviewParamsSchema, type ReviewParams } from './params';
