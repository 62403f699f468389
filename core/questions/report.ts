// The result of a question task (docs/contracts/questions.md#context-and-answer), stored beside the verification reports of its revision.
import { newId } from '../ids';
import type { ProposedFix } from '../schema/fixes';
import type { IssueEvidence } from '../verify/types';
import type { NormalisedAnswer } from './answer';
import type { QuestionTarget } from './context';
import type { Verdict } from './prompt';

/** Characters of a question (docs/contracts/questions.md#route). */
export const MAX_QUESTION_CHARS = 600;

export interface QuestionReport {
  reportId: string;
  mode: 'question';
  documentId: string;
  revision: number;
  createdAt: number;
  model: string;
  question: string;
  /** For an edge, `id` is the edge's id and `edgeKey` its `from>to`. */
  target: QuestionTarget & { edgeKey?: string };
  verdict: Verdict;
  answer: string;
  evidence: IssueEvidence[];
  /** `none` unless the verdict is contradicted or insufficient and the fix passed the sanitiser. */
  proposedFix: ProposedFix;
  /** The answer's first 80 characters. */
  summary: string;
  warnings: string[];
}

export interface QuestionReportInput {
  documentId: string;
  revision: number;
  model: string;
  question: string;
  target: QuestionReport['target'];
  answer: NormalisedAnswer;
  now: number;
}

export function buildQuestionReport(input: QuestionReportInput): QuestionReport {
  return {
    reportId: newId('vq'),
    mode: 'question',
    documentId: input.documentId,
    revision: input.revision,
    createdAt: input.now,
    model: input.model,
    question: input.question,
    target: input.target,
    verdict: input.answer.verdict,
    answer: input.answer.answer,
    evidence: input.answer.evidence,
    proposedFix: input.answer.proposedFix,
    summary: input.answer.answer.slice(0, 80),
    warnings: input.answer.warnings,
  };
}
