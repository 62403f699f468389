// securityHeaders on its own: the CSP and the other headers on every answer, framing from KG_FRAME_ANCESTORS (fail
// closed on a bad value), no-store on API answers and on errors only, CORP cross-origin only with CORS origins, and
// answers with immutable headers (from a binding) copied rather than left bare.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../lib/http';
import { securityHeaders } from '.';

const app = new Hono<AppEnv>()
  .use(securityHeaders())
  .get('/api/thing', (c) => c.json({ ok: true }))
  .get('/page', (c) => c.text('page'))
  .get('/missing', (c) => c.text('no', 404))
  .get('/redirect', () => Response.redirect('http://kg.test/page', 302));
const get = (path: string, vars: Partial<Env> = {}) => app.request(path, {}, { ...env, ...vars });

describe('securityHeaders', () => {
  it('sets the CSP, nosniff, referrer and permissions policies on every answer', async () => {
    for (const path of ['/api/thing', '/page', '/missing']) {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("style-src 'self';");
      expect(csp, path).toContain("style-src-attr 'unsafe-inline'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("worker-src 'self' blob:");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  it("frames only from 'self' by default, from KG_FRAME_ANCESTORS when set, and from nowhere when it is malformed", async () => {
    const byDefault = await get('/page');
    expect(byDefault.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(byDefault.headers.get('x-frame-options')).toBe('SAMEORIGIN');

    const listed = await get('/page', { KG_FRAME_ANCESTORS: "'self' https://embed.example" });
    expect(listed.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://embed.example");
    // X-Frame-Options cannot say a list: it is left out rather than contradict the CSP.
    expect(listed.headers.get('x-frame-options')).toBeNull();

    const injected = await get('/page', { KG_FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" });
    expect(injected.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(injected.headers.get('content-security-policy')).not.toContain("script-src 'unsafe-inline'");
    expect(injected.headers.get('x-frame-options')).toBe('DENY');
  });

  it('marks API answers and errors no-store, and leaves the caching of static files alone', async () => {
    expect((await get('/api/thing')).headers.get('cache-control')).toBe('no-store');
    expect((await get('/missing')).headers.get('cache-control')).toBe('no-store');
    expect((await get('/page')).headers.get('cache-control')).toBeNull();
  });

  it('lets other origins load static files only when CORS origins are configured', async () => {
    expect((await get('/page')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const open = await get('/page', { KG_CORS_ORIGINS: 'https://a.example' });
    expect(open.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('copies an answer whose headers are immutable instead of sending it without headers', async () => {
    const res = await get('/redirect');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://kg.test/page');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
