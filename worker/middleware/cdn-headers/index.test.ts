// cdnHeaders on its own, outside the security headers as worker/app.ts mounts it: the versioned CDN file is cached
// for a year as immutable and loadable from any origin (its CORS and CORP win over the same-origin defaults, and no
// Vary on Origin is left); an error keeps the defaults.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../lib/http';
import { securityHeaders } from '../security-headers';
import { CDN_CACHE_CONTROL, cdnHeaders } from '.';

const app = new Hono<AppEnv>()
  .use('/cdn/*', cdnHeaders())
  .use(securityHeaders())
  .get('/cdn/1.0.0/kg-workbench.js', (c) =>
    c.body('export {}', 200, { 'content-type': 'text/javascript', vary: 'Origin' }),
  )
  .get('/cdn/9.9.9/kg-workbench.js', (c) => c.text('missing', 404))
  .get('/page', (c) => c.text('page'));
const get = (path: string) => app.request(path, {}, env);

describe('cdnHeaders', () => {
  it('caches the CDN file for a year as immutable and lets any origin load it', async () => {
    const res = await get('/cdn/1.0.0/kg-workbench.js');
    expect(res.headers.get('cache-control')).toBe(CDN_CACHE_CONTROL);
    expect(CDN_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('vary')).toBeNull();
    // The security headers are still there.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('leaves an error and every path outside /cdn/ with the defaults', async () => {
    const missing = await get('/cdn/9.9.9/kg-workbench.js');
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('access-control-allow-origin')).toBeNull();
    const page = await get('/page');
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});
