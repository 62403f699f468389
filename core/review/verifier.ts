// The verifier pass (docs/contracts/verification.md#model-review, standard mode): a second call sees the candidate issues with the batch's
// units and names the ones it confirms; only those survive. The model may name an issue by its full id (b2:i1) or
// by the id it gave it (i1). When the verifier call itself fails, every candidate is kept and the report says so.
import type { VerificationIssue } from '../verify/types';
import { isRecord } from './json';

export interface VerifierOutcome {
  kept: VerificationIssue[];
  /** Ids the verifier did not confirm. */
  rejected: string[];
}

export function applyVerifier(
  candidates: readonly VerificationIssue[],
  answer: Record<string, unknown>,
): VerifierOutcome {
  const named = new Set<string>();
  for (const item of Array.isArray(answer.kept) ? answer.kept : []) {
    const id = isRecord(item) ? item.id : item;
    if (typeof id === 'string' || typeof id === 'number') named.add(String(id).trim());
  }
  const kept: VerificationIssue[] = [];
  const rejected: string[] = [];
  for (const issue of candidates) {
    const own = issue.id.slice(issue.id.indexOf(':') + 1);
    if (named.has(issue.id) || named.has(own)) kept.push(issue);
    else rejected.push(issue.id);
  }
  return { kept, rejected };
}
