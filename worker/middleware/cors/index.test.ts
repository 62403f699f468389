// corsFromConfig on its own: no CORS headers unless KG_CORS_ORIGINS lists the origin (or "*"); a listed origin's
// preflight allows the API's methods and headers (X-KG-Capabilities included) and actual answers expose Retry-After.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../lib/http';
import { corsFromConfig, corsOrigins } from '.';

const app = new Hono<AppEnv>().use(corsFromConfig()).get('/api/models', (c) => c.json({ ok: true }));
const send = (origins: string | undefined, origin: string, init: RequestInit = {}) =>
  app.request(
    '/api/models',
    { ...init, headers: { origin, ...(init.headers as Record<string, string>) } },
    { ...env, KG_CORS_ORIGINS: origins },
  );
const preflight = { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } };

describe('corsFromConfig', () => {
  it('sends no CORS headers when no origin is configured', async () => {
    const res = await send('', 'https://a.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows a listed origin, with the API methods, headers and exposed headers, and no other origin', async () => {
    const origins = ' https://a.example , https://b.example ';
    expect(corsOrigins({ ...env, KG_CORS_ORIGINS: origins })).toEqual(['https://a.example', 'https://b.example']);
    const pre = await send(origins, 'https://b.example', preflight);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://b.example');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET,HEAD,POST,DELETE,OPTIONS');
    expect(pre.headers.get('access-control-allow-headers')).toBe('Content-Type,Authorization,X-KG-Capabilities');
    expect(pre.headers.get('access-control-max-age')).toBe('600');
    const res = await send(origins, 'https://a.example');
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Disposition,X-KG-Layout-Cache,Retry-After');
    expect((await send(origins, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows every origin with "*"', async () => {
    expect((await send('*', 'https://any.example')).headers.get('access-control-allow-origin')).toBe('*');
  });
});
