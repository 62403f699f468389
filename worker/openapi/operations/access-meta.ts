// Descriptions of keys, read capabilities, health, models and the API description itself.
import { z } from 'zod';
import { IssueBody } from '../../routes/capabilities';
import { CreateBody as KeyCreateBody } from '../../routes/keys';
import { EstimateBody } from '../../routes/estimate';
import { op } from '../registry';
import * as S from '../schemas';

const ACCESS = 'Access';
const META = 'Service';

export const accessOperations = [
  op({
    method: 'post',
    path: '/api/keys',
    tag: ACCESS,
    access: 'admin',
    summary: 'Create an API key (shown once)',
    body: KeyCreateBody,
    bodyExample: { label: 'alice', scopes: ['write'] },
    responses: { 201: { description: 'The key record and the key itself.', schema: S.ApiKeyCreated } },
    errors: ['invalid_input', 'forbidden'],
  }),
  op({
    method: 'get',
    path: '/api/keys',
    tag: ACCESS,
    access: 'admin',
    summary: 'List API keys (never the keys themselves)',
    responses: { 200: { description: 'Keys.', schema: S.ApiKeyList } },
    errors: ['forbidden'],
  }),
  op({
    method: 'delete',
    path: '/api/keys/:id',
    tag: ACCESS,
    access: 'admin',
    summary: 'Revoke an API key',
    responses: { 200: { description: 'The revoked key record.', schema: S.ApiKeyRevoked } },
    errors: ['forbidden', 'not_found'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/capabilities',
    tag: ACCESS,
    access: 'write',
    summary: 'Issue a read capability for embedding one document',
    body: IssueBody,
    bodyExample: { scope: 'read', ttlSeconds: 86400 },
    responses: { 201: { description: 'The capability token.', schema: S.ReadCapability } },
    errors: ['invalid_input'],
  }),
  op({
    method: 'post',
    path: '/api/documents/:id/capabilities/rotate',
    tag: ACCESS,
    access: 'write',
    summary: 'Revoke every read capability issued for the document so far',
    responses: { 200: { description: 'Rotated.', schema: S.Rotated } },
    errors: [],
  }),
];

export const metaOperations = [
  op({
    method: 'post',
    path: '/api/estimate',
    tag: META,
    access: 'any',
    summary: 'Estimate an extraction before running it (batches, calls, prompt size and tokens, cost)',
    description:
      "The same segmentation, batch plan and prompts the extraction will use, for the model named (or the default): batches exactly, prompt characters but for retries, tokens by a measured characters-per-token ratio (labelled an estimate), answer tokens, and a cost when the model's configuration carries prices. Nothing is stored and no model is called. An append's estimate: `dryRun: true` on POST /api/documents/{id}/append.",
    body: EstimateBody,
    bodyExample: { text: 'Graphs link concepts. A concept is an idea.', model: 'builtin:heuristic' },
    responses: { 200: { description: 'The estimate.', schema: S.RunEstimateSchema } },
    errors: ['invalid_input', 'input_too_large', 'unknown_model'],
  }),
  op({
    method: 'get',
    path: '/api/health',
    tag: META,
    access: 'public',
    summary: 'Liveness and version (never rate limited, never needs a token)',
    responses: { 200: { description: 'Healthy.', schema: S.Health, example: { ok: true, version: '0.1.0' } } },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/models',
    tag: META,
    access: 'any',
    summary: 'Configured extractors and answerers (ids, labels, capabilities; never keys)',
    responses: { 200: { description: 'Models and answerers.', schema: S.ModelsAnswer } },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/openapi.json',
    tag: META,
    access: 'any',
    summary: 'This description (OpenAPI 3.1)',
    responses: {
      200: {
        description: 'The OpenAPI document.',
        schema: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
      },
    },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/docs',
    tag: META,
    access: 'any',
    summary: 'The API reference for people (HTML rendered from this description; no script)',
    responses: { 200: { description: 'An HTML page.', contentType: 'text/html' } },
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/docs/style.css',
    tag: META,
    access: 'any',
    summary: 'The stylesheet of the reference page',
    responses: { 200: { description: 'CSS.', contentType: 'text/css' } },
    errors: [],
  }),
];
