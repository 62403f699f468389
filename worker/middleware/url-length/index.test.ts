// limitUrlLength on its own: a URL of MAX_URL_BYTES passes, one byte more is a typed 414 in the reader's language,
// and the length is counted in bytes of the serialised URL (percent-encoded CJK counts 9 bytes a character).
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { toErrorResponse, type AppEnv } from '../../lib/http';
import { MAX_URL_BYTES, limitUrlLength } from '.';

const app = new Hono<AppEnv>()
  .use(limitUrlLength())
  .get('/api/search', (c) => c.json({ ok: true }))
  .onError((error, c) => toErrorResponse(c, error));
const BASE = 'http://kg.test/api/search?q=';
const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers }, env);

describe('limitUrlLength', () => {
  it('accepts a URL of exactly MAX_URL_BYTES and refuses one byte more with 414 uri_too_long', async () => {
    expect(MAX_URL_BYTES).toBe(8 * 1024);
    const fits = `${BASE}${'a'.repeat(MAX_URL_BYTES - BASE.length)}`;
    expect((await get(fits)).status).toBe(200);
    const res = await get(`${fits}a`);
    expect(res.status).toBe(414);
    const body = await res.json<{ error: { code: string; message: string } }>();
    expect(body.error.code).toBe('uri_too_long');
    expect(body.error.message).toContain(`the limit is ${MAX_URL_BYTES}`);
    const zh = await get(`${fits}a`, { 'accept-language': 'zh-CN' });
    expect((await zh.json<{ error: { message: string } }>()).error.message).toContain('上限为');
  });

  it('counts percent-encoded bytes: 600 CJK characters fit, 1000 do not', async () => {
    expect((await get(`${BASE}${encodeURIComponent('知'.repeat(600))}`)).status).toBe(200);
    expect((await get(`${BASE}${encodeURIComponent('知'.repeat(1000))}`)).status).toBe(414);
  });

  it('takes its limit as an option', async () => {
    const strict = new Hono<AppEnv>().use(limitUrlLength({ maxBytes: 40 })).get('/a', (c) => c.text('ok'));
    expect((await strict.request('http://kg.test/a', {}, env)).status).toBe(200);
    expect((await strict.request(`http://kg.test/a?${'x'.repeat(40)}`, {}, env)).status).toBe(414);
  });
});
