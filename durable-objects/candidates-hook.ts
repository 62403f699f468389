// After every published revision: derive the entity and claim candidates and sync them into D1 (review statuses
// kept by stable id, candidates of vanished nodes removed). The candidates service also catches up on read, so a
// commit path that runs no hooks, or a failed hook, only delays the sync.
import { deriveCandidates } from '../core/candidates/derive';
import { syncCandidates } from '../storage/candidates';
import type { AfterCommitHook } from './after-commit';

export const candidatesHook: AfterCommitHook = async (env, _sql, committed) => {
  const derived = await deriveCandidates(committed.documentId, committed.graph);
  await syncCandidates(env, committed.documentId, committed.revision, derived, committed.committedAt);
};
