// apiFallback on its own: a path some route serves with other methods answers 405 method_not_allowed with Allow
// (HEAD beside GET); any other path is 404 not_found; routes registered after the fallback was created count too.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../lib/http';
import { apiFallback } from '.';

const app = new Hono<AppEnv>();
const fallback = apiFallback(app);
app.get('/api/things/:id', (c) => c.text('thing'));
app.post('/api/things', (c) => c.text('made'));
app.delete('/api/things/:id', (c) => c.text('gone'));
app.all('/api/*', fallback);
const send = (method: string, path: string) => app.request(path, { method }, env);

describe('apiFallback', () => {
  it('answers 405 with the methods of the path in Allow', async () => {
    const res = await send('PATCH', '/api/things/7');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('DELETE, GET, HEAD');
    const body = await res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('method_not_allowed');
    expect(body.error.message).toContain('/api/things/7 allows DELETE, GET, HEAD.');
    expect((await send('GET', '/api/things')).headers.get('allow')).toBe('POST');
  });

  it('answers 404 not_found for a path no route serves', async () => {
    const res = await send('GET', '/api/nothing/here');
    expect(res.status).toBe(404);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe('not_found');
    expect(res.headers.get('allow')).toBeNull();
  });
});
