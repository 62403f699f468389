// The quick check and the report shapes (docs/contracts/verification.md#quick-check). Pure: the Worker loads the canonical graph and stores
// the report (worker/services/verify.ts, storage/reports.ts).
export { quickCheck, type QuickCheckInput } from './quick-check';
export { applyScope, MAX_SCOPE_SECTIONS, MAX_SCOPE_UNITS, type ScopeRequest } from './scope';
export { MAX_ISSUES_PER_CODE, MAX_ISSUES_PER_REPORT } from './issues';
export { hasRelationEvidence, edgeKeyOf } from './edge-rules';
export { similarPairs, type SimilarPair } from './similar-pairs';
export * from './types';
