// /api/keys: API keys with scopes, for admins only (the bootstrap KG_API_TOKEN or a key with the admin scope).
// The key itself is in the creation answer only; the database keeps its hash.
import { Hono } from 'hono';
import { z } from 'zod';
import { SCOPES } from '../../core/access';
import { KgError } from '../../core/errors';
import { readJson, type AppEnv } from '../lib/http';
import { labelField } from '../lib/request-fields';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-key-store';
import { canManageKeys } from '../auth/principals';

export const CreateBody = z.strictObject({
  label: labelField(100),
  scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
});

export const keyRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    const principal = c.get('principal');
    if (!canManageKeys(principal)) {
      if (principal.via === 'open' || principal.via === 'public')
        throw new KgError('unauthorized', 'Managing keys needs an admin key.');
      throw new KgError('forbidden', { en: 'Managing keys needs the admin scope.', zh: '管理密钥需要管理员权限。' });
    }
    return next();
  })
  .post('/', async (c) => {
    const body = await readJson(c, CreateBody, 4096);
    return c.json(await createApiKey(c.env, body.label, body.scopes), 201);
  })
  .get('/', async (c) => c.json({ items: await listApiKeys(c.env) }))
  .delete('/:id', async (c) => c.json({ revoked: true, ...(await revokeApiKey(c.env, c.req.param('id'))) }));
