// resolvePrincipal on its own: who the caller is, on every /api request. Open mode (no KG_API_TOKEN) lets everyone in
// as `open` but refuses a token that is not valid; with KG_API_TOKEN, no token or a wrong one is a typed 401 with a
// challenge, the token is the bootstrap admin, the health check and preflights are public, and the task feed takes
// its token as a WebSocket subprotocol.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { FEED_BEARER_PREFIX } from '../../../core/schema/task-feed';
import { toErrorResponse, type AppEnv } from '../../lib/http';
import { resolvePrincipal } from '.';

const app = new Hono<AppEnv>()
  .use('/api/*', resolvePrincipal())
  .on(['GET', 'OPTIONS'], '/api/*', (c) => c.json({ via: c.get('principal').via, id: c.get('principal').id }))
  .onError((error, c) => toErrorResponse(c, error));
const TOKEN = 'boot-token';
const send = (path: string, init: RequestInit = {}, vars: Partial<Env> = {}) =>
  app.request(path, init, { ...env, ...vars });
const keyed = { KG_API_TOKEN: TOKEN };
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const via = async (res: Response) => (await res.json<{ via: string }>()).via;
const subprotocol = (token: string) =>
  `${FEED_BEARER_PREFIX}${btoa(token).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;

describe('resolvePrincipal', () => {
  it('open mode: everyone is `open`, but a token that is sent must be valid', async () => {
    expect(await via(await send('/api/models'))).toBe('open');
    const wrong = await send('/api/models', bearer('nobody'));
    expect(wrong.status).toBe(401);
    expect((await wrong.json<{ error: { code: string } }>()).error.code).toBe('unauthorized');
  });

  it('with KG_API_TOKEN: no token or a wrong one is 401 with a challenge; the token is the bootstrap admin', async () => {
    for (const init of [{}, bearer('wrong'), { headers: { authorization: 'Basic abc' } }]) {
      const res = await send('/api/models', init, keyed);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe('unauthorized');
    }
    const admin = await send('/api/models', bearer(TOKEN), keyed);
    expect(await admin.json()).toEqual({ via: 'api-token', id: 'bootstrap-admin' });
  });

  it('with KG_API_TOKEN: the health check and CORS preflights are public', async () => {
    expect(await via(await send('/api/health', {}, keyed))).toBe('public');
    expect(await via(await send('/api/models', { method: 'OPTIONS' }, keyed))).toBe('public');
  });

  it('takes the token as a subprotocol on the task feed only', async () => {
    const upgrade = (token: string) => ({
      headers: { upgrade: 'websocket', 'sec-websocket-protocol': `kg.feed, ${subprotocol(token)}` },
    });
    expect(await via(await send('/api/tasks/t1/events', upgrade(TOKEN), keyed))).toBe('api-token');
    expect((await send('/api/tasks/t1/events', upgrade('wrong'), keyed)).status).toBe(401);
    expect((await send('/api/models', upgrade(TOKEN), keyed)).status).toBe(401);
  });
});
