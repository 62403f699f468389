// HTTP hardening (issue 10): security headers on every answer (API, errors, static assets), no-store on API answers
// and errors, 405 with Allow, a typed 414, body limits refused before the body is read, the bearer token on the
// WebSocket route, and error messages entirely in the reader's language.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { securityHeaders } from '../../worker/middleware/security-headers';
import type { AppEnv } from '../../worker/lib/http';

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const send = async (request: Request, vars: Partial<Env> = {}): Promise<Response> =>
  app.fetch(request, { ...env, ...vars }, ctx);
const get = (path: string, init: RequestInit = {}, vars: Partial<Env> = {}) =>
  send(new Request(`http://kg.test${path}`, init), vars);

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  try {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toMatch(/style-src(-elem)? [^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toMatch(/frame-ancestors [^;]+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  } catch (error) {
    throw new Error(`${what} (${res.status}): ${(error as Error).message}`);
  }
}

describe('security headers on every response', () => {
  it('API answers and every kind of error carry them, with Cache-Control: no-store', async () => {
    const cases: Array<[string, Promise<Response>]> = [
      ['health', get('/api/health')],
      ['unknown route', get('/api/nope')],
      [
        'bad JSON',
        get('/api/documents', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }),
      ],
      ['bad query', get('/api/documents?limit=abc')],
      ['unknown document', get('/api/documents/00000000-0000-4000-8000-000000000000')],
      ['unauthorized', get('/api/models', {}, { KG_API_TOKEN: 's3cret' })],
      ['authorized', get('/api/models', { headers: { authorization: 'Bearer s3cret' } }, { KG_API_TOKEN: 's3cret' })],
      ['method not allowed', get('/api/documents', { method: 'PUT' })],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expectSecurityHeaders(res, what);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });

  it('static assets served through the assets binding carry them too', async () => {
    for (const path of ['/', '/kg-workbench.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res, path);
      await res.arrayBuffer();
    }
  });

  it('frame-ancestors comes from KG_FRAME_ANCESTORS (default self), so framing is a choice', async () => {
    const byDefault = await get('/api/health');
    expect(byDefault.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(byDefault.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const chosen = await get('/api/health', {}, { KG_FRAME_ANCESTORS: "'self' https://docs.example" } as Partial<Env>);
    expect(chosen.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://docs.example");
    // X-Frame-Options cannot express a list; browsers that know frame-ancestors ignore it, so it is left out.
    expect(chosen.headers.get('x-frame-options')).toBeNull();
    // A value that would inject another directive is not used as is.
    const injected = await get('/api/health', {}, {
      KG_FRAME_ANCESTORS: "*; script-src 'unsafe-inline'",
    } as Partial<Env>);
    const refused = injected.headers.get('content-security-policy') ?? '';
    expect(refused).toContain("frame-ancestors 'none'");
    expect(refused).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('a WebSocket upgrade (101) is left untouched', async () => {
    const mini = new Hono<AppEnv>();
    mini.use(securityHeaders());
    mini.get('/ws', () => {
      const pair = new WebSocketPair();
      pair[1].accept();
      return new Response(null, { status: 101, webSocket: pair[0] });
    });
    const res = await mini.fetch(new Request('http://kg.test/ws', { headers: { upgrade: 'websocket' } }), env, ctx);
    expect(res.status).toBe(101);
    expect(res.webSocket).not.toBeNull();
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('cache-control')).toBeNull();
    res.webSocket?.accept();
    res.webSocket?.close();
  });
});

describe('methods and URL length', () => {
  it('unknown methods on known routes answer 405 with Allow; unknown paths stay 404', async () => {
    const expect405 = async (method: string, path: string, allowed: string[]) => {
      const res = await get(path, { method });
      const body = (await res.json()) as { error: { code: string } };
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(body.error.code).toBe('method_not_allowed');
      const allow = (res.headers.get('allow') ?? '').split(/,\s*/).sort();
      expect(allow, `${method} ${path}`).toEqual([...allowed].sort());
    };
    await expect405('PUT', '/api/documents', ['GET', 'HEAD', 'POST']);
    await expect405('PATCH', '/api/documents/abc', ['GET', 'HEAD', 'DELETE']);
    await expect405('GET', '/api/documents/abc/append', ['POST']);
    await expect405('DELETE', '/api/layout', ['POST']);
    await expect405('POST', '/api/health', ['GET', 'HEAD']);
    const missing = await get('/api/documents/abc/nothing-here');
    expect(missing.status).toBe(404);
  });

  it('URLs over 8 KiB answer a typed 414; a 600-character CJK search still fits', async () => {
    const long = await get(`/api/documents?pad=${'x'.repeat(8200)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toMatchObject({ error: { code: 'uri_too_long' } });
    expectSecurityHeaders(long, '414');
    const cjk = encodeURIComponent('图'.repeat(600));
    const search = await get(`/api/documents/00000000-0000-4000-8000-000000000000/graph?q=${cjk}`);
    expect(search.status).toBe(404); // the route ran (unknown document), the URL was not refused
  });
});

describe('body limits (bytes, refused before the body is read)', () => {
  it('stops reading a streamed body as soon as it passes the limit and answers 413 input_too_large', async () => {
    const chunk = new Uint8Array(1 << 20).fill(0x20); // 1 MiB of spaces
    let pulled = 0;
    const total = 64; // 64 MiB offered, far past the ~29 MB creation body limit (a text, or 16 MiB of images as base64)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await get('/api/documents', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'input_too_large' } });
    expect(pulled).toBeLessThan(total / 2);
  });

  it('counts bytes, not characters: 2.1 M CJK characters (6.3 MB) are refused', async () => {
    const text = '图'.repeat(2_100_000);
    const res = await get('/api/documents', {
      method: 'POST',
      body: JSON.stringify({ text }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'input_too_large' } });
  });

  it('small routes take small bodies', async () => {
    const res = await get('/api/tasks/task_x/cancel', {
      method: 'POST',
      body: 'x'.repeat(100_000),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
  });
});

describe('principal and bearer token', () => {
  const vars = { KG_API_TOKEN: 's3cret' };
  const events = (protocol: string) =>
    get(
      '/api/tasks/task_missing/events',
      { headers: { upgrade: 'websocket', 'sec-websocket-protocol': protocol } },
      vars,
    );

  // The subprotocol carries the token's UTF-8 bytes in base64url (core/schema/task-feed.ts).
  const b64url = (token: string) => btoa(token).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

  it('accepts the token as the kg.bearer.<base64url> WebSocket subprotocol on the task events route only', async () => {
    expect((await events(`kg.bearer.${b64url('s3cret')}`)).status).not.toBe(401);
    expect((await events(`kg.v1, kg.bearer.${b64url('s3cret')}`)).status).not.toBe(401);
    expect((await events(`kg.v1, kg.bearer.${b64url('wrong')}`)).status).toBe(401);
    expect((await events('kg.v1')).status).toBe(401);
    const elsewhere = await get(
      '/api/models',
      { headers: { upgrade: 'websocket', 'sec-websocket-protocol': `kg.bearer.${b64url('s3cret')}` } },
      vars,
    );
    expect(elsewhere.status).toBe(401);
  });

  it('answers 401 with the typed envelope and a WWW-Authenticate challenge', async () => {
    for (const authorization of ['', 'Basic czNjcmV0', 'Bearer wrong', 'Bearer s3cret extra']) {
      const res = await get('/api/models', { headers: authorization ? { authorization } : {} }, vars);
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });
});

describe('every error message in one language', () => {
  const json = { 'content-type': 'application/json' };
  const requests: Array<[string, string, RequestInit]> = [
    ['bad JSON', '/api/documents', { method: 'POST', body: '{', headers: json }],
    ['not JSON', '/api/documents', { method: 'POST', body: 'text', headers: { 'content-type': 'text/plain' } }],
    ['unknown field', '/api/documents', { method: 'POST', body: '{"text":"a","colour":1}', headers: json }],
    ['wrong type', '/api/documents', { method: 'POST', body: '{"text":42}', headers: json }],
    ['bad limit', '/api/documents?limit=abc', {}],
    ['limit out of range', '/api/documents?limit=1000', {}],
    ['no route', '/api/nope', {}],
    ['405', '/api/documents', { method: 'PUT' }],
    ['414', `/api/health?pad=${'x'.repeat(9000)}`, {}],
    ['413', '/api/tasks/t/cancel', { method: 'POST', body: 'x'.repeat(100_000) }],
    ['empty text', '/api/documents', { method: 'POST', body: '{"text":"\\u200b"}', headers: json }],
  ];
  const inLanguage = (path: string, init: RequestInit, language: string) =>
    get(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'accept-language': language } });

  it('zh readers get no English detail; en readers get no Chinese', async () => {
    for (const [what, path, init] of requests) {
      const zh = (await (await inLanguage(path, init, 'zh-CN,zh;q=0.9')).json()) as { error: { message: string } };
      expect(zh.error.message, what).toMatch(/[\u4e00-\u9fff]/);
      expect(zh.error.message, `${what}: ${zh.error.message}`).not.toMatch(/[a-z]{2,}/);
      const en = (await (await inLanguage(path, init, 'en-US')).json()) as { error: { message: string } };
      expect(en.error.message, `${what}: ${en.error.message}`).not.toMatch(/[\u3000-\u9fff]/);
    }
  });
});
