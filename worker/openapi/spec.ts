// The OpenAPI 3.1 document, generated from the route descriptions (worker/openapi/operations/) and thereby from the
// zod schemas the routes validate with. Built once per isolate; GET /api/openapi.json serves it.
import { z } from 'zod';
import { ERROR_CATALOG, type ErrorCode } from '../../core/errors';
import { publishedSchema } from '../lib/query';
import { OPERATIONS } from './operations';
import { BODY_ERRORS, COMMON_ERRORS, DOCUMENT_ERRORS, type OperationDoc } from './registry';
import { errorEnvelope, ErrorEnvelope } from './schemas';

type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's own dialect) of a zod schema; requests as accepted, responses as sent. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

/** '/api/documents/:id/graph' → '/api/documents/{id}/graph'. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const DOCUMENT_SCOPED = /^\/api\/(documents|traces|tasks)\/:/;

/** The typed errors an operation may answer with, grouped by HTTP status. */
export function errorCodesByStatus(doc: OperationDoc): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>([...COMMON_ERRORS, ...doc.errors]);
  if (doc.body) for (const code of BODY_ERRORS) codes.add(code);
  if (DOCUMENT_SCOPED.test(doc.path)) for (const code of DOCUMENT_ERRORS) codes.add(code);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes].sort()) {
    const status = ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

const ACCESS_TEXT: Record<OperationDoc['access'], string> = {
  public: 'Public: no token, even when KG_API_TOKEN is set.',
  any: 'Any caller (a token when KG_API_TOKEN is set).',
  create: 'A key with the write scope (open mode: anyone).',
  read: 'Read access to the document: its owner, an admin, a read capability (kgc_), or in open mode anyone with the id.',
  write: "Write access to the document: its owner's write key, an admin, or in open mode its write capability (kgw_).",
  admin: 'An admin key (KG_API_TOKEN or a key with the admin scope).',
};

function operationId(doc: OperationDoc): string {
  const words = doc.path
    .replace(/^\/api\//, '')
    .split(/[/.]/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `by-${w.slice(1)}` : w));
  return [doc.method, ...words].join('-').replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase());
}

function parameters(doc: OperationDoc): Json[] {
  const params: Json[] = [...doc.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const [name, param] of Object.entries(doc.query?.shape ?? {})) {
    const published = publishedSchema(param);
    const schema = jsonSchema(published, 'input');
    params.push({
      name,
      in: 'query',
      required: !published.safeParse(undefined).success,
      schema,
      ...(schema.description ? { description: schema.description } : {}),
    });
  }
  return params;
}

function operation(doc: OperationDoc): Json {
  const responses: Json = {};
  for (const [status, res] of Object.entries(doc.responses)) {
    const type = res.contentType ?? 'application/json';
    responses[status] = {
      description: res.description,
      ...(type === 'none'
        ? {}
        : {
            content: {
              [type]: {
                ...(res.schema ? { schema: jsonSchema(res.schema, 'output') } : {}),
                ...(res.example !== undefined ? { example: res.example } : {}),
              },
              ...Object.fromEntries((res.alternatives ?? []).map((alt) => [alt, {}])),
            },
          }),
    };
  }
  for (const [status, codes] of errorCodesByStatus(doc)) {
    responses[status] = {
      description: codes.map((c) => `\`${c}\``).join(', '),
      content: {
        'application/json': {
          schema: jsonSchema(errorEnvelope(codes), 'output'),
          example: { error: { code: codes[0], message: ERROR_CATALOG[codes[0]].en } },
        },
      },
    };
  }
  return {
    operationId: operationId(doc),
    summary: doc.summary,
    description: [doc.description, `Access: ${ACCESS_TEXT[doc.access]}`].filter(Boolean).join('\n\n'),
    tags: [doc.tag],
    ...(doc.access === 'public' ? { security: [] } : {}),
    parameters: parameters(doc),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: {
              [doc.bodyContentType ?? 'application/json']: {
                schema: jsonSchema(doc.body, 'input'),
                ...(doc.bodyExample !== undefined ? { example: doc.bodyExample } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

let built: Json | undefined;

/** The whole document; `origin` (the request's) becomes its server. */
export function openApiDocument(version: string, origin?: string): Json {
  built ??= build();
  return { ...built, info: { ...(built.info as Json), version }, ...(origin ? { servers: [{ url: origin }] } : {}) };
}

function build(): Json {
  const paths: Record<string, Json> = {};
  for (const doc of OPERATIONS) {
    const path = openApiPath(doc.path);
    paths[path] = { ...paths[path], [doc.method]: operation(doc) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'kg-workbench API',
      version: '0',
      summary:
        'Turn text into a grounded knowledge graph: documents, extraction tasks, graph reads, questions, checks and fixes.',
      description:
        'JSON everywhere. Every error is `{ "error": { "code", "message" } }` with the HTTP status of its code (core/errors.ts); the message follows Accept-Language (Chinese for zh*, English otherwise); malformed input never yields a 5xx. Tokens go in `Authorization: Bearer …` (README "Access"): with no KG_API_TOKEN configured (open mode) reading needs only a document id, and creating a document returns its write capability once.',
      license: { name: 'See the repository' },
    },
    tags: ['Documents', 'Tasks', 'Reading', 'Ask', 'Trust', 'Traces', 'Access', 'Service'].map((name) => ({ name })),
    security: [{ bearer: [] }, {}],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'KG_API_TOKEN, an API key (kgk_), a read capability (kgc_) or an open-mode write capability (kgw_).',
        },
      },
      schemas: { Error: jsonSchema(ErrorEnvelope, 'output') },
    },
  };
}
