// The quick check and the report shapes (docs/contracts/verification.md#quick-check). Pure: the Worker loads the canonical graph and stores
// the report (worker/services/verify.ts, storage/reports.ts).
export { quickCheck } from './quick-check';
export { applyScope, MAX_SCOPE_SECTIONS, MAX_SCOPE_UNITS } from './scope';
export * from './types';
