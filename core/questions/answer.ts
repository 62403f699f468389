// The host-side normalisation of a question's answer (docs/contracts/questions.md#context-and-answer): an unknown verdict becomes
// insufficient, the answer is capped, evidence quotes that do not authenticate are blanked (an empty list is
// allowed), the fix passes the shared sanitiser, and a supported or out_of_scope verdict never carries a fix.
import { NO_FIX, type ProposedFix } from '../schema/fixes';
import { sanitizeFix, type FixContext } from '../operations/sanitize';
import type { ContentUnit } from '../schema';
import { checkEvidence } from '../review/evidence';
import { textField } from '../review/json';
import type { IssueEvidence } from '../verify/types';
import type { QuestionContext } from './context';
import { VERDICTS, type Verdict } from './prompt';

export const MAX_ANSWER_CHARS = 2_000;

export interface NormalisedAnswer {
  verdict: Verdict;
  answer: string;
  evidence: IssueEvidence[];
  proposedFix: ProposedFix;
  warnings: string[];
}

export function normaliseQuestionAnswer(
  raw: Record<string, unknown>,
  ctx: QuestionContext,
  units: readonly ContentUnit[],
  fixes: FixContext,
): NormalisedAnswer {
  const warnings: string[] = [];
  const verdict: Verdict =
    typeof raw.verdict === 'string' && (VERDICTS as readonly string[]).includes(raw.verdict)
      ? (raw.verdict as Verdict)
      : 'insufficient';
  if (verdict !== raw.verdict) warnings.push('question_verdict_unknown:insufficient');
  const checked = checkEvidence(raw.evidence, units, ctx.units);
  if (checked.quoted > checked.authenticated)
    warnings.push(`question_evidence_blanked:${checked.quoted - checked.authenticated}`);
  let proposedFix: ProposedFix = NO_FIX;
  if (raw.proposedFix !== undefined && raw.proposedFix !== null) {
    const { fix, dropped } = sanitizeFix(raw.proposedFix, fixes);
    if (dropped) warnings.push(`question_fix_dropped:${dropped}`);
    proposedFix = fix;
  }
  if ((verdict === 'supported' || verdict === 'out_of_scope') && proposedFix.action !== 'none') {
    warnings.push(`question_fix_dropped:verdict_${verdict}`);
    proposedFix = NO_FIX;
  }
  return {
    verdict,
    answer: textField(raw.answer, MAX_ANSWER_CHARS),
    evidence: checked.evidence,
    proposedFix,
    warnings,
  };
}
