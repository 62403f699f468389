// Descriptions of the external fact-check's routes (issue 14): start, latest report, a claim's status.
import { z } from 'zod';
import {
  FACT_CHECK_MODES,
  FACT_CHECK_SOURCES,
  FACT_CLAIM_STATUSES,
  FACT_VERDICTS,
} from '../../../core/fact-check/types';
import { NodeTypeSchema } from '../../../core/schema/graph';
import { ClaimStatusBody, FactCheckBody } from '../../routes/fact-check';
import { op } from '../registry';
import * as S from '../schemas';

const TRUST = 'Trust';

const Evidence = z.strictObject({
  id: z.string().describe('"c3:w1" (Wikipedia hit 1 of claim c3) or "r2" (rule passage 2).'),
  provider: z.enum(['wikipedia', 'rules']),
  url: z.string().nullable(),
  title: z.string(),
  snippet: z.string(),
});

const Claim = z.strictObject({
  id: z.string(),
  nodeId: z.string(),
  kind: NodeTypeSchema,
  unit: z.number().int().positive().nullable(),
  quote: z.string(),
  claim: z.string(),
  checkworthy: z.number(),
  status: z.enum(FACT_CLAIM_STATUSES),
  verdict: z.enum(FACT_VERDICTS),
  confidence: z.number().min(0).max(1),
  rationale: z.string(),
  correction: z.string(),
  evidence: z.array(Evidence),
  evidenceQuote: z.string(),
});

export const FactCheckReportSchema = z.strictObject({
  reportId: z.string(),
  documentId: z.string(),
  revision: z.number().int().nonnegative(),
  mode: z.enum(FACT_CHECK_MODES),
  sources: z.array(z.enum(FACT_CHECK_SOURCES)),
  createdAt: z.number().int(),
  model: z.string(),
  summary: z.string(),
  metrics: z.strictObject({
    totalClaims: z.number().int(),
    supported: z.number().int(),
    contradicted: z.number().int(),
    partially_supported: z.number().int(),
    insufficient: z.number().int(),
    unverifiable: z.number().int(),
    out_of_scope: z.number().int(),
    judged: z
      .number()
      .int()
      .describe(
        'Claims judged against evidence: deep mode, those citing an evidence item; quick mode, every claim that could be checked.',
      ),
    supportedRate: z
      .number()
      .int()
      .describe('round(100 · supported among the judged / judged); 0 when none was judged.'),
  }),
  warnings: z
    .array(z.string())
    .describe(
      'Codes for programs (the panel shows them in words), e.g. wikipedia_unavailable:zh:http_500, fact_evidence_quote_not_found:c3, fact_evidence_quote_off_topic:c3, fact_verdict_downgraded_no_quote:c3',
    ),
  claims: z.array(Claim),
});

const Latest = z.strictObject({ report: FactCheckReportSchema.nullable(), stale: z.boolean() });

export const factCheckOperations = [
  op({
    method: 'post',
    path: '/api/documents/:id/fact-check',
    tag: TRUST,
    access: 'read',
    summary: "Check the graph's claims against Wikipedia and pasted rules (a model task)",
    description:
      'mode deep (default) judges from retrieved evidence; quick from the model alone (confidence capped at 0.6). sources default to ["wikipedia"], plus "rules" when rules are given.',
    body: FactCheckBody,
    bodyExample: {
      mode: 'deep',
      sources: ['wikipedia', 'rules'],
      rules: 'Article 1. The speed limit in towns is 50 km/h.',
    },
    responses: { 202: { description: 'The fact_check task; its result is the report.', schema: S.TaskStatusSchema } },
    errors: ['invalid_input', 'model_required', 'unknown_model', 'busy', 'revision_conflict'],
  }),
  op({
    method: 'get',
    path: '/api/documents/:id/fact-check',
    tag: TRUST,
    access: 'read',
    summary: 'The latest fact-check report, with `stale` when the graph moved on',
    responses: { 200: { description: 'The report, or null before the first check.', schema: Latest } },
    errors: [],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/fact-check/claims/:claimId',
    tag: TRUST,
    access: 'write',
    summary: "Set a claim's status on the latest report (accepted, rejected = ignored, open)",
    body: ClaimStatusBody,
    bodyExample: { status: 'rejected' },
    responses: { 200: { description: 'The updated report.', schema: Latest } },
    errors: ['invalid_input'],
  }),
];
