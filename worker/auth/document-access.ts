// The one check every document route passes (documentAccess and taskAccess below, mounted in worker/app.ts on
// /api/documents/:id/* and /api/tasks/:taskId/*): GET and HEAD need read access, every other
// method write access.
//
//   API key      its own documents only; another principal's document is 404 not_found (existence not revealed).
//                Admin keys (and the bootstrap KG_API_TOKEN) are operators: they reach every document by id.
//                Write access needs the write scope (a read-only key on its own document: 403 forbidden).
//   open mode    anyone reads by id; changing a document needs its write capability (401 unauthorized without it)
//   kgc_ (read)  only its document (404 for any other) and, when pinned, only while the document is at that
//                revision (404 once it moved on); its signature must verify against the document's current
//                secret (401 after a rotation, or when its document is gone); never writes (403 forbidden)
//   kgw_ (write) open mode only: its document only (404 for any other or a removed one); its hash must match the
//                document row (401 otherwise)
import type { Hono, MiddlewareHandler } from 'hono';
import { capabilityServerSecret, matchesWriteCapability, scopeAllows, verifyCapability } from '../../core/access';
import { KgError } from '../../core/errors';
import { isDocumentId } from '../../core/ids';
import { findDocumentRow, findDocumentRowAnyState, type DocumentRow } from '../../storage/document-rows';
import type { AppEnv } from '../lib/http';
import type { Principal } from '../lib/principal';
import { taskRow } from '../services/tasks';
import { REVISION_TASK_KINDS } from '../../core/schema';

export type Need = 'read' | 'write';

const notFound = () => new KgError('not_found', 'No such document.');
const capabilityRefused = () =>
  new KgError('unauthorized', {
    en: 'The capability is not valid (expired, revoked or for a removed document).',
    zh: '访问凭证无效（已过期、已撤销或文档已删除）。',
  });

/**
 * `includeDeleted`: a soft-deleted document is found too (the restore route only); every other route finds none,
 * with the same answer as for a document that never was.
 */
export async function authorizeDocument(
  env: Env,
  principal: Principal,
  documentId: string,
  need: Need,
  includeDeleted = false,
): Promise<DocumentRow> {
  const find = includeDeleted ? findDocumentRowAnyState : findDocumentRow;
  const grant = principal.grant;
  if (grant) {
    if (grant.documentId !== documentId) throw notFound();
    const row = await find(env, documentId);
    if (grant.kind === 'read') {
      const keys = {
        serverSecret: capabilityServerSecret(env.KG_CAPABILITY_SECRET),
        documentSecret: row?.capabilitySecret ?? '',
      };
      if (!row?.capabilitySecret || (await verifyCapability(grant.capability, keys, Date.now())) !== 'valid')
        throw capabilityRefused();
      if (need === 'write')
        throw new KgError('forbidden', {
          en: 'A read capability cannot change a document.',
          zh: '只读凭证不能修改文档。',
        });
      if (grant.revision !== undefined && grant.revision !== row.revision) {
        throw new KgError(
          'not_found',
          `This capability reads revision ${grant.revision}; the document is now at revision ${row.revision}.`,
        );
      }
      return row;
    }
    // Open mode only (principals.ts), where any id can be read anyway: a removed document is simply 404.
    if (!row) throw notFound();
    if (!(await matchesWriteCapability(grant.token, row.writeCapabilityHash))) throw capabilityRefused();
    return row;
  }
  if (!isDocumentId(documentId)) throw notFound();
  if (principal.via === 'public') throw new KgError('unauthorized');
  const row = await find(env, documentId);
  if (!row) throw notFound();
  if (principal.via === 'open') {
    if (need === 'read') return row;
    throw new KgError('unauthorized', {
      en: 'Changing a document needs its write capability (Authorization: Bearer kgw_…, returned when it was created).',
      zh: '修改文档需要其写入凭证（创建文档时返回）。',
    });
  }
  if (row.owner !== principal.id && !principal.scopes.includes('admin')) throw notFound();
  if (!scopeAllows(principal.scopes, need))
    throw new KgError('forbidden', { en: 'This key may only read.', zh: '该密钥只有读取权限。' });
  return row;
}

const needOf = (method: string): Need => (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

/**
 * POST routes that only read the graph (a structured query, a question, an answer, a check report, a fact-check):
 * whoever may read the document may call them, a read capability of an embedding page included. They never change
 * the graph. (Setting a fact-check claim's status, …/fact-check/claims/:id, is a write.)
 */
const READING_POSTS = /^\/api\/documents\/[^/]+\/(query|answers|questions|verify|fact-check)\/?$/;

/** The one route that reaches a soft-deleted document (with write access, as every change). */
const RESTORE = /^\/api\/documents\/[^/]+\/restore\/?$/;

function needOfDocumentRoute(method: string, path: string): Need {
  return method === 'POST' && READING_POSTS.test(path) ? 'read' : needOf(method);
}

function routePattern(path: string): RegExp {
  const segments = path.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * Whether some route serves this method and path. Requests no route serves skip the check, so the API's fallback
 * still answers them 405 (with Allow) or 404 exactly as it would without access control (worker/middleware/method-not-allowed/
 * reads the same route table).
 */
function routeServes(app: Hono<AppEnv>) {
  let table: { method: string; pattern: RegExp }[] | undefined;
  return (method: string, path: string): boolean => {
    table ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, pattern: routePattern(r.path) }));
    const wanted = method === 'HEAD' ? 'GET' : method;
    return table.some((r) => r.method === wanted && r.pattern.test(path));
  };
}

/** Mounted on /api/documents/:id/* (which Hono also matches for /api/documents/:id itself). */
export function documentAccess(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  const serves = routeServes(app);
  return async (c, next) => {
    if (!serves(c.req.method, c.req.path)) return next();
    await authorizeDocument(
      c.env,
      c.get('principal'),
      c.req.param('id') ?? '',
      needOfDocumentRoute(c.req.method, c.req.path),
      c.req.method === 'POST' && RESTORE.test(c.req.path),
    );
    return next();
  };
}

/** Mounted on /api/tasks/:taskId/* (status, cancel, events): the checks of the task's document. */
export function taskAccess(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  const serves = routeServes(app);
  return async (c, next) => {
    if (!serves(c.req.method, c.req.path)) return next();
    const { documentId, kind } = await taskRow(c.env, c.req.param('taskId') ?? '');
    // Cancelling a read-only task (a question, an answer) needs what starting it needed: read access.
    const need = REVISION_TASK_KINDS.includes(kind) ? needOf(c.req.method) : 'read';
    await authorizeDocument(c.env, c.get('principal'), documentId, need).catch((error: unknown) => {
      // A task of a document the caller may not see does not exist for them either.
      if (error instanceof KgError && error.code === 'not_found') throw new KgError('not_found', 'No such task.');
      throw error;
    });
    return next();
  };
}
