// Descriptions of the trust loop's routes: checks, questions, commits and undo, the audit log, candidates.
import { z } from 'zod';
import { UndoRequestSchema } from '../../../core/operations';
import { CandidatesQuery, PatchBody } from '../../routes/candidates';
import { AuditQuery, CommitBody } from '../../routes/commit';
import { QuestionBody } from '../../routes/questions';
import { IssueStatusBody, ReportsQuery, SETTABLE_ISSUE_STATUSES, VerifyBody } from '../../routes/verify';
import { op } from '../registry';
import * as S from '../schemas';

const TRUST = 'Trust';

export const trustOperations = [
  op({
    method: 'post',
    path: '/api/documents/:id/verify',
    tag: TRUST,
    access: 'read',
    summary: 'Check the graph: quick (at once) or standard (a model review task)',
    body: VerifyBody,
    bodyExample: { mode: 'quick' },
    responses: {
      200: { description: 'mode quick: the report, stored as the latest quick report.', schema: S.VerifyAnswer },
      202: { description: 'mode standard: the review task; its result is the report.', schema: S.TaskStatusSchema },
    },
    errors: ['invalid_input', 'model_required', 'unknown_model', 'busy', 'revision_conflict'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/reports',
    tag: TRUST,
    access: 'read',
    summary: 'The latest report of each kind, with `stale` when the graph moved on',
    query: ReportsQuery,
    responses: { 200: { description: 'Reports.', schema: S.ReportsAnswer } },
    errors: ['invalid_input'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/reports/:reportId/issues/:issueId',
    tag: TRUST,
    access: 'write',
    summary: "Set an issue's status in its stored report (rejected = ignored, accepted, open); a reload shows it",
    body: IssueStatusBody,
    bodyExample: { status: 'rejected' },
    responses: {
      200: {
        description: 'The issue and its new status.',
        schema: z.object({ reportId: z.string(), issueId: z.string(), status: z.enum(SETTABLE_ISSUE_STATUSES) }),
      },
    },
    errors: ['invalid_input', 'not_found'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/questions',
    tag: TRUST,
    access: 'read',
    summary: 'Question a node, a relation or the whole graph (a model task)',
    body: QuestionBody,
    bodyExample: { question: 'Is this supported by the text?', target: { kind: 'node', id: 'n3' } },
    responses: { 202: { description: 'The question task; its result is the verdict.', schema: S.TaskStatusSchema } },
    errors: ['invalid_input', 'model_required', 'unknown_model', 'busy', 'revision_conflict'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/commit',
    tag: TRUST,
    access: 'write',
    summary: 'Apply fixes to the whole canonical graph as one new revision',
    body: CommitBody,
    bodyExample: {
      expectedRevision: 1,
      operations: [{ action: 'update_node', nodePatch: { id: 'n3', patch: { text: 'Alice founded Acme in 2001.' } } }],
    },
    responses: { 200: { description: 'The new revision and its audit entries.', schema: S.CommitAnswer } },
    errors: [
      'invalid_input',
      'busy',
      'revision_conflict',
      'node_id_conflict',
      'invalid_operation',
      'invariant_violation',
    ],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/undo',
    tag: TRUST,
    access: 'write',
    summary: 'Undo the newest commit not yet undone, as a new revision',
    body: UndoRequestSchema,
    bodyExample: { expectedRevision: 2 },
    responses: { 200: { description: 'The new revision.', schema: S.UndoAnswer } },
    errors: ['invalid_input', 'busy', 'revision_conflict', 'nothing_to_undo', 'invariant_violation'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/audit',
    tag: TRUST,
    access: 'read',
    summary: 'The audit log of commits and undos, newest first',
    query: AuditQuery,
    responses: { 200: { description: 'One page of audit entries.', schema: S.AuditPage } },
    errors: ['invalid_input'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/candidates',
    tag: TRUST,
    access: 'read',
    summary: 'Entity and claim candidates for review',
    query: CandidatesQuery,
    responses: { 200: { description: 'One page of candidates.', schema: S.CandidatePage } },
    errors: ['invalid_input'],
  }),
  op({
    method: 'patch',
    path: '/api/documents/:id/candidates/:candidateId',
    tag: TRUST,
    access: 'write',
    summary: "Set a candidate's review status",
    body: PatchBody,
    bodyExample: { status: 'accepted' },
    responses: { 200: { description: 'The candidate.', schema: z.object({ candidate: S.CandidateSchema }) } },
    errors: ['invalid_input'],
  }),
];
