// Who may create a document (POST /api/documents, POST /api/traces), in one place for both routes. A principal bound
// to one document cannot; in open mode (no key configured: everyone may write) a browser page may only create from
// the Worker's own origin or an origin the operator listed by name, so a docs site that embeds the tag cannot be
// used by its visitors to fill the author's Worker. Programs that send no Origin (the CLI, curl, agents) keep
// working; `KG_CORS_ORIGINS=*` lets any page read, not write.
import type { Context } from 'hono';
import { KgError } from '../../core/errors';
import type { AppEnv } from '../lib/http';
import { corsOrigins } from '../middleware/cors';
import { extensionOrigins } from '../middleware/extension-origins';
import { canCreateDocuments } from './principals';

/** Whether an open-mode request from `origin` may create documents on the Worker at `selfOrigin`. */
export function openModeMayCreateFrom(env: Env, origin: string | undefined, selfOrigin: string): boolean {
  if (!origin) return true;
  const o = origin.replace(/\/+$/, '').toLowerCase();
  if (o === selfOrigin.toLowerCase()) return true;
  const named = corsOrigins(env)
    .filter((x) => x !== '*')
    .map((x) => x.replace(/\/+$/, '').toLowerCase());
  return named.includes(o) || extensionOrigins(env).includes(o);
}

/** Throws `forbidden` unless the caller may create documents from where it calls. */
export function assertMayCreateDocuments(c: Context<AppEnv>): void {
  const principal = c.get('principal');
  if (!canCreateDocuments(principal))
    throw new KgError('forbidden', { en: 'This credential cannot create documents.', zh: '该凭证不能创建文档。' });
  if (principal.via === 'open' && !openModeMayCreateFrom(c.env, c.req.header('origin'), new URL(c.req.url).origin))
    throw new KgError('forbidden', {
      en: 'This server creates documents only from its own pages or from an origin named in KG_CORS_ORIGINS; this page is read-only here.',
      zh: '此服务器只接受它自己的页面或 KG_CORS_ORIGINS 中列出的来源创建文档；此页面在这里只能阅读。',
    });
}
